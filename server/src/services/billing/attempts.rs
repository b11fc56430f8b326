//! What one renewal attempt's answer means, and what each class of answer
//! does. Every answer of a provider falls in exactly one class:
//!
//! | class | answers | effect |
//! |---|---|---|
//! | paid | `Succeeded` | the next period starts, receipt mailed |
//! | declined | `Declined` (the bank or wallet said no) | past due, retried each settlement day (the dunning schedule); a mail says what to check |
//! | impossible | no saved token, an unknown or revoked one, `NotSupported`, any other refusal of the request (4xx but 409 and 429) | past due on the same schedule; the mail asks the member to pay another way |
//! | transient | connection failures, 5xx, 429, the provider not configured | the same period is tried again under a new key after a backoff ([`backoff_ms`]); the status does not change |
//! | uncertain | a time-out after sending, an unreadable answer, 409 (the same key still being processed) | the charge is `uncertain` and looked up at the provider ([`super::reconcile`]) before anything else |
//! | waiting | `Pending`, `ProviderManaged` | a webhook or a lookup settles it |
//!
//! The attempt cap holds on every path. Each attempt counts in
//! `charges.attempts`, transient ones also in `charges.transient_failures`.
//! After [`MAX_TRANSIENT`] transient failures of a period the next one is
//! handled as declined (the member is told, dunning starts); after
//! [`settlement::MAX_DECLINES`] refusals the subscription ends. An
//! uncertain attempt ends, once looked up, as one of the others. So a
//! period is tried at most `MAX_TRANSIENT + MAX_DECLINES` times.
use super::charges;
use super::events::{apply::Waits, parked};
use super::settlement::{self, Refusal};
use crate::payments::{ChargeOutcome, PaymentError, ProviderKind};
use crate::persistence::entities::{charge, subscription as sub};
use crate::services::{Cx, ServiceError};
use sea_orm::{sea_query::Expr, ColumnTrait, EntityTrait, QueryFilter, TransactionTrait};

/// What one round did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    pub paid: usize,
    pub declined: usize,
    pub waiting: usize,
    pub uncertain: usize,
    /// Attempts that failed without the provider deciding, retried later.
    pub retrying: usize,
    pub ended: usize,
    /// Parked provider events applied (or given up).
    pub events: usize,
    /// Renewal pay links e-mailed ([`super::pay_link`]).
    pub links: usize,
}

/// Transient failures of one period before it is handled as declined.
pub const MAX_TRANSIENT: i32 = 6;
/// The first transient retry waits this long; each next one twice as long.
const TRANSIENT_BASE_MS: i64 = 10 * 60_000;

/// How an attempt that was not paid ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// The provider decided: no.
    Refused(Refusal),
    /// Nothing was decided; trying again later may work.
    Transient,
    /// The provider may have charged: look it up before anything else.
    Uncertain,
}

/// The class of a failed provider call.
pub fn classify(error: &PaymentError) -> Class {
    match error {
        PaymentError::Timeout | PaymentError::BadResponse => Class::Uncertain,
        PaymentError::Rejected { status: 409, .. } => Class::Uncertain,
        PaymentError::Connection { .. } => Class::Transient,
        PaymentError::Rejected { status, .. } if *status == 429 || *status >= 500 => {
            Class::Transient
        }
        PaymentError::Rejected { .. } | PaymentError::NotSupported => {
            Class::Refused(Refusal::Impossible)
        }
    }
}

/// The wait after the `n`th transient failure of a period: 10 minutes,
/// doubling, at most one settlement day (`retry_ms`).
pub fn backoff_ms(n: i32, retry_ms: i64) -> i64 {
    let doublings = u32::try_from(n.saturating_sub(1)).unwrap_or(0).min(20);
    TRANSIENT_BASE_MS
        .saturating_mul(1_i64 << doublings)
        .min(retry_ms)
}

/// Settles the claimed attempt `row` with the provider's answer.
///
/// # Errors
/// A database error.
pub async fn settle(
    cx: &Cx,
    s: &sub::Model,
    row: &charge::Model,
    answer: Result<ChargeOutcome, PaymentError>,
    round: &mut Round,
) -> Result<(), ServiceError> {
    let outcome = match answer {
        Ok(outcome) => outcome,
        Err(error) => {
            let class = classify(&error);
            tracing::warn!(%error, ?class, subscription = s.id, "renewal not paid");
            return failed(cx, s, row, class, round).await;
        }
    };
    crate::metrics::payment_outcome(match &outcome {
        ChargeOutcome::Succeeded { .. } => "succeeded",
        ChargeOutcome::Declined { .. } => "declined",
        ChargeOutcome::Pending { .. } => "pending",
        ChargeOutcome::ProviderManaged => "provider_managed",
    });
    match outcome {
        ChargeOutcome::Succeeded { provider_ref } => {
            round.paid += usize::from(settle_paid(cx, s, row, &provider_ref).await?);
        }
        ChargeOutcome::Declined { .. } => {
            failed(cx, s, row, Class::Refused(Refusal::Declined), round).await?;
        }
        ChargeOutcome::Pending { provider_ref } => {
            round.waiting += 1;
            waiting(cx, s, row, charges::PENDING, Some(provider_ref)).await?;
        }
        ChargeOutcome::ProviderManaged => {
            round.waiting += 1;
            waiting(cx, s, row, charges::AWAITING_PROVIDER, None).await?;
        }
    }
    Ok(())
}

