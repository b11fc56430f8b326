//! The billing e-mails, queued in the transaction that decided them and sent
//! by the job worker, which renders them from the rows as they are then.
use super::money;
use crate::mail::templates::{billing_mail, BillingFacts, Brand};
use crate::mail::Mailer;
use crate::persistence::entities::{charge, subscription, user};
use crate::services::accounts::users;
use crate::services::job_queue::{self, JobKind};
use crate::services::{Cx, ServiceError};
use app_core::i18n::Locale;
use app_core::model::billing::MethodChoice;
use app_core::routes::{href, Page};
use sea_orm::{ConnectionTrait, EntityTrait};
use serde::{Deserialize, Serialize};

/// Which billing e-mail: the template's own list.
pub use crate::mail::templates::BillingMailText as BillingMailKind;

/// The job: which mail, for whom, about which charge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BillingMail {
    pub kind: BillingMailKind,
    pub user_id: i64,
    pub subscription_id: i64,
    pub charge_id: Option<i64>,
}

impl JobKind for BillingMail {
    const KIND: &'static str = "billing_mail";
}

/// Queues a billing e-mail due at `run_at`.
///
/// # Errors
/// A database error.
pub async fn queue(
    db: &impl ConnectionTrait,
    mail: BillingMail,
    run_at: i64,
    now: i64,
) -> Result<(), ServiceError> {
    job_queue::enqueue_at(db, &mail, run_at, now).await
}

/// The rows a billing e-mail is rendered from, as they are now.
struct Rows {
    member: user::Model,
    sub: subscription::Model,
    charge: Option<charge::Model>,
}

/// The job's rows; `None` when the member or subscription is gone.
async fn rows(cx: &Cx, job: &BillingMail) -> Result<Option<Rows>, ServiceError> {
    let Some(member) = user::Entity::find_by_id(job.user_id).one(&cx.db).await? else {
        return Ok(None);
    };
    let Some(sub) = subscription::Entity::find_by_id(job.subscription_id)
        .one(&cx.db)
        .await?
    else {
        return Ok(None);
    };
    let charge = match job.charge_id {
        Some(id) => charge::Entity::find_by_id(id).one(&cx.db).await?,
        None => None,
    };
    Ok(Some(Rows {
        member,
        sub,
        charge,
    }))
}

/// What the template says: amounts, dates and links of the member's locale.
fn facts(cx: &Cx, job: &BillingMail, rows: &Rows, locale: Locale) -> BillingFacts {
    let (member, sub, charge) = (&rows.member, &rows.sub, rows.charge.as_ref());
    let base = &cx.config.public_base_url;
    let date = app_core::dates::format_utc_date;
    let next_date = match job.kind {
        BillingMailKind::RenewalFailed => date(
            sub.next_attempt_at
                .unwrap_or(cx.now + cx.config.payments.renewal_retry_ms),
        ),
        BillingMailKind::RenewalLinkOverdue => date(
            sub.current_period_end + super::dunning::grace_ms(cx.config.payments.renewal_retry_ms),
        ),
        _ => date(sub.current_period_end),
    };
    // The pay-link mails open "Renew now" on the billing page.
    let anchor = match job.kind {
        BillingMailKind::RenewalLink | BillingMailKind::RenewalLinkOverdue => "#billing-renew",
        _ => "",
    };
    let new_account = member.password_hash == users::NO_PASSWORD;
    let set_password = job.kind == BillingMailKind::Welcome && new_account;
    BillingFacts {
        amount: charge
            .map(|c| money::text(c.amount_minor, &c.currency, c.currency_exponent))
            .unwrap_or_default(),
        price: money::text(sub.price_minor, &sub.currency, sub.currency_exponent),
        weekly: sub.cycle == "week",
        receipt: charge.map(|c| c.receipt_no.clone()).unwrap_or_default(),
        charged_on: charge
            .map(|c| date(c.settled_at.unwrap_or(c.created_at)))
            .unwrap_or_default(),
        next_date,
        billing_url: format!("{base}{}{anchor}", href(locale, Page::Billing)),
        by_link: MethodChoice::parse(&sub.method).is_some_and(MethodChoice::renews_with_payer),
        set_password_url: set_password.then(|| {
            format!(
                "{base}{}?email={}",
                href(locale, Page::ResetPassword),
                app_core::api::encode(&member.email)
            )
        }),
    }
}

/// Runs a [`BillingMail`] job: renders it from the rows as they are now.
///
/// # Errors
/// A database error; a mail that could not be sent.
pub async fn send(
    cx: &Cx,
    mailer: &Mailer,
    brand: &Brand,
    job: &BillingMail,
) -> Result<(), ServiceError> {
    let Some(rows) = rows(cx, job).await? else {
        return Ok(());
    };
    let locale = Locale::from_code(&rows.member.locale).unwrap_or_default();
    let facts = facts(cx, job, &rows, locale);
    mailer
        .send(billing_mail(
            job.kind,
            locale,
            &rows.member.email,
            &facts,
            brand,
        ))
        .await
        .map_err(|e| {
            tracing::error!(error = %e, "billing e-mail not sent");
            ServiceError::Busy {
                retry_after_secs: 60,
            }
        })
}
