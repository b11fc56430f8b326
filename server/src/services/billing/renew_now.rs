//! "Renew now": the member pays the next period of a pay-link
//! subscription ([`super::pay_link`]) with a REDIRECT payment of exactly
//! that period at the subscription's renewal price, under the period's
//! charge row and a new attempt key; the wallet's confirmation settles it
//! like any renewal. Only the fields the wallet needs are asked, the name
//! is kept for the next period's form, the ID document never is.
use super::pay_link::{is_due, open_link};
use super::{charges, money};
use crate::payments::{CheckoutRequest, Customer, Gateways, PayerDevice, ProviderKind};
use crate::persistence::entities::{order, renewal_link as link, subscription as sub, user};
use crate::services::accounts::ClientInfo;
use crate::services::{Cx, ServiceError};
use app_core::account::payment_fields::PaymentFormInput;
use app_core::i18n::{Key, Locale};
use app_core::model::billing::MethodChoice;
use app_core::routes::{href, Page};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};

/// What the member typed on "Renew now".
#[derive(Clone, Debug)]
pub struct RenewByLink {
    pub name: String,
    pub document: String,
    pub phone: String,
    pub locale: Locale,
    pub client: ClientInfo,
}

/// Where the member goes to pay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenewStarted {
    pub redirect_url: String,
}

/// "Renew now": starts the wallet's REDIRECT payment of the next period.
///
/// # Errors
/// [`Key::ErrorRenewalNotDue`] when nothing is due; field errors;
/// [`ServiceError::Busy`] while another start of the same period runs;
/// [`ServiceError::Provider`] when the provider refuses or cannot answer
/// (nothing moved: creating a payment takes no money).
pub async fn start(
    cx: &Cx,
    gateways: &Gateways,
    member: &user::Model,
    input: RenewByLink,
) -> Result<RenewStarted, ServiceError> {
    let newest = sub::Entity::find()
        .filter(sub::Column::UserId.eq(member.id))
        .order_by_desc(sub::Column::Id)
        .one(&cx.db)
        .await?;
    let s = newest
        .filter(|s| is_due(cx, s))
        .ok_or(ServiceError::Invalid(Key::ErrorRenewalNotDue))?;
    let method = MethodChoice::parse(&s.method).ok_or(ServiceError::NotFound)?;
    let form = checked_form(member, method, &input)?;
    let gateway = ProviderKind::parse(&s.provider)
        .and_then(|k| gateways.get(k))
        .ok_or(ServiceError::Unavailable(Key::ErrorMethodUnavailable))?;
    let order = order::Entity::find_by_id(s.order_id)
        .one(&cx.db)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let row = charges::open_period(&cx.db, &s, s.period_index + 1, &order.order_no, cx.now).await?;
    let from = [charges::NEW, charges::FAILED, charges::AWAITING_PAYER];
    let key = charges::claim_attempt_from(&cx.db, &row, &from, cx.now)
        .await?
        .ok_or(ServiceError::Busy {
            retry_after_secs: 5,
        })?;
    remember_name(cx, &s, &form.name).await?;
    let request = payment(cx, &s, &order, method, &form, &input, key);
    let answer = gateway.create_checkout(&request).await;
    // Whatever the answer, the period waits for the payer again: creating
    // a payment moves no money, and its confirmation names this period.
    let processing = [charges::PROCESSING];
    charges::set_status(
        &cx.db,
        row.id,
        &processing,
        charges::AWAITING_PAYER,
        vec![],
        cx.now,
    )
    .await?;
    match answer {
        Ok(started) => Ok(RenewStarted {
            redirect_url: started.redirect_url,
        }),
        Err(error) => {
            tracing::warn!(%error, subscription = s.id, "renewal payment not started");
            Err(ServiceError::Provider)
        }
    }
}

/// Exactly the fields the wallet needs, checked as at checkout.
fn checked_form(
    member: &user::Model,
    method: MethodChoice,
    input: &RenewByLink,
) -> Result<PaymentFormInput, ServiceError> {
    let form = PaymentFormInput {
        email: member.email.clone(),
        zip: String::new(),
        name: input.name.trim().to_owned(),
        document: input.document.trim().to_owned(),
        phone: input.phone.trim().to_owned(),
    };
    let errors = form.validate(method);
    if errors.is_empty() {
        Ok(form)
    } else {
        Err(ServiceError::Fields(errors))
    }
}

/// Keeps the name typed for the next period's form.
async fn remember_name(cx: &Cx, s: &sub::Model, name: &str) -> Result<(), ServiceError> {
    open_link(&cx.db, s, cx.now).await?;
    let name = Some(name.to_owned()).filter(|n| !n.is_empty());
    link::Entity::update_many()
        .col_expr(link::Column::PayerName, Expr::value(name))
        .col_expr(link::Column::UpdatedAt, Expr::value(cx.now))
        .filter(link::Column::SubscriptionId.eq(s.id))
        .filter(link::Column::PeriodIndex.eq(s.period_index + 1))
        .exec(&cx.db)
        .await?;
    Ok(())
}

/// The payment of exactly the next period, named by the attempt's key.
fn payment(
    cx: &Cx,
    s: &sub::Model,
    order: &order::Model,
    method: MethodChoice,
    form: &PaymentFormInput,
    input: &RenewByLink,
    key: String,
) -> CheckoutRequest {
    let base = &cx.config.public_base_url;
    let billing = format!("{base}{}", href(input.locale, Page::Billing));
    let price = money::of(s.price_minor, &s.currency, s.currency_exponent);
    let some = |v: &str| Some(v.to_owned()).filter(|v| !v.is_empty());
    // The device paying now (a wallet opens its app on a phone).
    let device = match (&input.client.ip, &input.client.user_agent) {
        (Some(ip), Some(agent)) => Some(PayerDevice {
            ip: ip.to_string(),
            user_agent: agent.chars().take(512).collect(),
        }),
        _ => None,
    };
    CheckoutRequest {
        order_no: key,
        method,
        customer: Customer {
            email: form.email.clone(),
            name: some(&form.name),
            zip: None,
            document: some(&form.document),
            phone: some(&form.phone),
            country: method
                .country()
                .unwrap_or(order.country.as_str())
                .to_owned(),
        },
        locale: input.locale.code().to_owned(),
        first_charge: price.clone(),
        renewal: price,
        cycle: money::cycle(&s.cycle),
        trial_days: 0,
        skips_trial: false,
        plan_id: s.plan_id,
        return_url: format!("{billing}?renewed=1"),
        cancel_url: billing,
        notify_url: format!("{base}/api_f/v1/payments/webhook/{}", s.provider),
        device: device.or_else(|| super::orders::payer_device(order)),
    }
}