/// What an unpaid attempt of `class` leads to (see the module docs).
///
/// # Errors
/// A database error.
pub async fn failed(
    cx: &Cx,
    s: &sub::Model,
    row: &charge::Model,
    class: Class,
    round: &mut Round,
) -> Result<(), ServiceError> {
    match class {
        Class::Uncertain => {
            round.uncertain += 1;
            waiting(cx, s, row, charges::UNCERTAIN, None).await
        }
        Class::Transient if row.transient_failures < MAX_TRANSIENT => {
            round.retrying += 1;
            retry_later(cx, s, row).await
        }
        Class::Transient => {
            tracing::warn!(
                subscription = s.id,
                "renewal still failing after its retries: handled as declined"
            );
            let why = Refusal::Declined;
            round.declined += usize::from(settle_refused(cx, s, row, why).await?);
            Ok(())
        }
        Class::Refused(why) => {
            round.declined += usize::from(settle_refused(cx, s, row, why).await?);
            Ok(())
        }
    }
}

/// A paid renewal, in its own transaction; then applies provider events
/// that were waiting for this payment (a refund reported before it).
///
/// # Errors
/// A database error.
pub async fn settle_paid(
    cx: &Cx,
    s: &sub::Model,
    row: &charge::Model,
    provider_ref: &str,
) -> Result<bool, ServiceError> {
    let txn = cx.db.begin().await?;
    let did = settlement::paid(&txn, cx, s, row, provider_ref).await?;
    txn.commit().await?;
    if let (true, Some(provider)) = (did, ProviderKind::parse(&s.provider)) {
        parked::release(cx, provider, vec![Waits::Payment(provider_ref.to_owned())]).await;
    }
    Ok(did)
}

async fn settle_refused(
    cx: &Cx,
    s: &sub::Model,
    row: &charge::Model,
    why: Refusal,
) -> Result<bool, ServiceError> {
    let txn = cx.db.begin().await?;
    let did = settlement::declined(&txn, cx, s, row, why).await?;
    txn.commit().await?;
    Ok(did)
}

/// Nothing was decided: the attempt is given back, and the period is tried
/// again after the backoff of its transient failures so far.
async fn retry_later(cx: &Cx, s: &sub::Model, row: &charge::Model) -> Result<(), ServiceError> {
    let failures = row.transient_failures + 1;
    let counted = vec![(charge::Column::TransientFailures, Expr::value(failures))];
    let from = [charges::PROCESSING, charges::UNCERTAIN];
    if charges::set_status(&cx.db, row.id, &from, charges::FAILED, counted, cx.now).await? {
        let wait = backoff_ms(failures, cx.config.payments.renewal_retry_ms);
        postpone(cx, s, wait).await?;
    }
    Ok(())
}

/// The outcome comes later (webhook or lookup): park the charge and keep
/// the subscription out of the due list until the retry day.
async fn waiting(
    cx: &Cx,
    s: &sub::Model,
    row: &charge::Model,
    to: &str,
    provider_ref: Option<String>,
) -> Result<(), ServiceError> {
    let extra = provider_ref
        .map(|r| vec![(charge::Column::ProviderRef, Expr::value(r))])
        .unwrap_or_default();
    charges::set_status(&cx.db, row.id, &[charges::PROCESSING], to, extra, cx.now).await?;
    postpone(cx, s, cx.config.payments.renewal_retry_ms).await
}

async fn postpone(cx: &Cx, s: &sub::Model, by_ms: i64) -> Result<(), ServiceError> {
    sub::Entity::update_many()
        .col_expr(sub::Column::NextAttemptAt, Expr::value(cx.now + by_ms))
        .filter(sub::Column::Id.eq(s.id))
        .exec(&cx.db)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rejected(status: u16) -> PaymentError {
        PaymentError::Rejected {
            status,
            code: "x".into(),
        }
    }

    #[test]
    fn every_failure_has_its_class() {
        let impossible = Class::Refused(Refusal::Impossible);
        assert_eq!(classify(&PaymentError::Timeout), Class::Uncertain);
        assert_eq!(classify(&PaymentError::BadResponse), Class::Uncertain);
        assert_eq!(classify(&rejected(409)), Class::Uncertain);
        let down = PaymentError::Connection { kind: "connect" };
        assert_eq!(classify(&down), Class::Transient);
        for status in [429, 500, 502, 503, 504] {
            assert_eq!(classify(&rejected(status)), Class::Transient, "{status}");
        }
        for status in [200, 400, 401, 403, 404, 422] {
            assert_eq!(classify(&rejected(status)), impossible, "{status}");
        }
        assert_eq!(classify(&PaymentError::NotSupported), impossible);
    }

    #[test]
    fn the_backoff_doubles_up_to_a_settlement_day() {
        let day = 86_400_000;
        let waits: Vec<i64> = (1..=9).map(|n| backoff_ms(n, day) / 60_000).collect();
        assert_eq!(waits, [10, 20, 40, 80, 160, 320, 640, 1280, 1440]);
        assert_eq!(backoff_ms(i32::MAX, day), day);
    }
}
