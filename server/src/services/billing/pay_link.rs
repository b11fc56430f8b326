//! Renewal by pay link, for wallets that cannot be charged without the
//! payer ([`MethodChoice::renews_with_payer`]: GrabPay, Maya, QRIS, OVO,
//! ShopeePay, GoPay). The server never charges such a subscription on its
//! own; a renewal that silently never happens is impossible by design:
//!
//! 1. `RENEWAL_LINK_LEAD_HOURS` (72 h) before the period ends the member
//!    gets one e-mail with a link to "Renew now" on the billing page, which
//!    states the amount and the date. One `renewal_links` row per period,
//!    inserted in the transaction that queues the mail: the link goes out
//!    once per period however often the job runs.
//! 2. "Renew now" ([`super::renew_now`]) asks for exactly the fields the wallet needs on each
//!    payment (the name prefilled from the last one; the ID document every
//!    time, never stored) and starts a REDIRECT payment of exactly the next
//!    period at the subscription's renewal price, under that period's
//!    charge row and a new attempt key. The provider's confirmation is
//!    applied like every renewal (deduplicated by event id, in the event's
//!    transaction: [`super::events`]), so the period moves once.
//! 3. A period that ends unpaid goes past due exactly like a declined card
//!    renewal: access stops with the paid time, one mail says how to renew,
//!    and the dunning schedule ([`dunning::grace_ms`]) is the grace in
//!    which one tap still renews; then the subscription ends.
use super::attempts::Round;
use super::mails::{self, BillingMail, BillingMailKind};
use super::{dunning, money, status};
use crate::persistence::entities::{renewal_link as link, subscription as sub};
use crate::services::{Cx, ServiceError};
use app_core::model::billing::{MethodChoice, RenewalDue, SubscriptionState};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder,
    TransactionTrait,
};

/// Whether a subscription paid with `method` renews by pay link.
pub fn needs_payer(method: &str) -> bool {
    MethodChoice::parse(method).is_some_and(MethodChoice::renews_with_payer)
}

fn payer_methods() -> Vec<&'static str> {
    MethodChoice::ALL
        .into_iter()
        .filter(|m| m.renews_with_payer())
        .map(MethodChoice::as_str)
        .collect()
}

/// Whether the member can pay `s`'s next period now: it renews by pay
/// link, is not cancelled, and its period ends within the lead time (or
/// has ended, in the grace of past due).
pub fn is_due(cx: &Cx, s: &sub::Model) -> bool {
    needs_payer(&s.method)
        && !s.cancel_at_period_end
        && status::parse(&s.status) != SubscriptionState::Canceled
        && cx.now >= s.current_period_end - cx.config.payments.renewal_link_lead_ms
}

/// Queues the pay-link e-mail of every period that is due and has none;
/// returns how many went out.
///
/// # Errors
/// A database error.
pub async fn send_due(cx: &Cx) -> Result<usize, ServiceError> {
    let lead = cx.config.payments.renewal_link_lead_ms;
    let due = sub::Entity::find()
        .filter(sub::Column::Status.is_in(status::LIVE))
        .filter(sub::Column::CancelAtPeriodEnd.eq(false))
        .filter(sub::Column::Method.is_in(payer_methods()))
        .filter(sub::Column::CurrentPeriodEnd.lte(cx.now + lead))
        .all(&cx.db)
        .await?;
    let mut sent = 0;
    for s in due {
        let txn = cx.db.begin().await?;
        if open_link(&txn, &s, cx.now).await? {
            let mail = mail(BillingMailKind::RenewalLink, &s);
            mails::queue(&txn, mail, cx.now, cx.now).await?;
            txn.commit().await?;
            sent += 1;
        }
    }
    Ok(sent)
}

/// The link row of `s`'s next period; true when this call inserted it.
pub(super) async fn open_link(
    db: &impl ConnectionTrait,
    s: &sub::Model,
    now: i64,
) -> Result<bool, ServiceError> {
    let row = link::ActiveModel {
        subscription_id: Set(s.id),
        period_index: Set(s.period_index + 1),
        user_id: Set(s.user_id),
        payer_name: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    };
    let conflict = OnConflict::columns([link::Column::SubscriptionId, link::Column::PeriodIndex])
        .do_nothing()
        .to_owned();
    let inserted = link::Entity::insert(row)
        .on_conflict(conflict)
        .exec_without_returning(db)
        .await?;
    Ok(inserted == 1)
}

/// A due period of a pay-link subscription that ended unpaid: past due
/// (one mail, on entering it), looked at again each settlement day, ended
/// once the dunning schedule is over.
///
/// # Errors
/// A database error.
pub async fn lapse(cx: &Cx, s: &sub::Model, round: &mut Round) -> Result<(), ServiceError> {
    let last = grace_end(cx, s);
    if cx.now >= last {
        let to = SubscriptionState::Canceled;
        let ended = status::transition(&cx.db, s.id, Some(s.period_index), to, vec![], cx.now);
        round.ended += usize::from(ended.await?);
        return Ok(());
    }
    let retry_at = (cx.now + renewal_retry(cx)).min(last);
    let moves = vec![(sub::Column::NextAttemptAt, Expr::value(retry_at))];
    let entering = status::parse(&s.status) != SubscriptionState::PastDue;
    let txn = cx.db.begin().await?;
    let to = SubscriptionState::PastDue;
    if status::transition(&txn, s.id, Some(s.period_index), to, moves, cx.now).await? && entering {
        let mail = mail(BillingMailKind::RenewalLinkOverdue, s);
        mails::queue(&txn, mail, cx.now, cx.now).await?;
        round.declined += 1;
    }
    txn.commit().await?;
    Ok(())
}

fn renewal_retry(cx: &Cx) -> i64 {
    cx.config.payments.renewal_retry_ms
}

/// The last day a past-due pay-link subscription can still be renewed.
pub fn grace_end(cx: &Cx, s: &sub::Model) -> i64 {
    s.current_period_end + dunning::grace_ms(renewal_retry(cx))
}

fn mail(kind: BillingMailKind, s: &sub::Model) -> BillingMail {
    BillingMail {
        kind,
        user_id: s.user_id,
        subscription_id: s.id,
        charge_id: None,
    }
}

/// What the billing page offers for `s`: the renewal to pay now, if due.
///
/// # Errors
/// A database error.
pub async fn renewal_due(cx: &Cx, s: &sub::Model) -> Result<Option<RenewalDue>, ServiceError> {
    let Some(method) = MethodChoice::parse(&s.method).filter(|_| is_due(cx, s)) else {
        return Ok(None);
    };
    let last_name = link::Entity::find()
        .filter(link::Column::SubscriptionId.eq(s.id))
        .filter(link::Column::PayerName.is_not_null())
        .order_by_desc(link::Column::PeriodIndex)
        .one(&cx.db)
        .await?
        .and_then(|l| l.payer_name);
    Ok(Some(RenewalDue {
        amount_text: money::text(s.price_minor, &s.currency, s.currency_exponent),
        due_at: s.current_period_end,
        fields: method.fields().to_vec(),
        name: last_name.unwrap_or_default(),
    }))
}
