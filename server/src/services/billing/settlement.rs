//! Settling a renewal charge, whoever learnt the outcome: the renewal job
//! from the provider's answer, a reconciliation lookup, or a webhook. Each
//! settlement is one transaction whose first write is the charge's
//! conditional status move, so a second settlement of the same charge
//! changes nothing.
use super::mails::{self, BillingMail, BillingMailKind};
use super::{charges, money, status};
use crate::persistence::entities::{charge, subscription as sub};
use crate::services::accounts::users;
use crate::services::{Cx, ServiceError};
use app::model::billing::SubscriptionState;
use sea_orm::{sea_query::Expr, TransactionTrait};

/// Declined attempts at one period before the subscription is ended.
pub const MAX_ATTEMPTS: i32 = 4;

/// Charge statuses a paid outcome may settle.
const SETTLEABLE: [&str; 6] = [
    charges::NEW,
    charges::PROCESSING,
    charges::PENDING,
    charges::AWAITING_PROVIDER,
    charges::UNCERTAIN,
    charges::FAILED,
];

/// The charge of period `period_index + 1` was paid: the next period starts
/// (at the old end, or now after a suspension, so suspended days are not
/// sold twice), access extends, a receipt goes out.
///
/// # Errors
/// A database error.
pub async fn paid(
    cx: &Cx,
    s: &sub::Model,
    charge: &charge::Model,
    provider_ref: &str,
) -> Result<bool, ServiceError> {
    let txn = cx.db.begin().await?;
    let extra = vec![
        (charge::Column::ProviderRef, Expr::value(provider_ref)),
        (charge::Column::SettledAt, Expr::value(cx.now)),
    ];
    if !charges::set_status(
        &txn,
        charge.id,
        &SETTLEABLE,
        charges::SUCCEEDED,
        extra,
        cx.now,
    )
    .await?
    {
        return Ok(false);
    }
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
    if status::transition(
        &txn,
        s.id,
        Some(charge.period_index - 1),
        SubscriptionState::Active,
        moves,
        cx.now,
    )
    .await?
    {
        users::add_paid_time(&txn, s.user_id, end, cx.now).await?;
        let mail = BillingMail {
            kind: BillingMailKind::Receipt,
            user_id: s.user_id,
            subscription_id: s.id,
            charge_id: Some(charge.id),
        };
        mails::queue(&txn, mail, cx.now, cx.now).await?;
    } else {
        // Paid for a subscription that ended meanwhile: keep the record,
        // support refunds it (the charge shows in the member's history).
        tracing::error!(
            subscription = s.id,
            charge = charge.id,
            "renewal paid after the subscription ended"
        );
    }
    txn.commit().await?;
    Ok(true)
}

/// The renewal was declined: access is suspended (past_due) and the same
/// period is tried again on the next settlement day, without charging
/// twice; after [`MAX_ATTEMPTS`] the subscription ends.
///
/// # Errors
/// A database error.
pub async fn declined(
    cx: &Cx,
    s: &sub::Model,
    charge: &charge::Model,
) -> Result<bool, ServiceError> {
    let txn = cx.db.begin().await?;
    let from = [
        charges::PROCESSING,
        charges::PENDING,
        charges::AWAITING_PROVIDER,
        charges::UNCERTAIN,
        charges::NEW,
    ];
    if !charges::set_status(&txn, charge.id, &from, charges::FAILED, Vec::new(), cx.now).await? {
        return Ok(false);
    }
    let first_failure = status::parse(&s.status) != SubscriptionState::PastDue;
    if charge.attempts >= MAX_ATTEMPTS {
        status::transition(
            &txn,
            s.id,
            None,
            SubscriptionState::Canceled,
            Vec::new(),
            cx.now,
        )
        .await?;
    } else {
        let retry_at = cx.now + cx.config.payments.renewal_retry_ms;
        let moves = vec![(sub::Column::NextAttemptAt, Expr::value(retry_at))];
        status::transition(&txn, s.id, None, SubscriptionState::PastDue, moves, cx.now).await?;
    }
    if first_failure {
        let mail = BillingMail {
            kind: BillingMailKind::RenewalFailed,
            user_id: s.user_id,
            subscription_id: s.id,
            charge_id: Some(charge.id),
        };
        mails::queue(&txn, mail, cx.now, cx.now).await?;
    }
    txn.commit().await?;
    Ok(true)
}
