//! Settling a renewal charge, whoever learnt the outcome: the renewal job
//! from the provider's answer, a reconciliation lookup, or a webhook. Each
//! settlement is written on the caller's transaction (the webhook's, with
//! its event row; the job's own otherwise) and its first write is the
//! charge's conditional status move, so a second settlement of the same
//! charge changes nothing.
use super::mails::{self, BillingMail, BillingMailKind};
use super::{charges, money, status};
use crate::persistence::entities::{charge, subscription as sub};
use crate::services::accounts::users;
use crate::services::{Cx, ServiceError};
use app_core::model::billing::SubscriptionState;
use sea_orm::{sea_query::Expr, ConnectionTrait};

pub use super::dunning::MAX_DECLINES;

/// Charge statuses a paid outcome may settle.
const SETTLEABLE: [&str; 7] = [
    charges::NEW,
    charges::AWAITING_PAYER,
    charges::PROCESSING,
    charges::PENDING,
    charges::AWAITING_PROVIDER,
    charges::UNCERTAIN,
    charges::FAILED,
];

/// Why a renewal was refused; it decides what the member is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The bank or wallet said no (funds, limits, fraud checks): the same
    /// method may work on a later day.
    Declined,
    /// The saved method cannot be charged again at all (token missing or
    /// revoked, the provider does not support it, the request refused):
    /// only the member can fix it, by paying another way.
    Impossible,
}

/// The charge of period `period_index + 1` was paid: the next period starts
/// (at the old end, or now after a suspension, so suspended days are not
/// sold twice), access extends, a receipt goes out.
///
/// # Errors
/// A database error.
pub async fn paid(
    db: &impl ConnectionTrait,
    cx: &Cx,
    s: &sub::Model,
    charge: &charge::Model,
    provider_ref: &str,
) -> Result<bool, ServiceError> {
    let extra = vec![
        (charge::Column::ProviderRef, Expr::value(provider_ref)),
        (charge::Column::SettledAt, Expr::value(cx.now)),
    ];
    let to = charges::SUCCEEDED;
    if !charges::set_status(db, charge.id, &SETTLEABLE, to, extra, cx.now).await? {
        return Ok(false);
    }
    if next_period(db, cx, s, charge).await? {
        let receipt = mail(BillingMailKind::Receipt, s, charge);
        mails::queue(db, receipt, cx.now, cx.now).await?;
    } else {
        // Paid for a subscription that ended meanwhile: keep the record,
        // support refunds it (the charge shows in the member's history).
        tracing::error!(
            subscription = s.id,
            charge = charge.id,
            "renewal paid after the subscription ended"
        );
    }
    Ok(true)
}

/// Starts the period `charge` paid for and extends access; false when the
/// subscription ended or moved on meanwhile.
async fn next_period(
    db: &impl ConnectionTrait,
    cx: &Cx,
    s: &sub::Model,
    charge: &charge::Model,
) -> Result<bool, ServiceError> {
    let suspended = status::parse(&s.status) == SubscriptionState::PastDue;
    let start = if suspended {
        cx.now
    } else {
        s.current_period_end
    };
    let end = money::period_end(start, money::cycle(&s.cycle));
    let moves = vec![
        (sub::Column::PeriodIndex, Expr::value(charge.period_index)),
        (sub::Column::CurrentPeriodStart, Expr::value(start)),
        (sub::Column::CurrentPeriodEnd, Expr::value(end)),
        (sub::Column::NextAttemptAt, Expr::value(Option::<i64>::None)),
    ];
    let expected = Some(charge.period_index - 1);
    let to = SubscriptionState::Active;
    if !status::transition(db, s.id, expected, to, moves, cx.now).await? {
        return Ok(false);
    }
    users::add_paid_time(db, s.user_id, end, cx.now).await?;
    Ok(true)
}

/// The renewal was refused: access is suspended (past due) and the same
/// period is tried again on the next settlement day, without charging
/// twice; after [`MAX_DECLINES`] refusals the subscription ends. Entering
/// past due mails the member what happened and how to fix it.
///
/// # Errors
/// A database error.
pub async fn declined(
    db: &impl ConnectionTrait,
    cx: &Cx,
    s: &sub::Model,
    charge: &charge::Model,
    why: Refusal,
) -> Result<bool, ServiceError> {
    let from = [
        charges::PROCESSING,
        charges::PENDING,
        charges::AWAITING_PROVIDER,
        charges::UNCERTAIN,
        charges::NEW,
    ];
    if !charges::set_status(db, charge.id, &from, charges::FAILED, Vec::new(), cx.now).await? {
        return Ok(false);
    }
    let first_failure = status::parse(&s.status) != SubscriptionState::PastDue;
    if charge.attempts - charge.transient_failures >= MAX_DECLINES {
        let to = SubscriptionState::Canceled;
        status::transition(db, s.id, None, to, Vec::new(), cx.now).await?;
    } else {
        let retry_at = cx.now + cx.config.payments.renewal_retry_ms;
        let moves = vec![(sub::Column::NextAttemptAt, Expr::value(retry_at))];
        status::transition(db, s.id, None, SubscriptionState::PastDue, moves, cx.now).await?;
    }
    if first_failure {
        let kind = match why {
            Refusal::Declined => BillingMailKind::RenewalFailed,
            Refusal::Impossible => BillingMailKind::RenewalImpossible,
        };
        mails::queue(db, mail(kind, s, charge), cx.now, cx.now).await?;
    }
    Ok(true)
}

fn mail(kind: BillingMailKind, s: &sub::Model, charge: &charge::Model) -> BillingMail {
    BillingMail {
        kind,
        user_id: s.user_id,
        subscription_id: s.id,
        charge_id: Some(charge.id),
    }
}
