//! Charges whose answer was lost (a time-out after sending, or a worker
//! killed mid-call) are looked up at the provider under the attempt's own
//! key and settled as the provider recorded them, never charged again
//! blindly. One the provider never saw failed without a decision: it is
//! retried like any transient failure (backoff, cap).
use super::attempts::{self, Class, Round};
use super::charges;
use super::settlement::Refusal;
use crate::payments::{ChargeOutcome, Gateway, Gateways, ProviderKind};
use crate::persistence::entities::{charge, subscription as sub};
use crate::services::workers::lease_ms;
use crate::services::{Cx, ServiceError};
use sea_orm::{sea_query::Expr, ColumnTrait, EntityTrait, QueryFilter, QuerySelect};

/// An uncertain charge is looked up after this long (the provider needs a
/// moment to record what it did).
const RECONCILE_AFTER_MS: i64 = 30_000;
/// A charge still `processing` after this long lost its worker (killed
/// mid-call): whether the provider got the call is unknown, so it is
/// reconciled like a lost answer.
const WORKER_LEASE_MS: i64 = 5 * 60_000;
/// Lost answers looked up per round.
const BATCH: u64 = 20;

/// Looks up the charges whose answer was lost and settles them.
///
/// # Errors
/// A database error.
pub async fn run(cx: &Cx, gateways: &Gateways, round: &mut Round) -> Result<(), ServiceError> {
    charge::Entity::update_many()
        .col_expr(charge::Column::Status, Expr::value(charges::UNCERTAIN))
        .filter(charge::Column::Status.eq(charges::PROCESSING))
        .filter(charge::Column::UpdatedAt.lte(cx.now - lease_ms(WORKER_LEASE_MS)))
        .exec(&cx.db)
        .await?;
    let lost = charge::Entity::find()
        .filter(charge::Column::Status.eq(charges::UNCERTAIN))
        .filter(charge::Column::UpdatedAt.lte(cx.now - RECONCILE_AFTER_MS))
        .limit(BATCH)
        .all(&cx.db)
        .await?;
    for row in lost {
        let Some(s) = sub::Entity::find_by_id(row.subscription_id)
            .one(&cx.db)
            .await?
        else {
            continue;
        };
        let Some(gateway) = ProviderKind::parse(&s.provider).and_then(|k| gateways.get(k)) else {
            continue;
        };
        looked_up(cx, gateway, &s, &row, round).await?;
    }
    Ok(())
}

/// Settles one lost answer from the provider's record; a lookup that
/// fails or finds the charge still undecided leaves it for the next round.
async fn looked_up(
    cx: &Cx,
    gateway: &Gateway,
    s: &sub::Model,
    row: &charge::Model,
    round: &mut Round,
) -> Result<(), ServiceError> {
    match gateway.lookup_charge(&row.idempotency_key).await {
        Ok(Some(ChargeOutcome::Succeeded { provider_ref })) => {
            round.paid += usize::from(attempts::settle_paid(cx, s, row, &provider_ref).await?);
        }
        Ok(Some(ChargeOutcome::Declined { .. })) => {
            let why = Class::Refused(Refusal::Declined);
            attempts::failed(cx, s, row, why, round).await?;
        }
        Ok(None) => attempts::failed(cx, s, row, Class::Transient, round).await?,
        Ok(Some(_)) | Err(_) => {}
    }
    Ok(())
}
