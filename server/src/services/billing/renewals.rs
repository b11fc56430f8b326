//! The renewal job: charges each due period once, ends subscriptions
//! cancelled at period end, and reconciles charges whose answer was lost.
//! Safe with any number of workers on one database: a period's charge row
//! is unique and every attempt is claimed with a conditional update.
use super::{charges, settlement, status};
use crate::payments::{ChargeOutcome, Gateway, Gateways, ProviderKind, RenewalCharge};
use crate::persistence::entities::{charge, order, subscription as sub};
use crate::services::workers::{lease_ms, Work};
use crate::services::{Cx, ServiceError};
use app::model::billing::SubscriptionState;
use sea_orm::{
    sea_query::Expr, ColumnTrait, Condition, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};

/// An uncertain charge is looked up after this long (the provider needs a
/// moment to record what it did).
const RECONCILE_AFTER_MS: i64 = 30_000;
/// A charge still `processing` after this long lost its worker (killed
/// mid-call): whether the provider got the call is unknown, so it is
/// reconciled like a lost answer.
const WORKER_LEASE_MS: i64 = 5 * 60_000;
/// A provider that could not be reached is tried again after this long.
const UNREACHABLE_RETRY_MS: i64 = 10 * 60_000;

/// What one round did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    pub paid: usize,
    pub declined: usize,
    pub waiting: usize,
    pub uncertain: usize,
    pub ended: usize,
}

/// One round over up to `limit` due subscriptions.
///
/// # Errors
/// A database error.
pub async fn run_due(cx: &Cx, gateways: &Gateways, limit: u64) -> Result<Round, ServiceError> {
    let mut round = Round {
        ended: end_cancelled(cx).await?,
        ..Round::default()
    };
    let due = sub::Entity::find()
        .filter(sub::Column::Status.is_in(status::LIVE))
        .filter(sub::Column::CancelAtPeriodEnd.eq(false))
        .filter(sub::Column::CurrentPeriodEnd.lte(cx.now))
        .filter(
            Condition::any()
                .add(sub::Column::NextAttemptAt.is_null())
                .add(sub::Column::NextAttemptAt.lte(cx.now)),
        )
        .order_by_asc(sub::Column::CurrentPeriodEnd)
        .limit(limit)
        .all(&cx.db)
        .await?;
    for s in due {
        if cx.wake.stop.requested() {
            break;
        }
        renew(cx, gateways, &s, &mut round).await?;
    }
    reconcile(cx, gateways, &mut round).await?;
    Ok(round)
}

/// Subscriptions cancelled at period end whose period is over.
async fn end_cancelled(cx: &Cx) -> Result<usize, ServiceError> {
    let over = sub::Entity::find()
        .filter(sub::Column::Status.is_in(status::LIVE))
        .filter(sub::Column::CancelAtPeriodEnd.eq(true))
        .filter(sub::Column::CurrentPeriodEnd.lte(cx.now))
        .all(&cx.db)
        .await?;
    let mut ended = 0;
    for s in over {
        ended += usize::from(
            status::transition(
                &cx.db,
                s.id,
                None,
                SubscriptionState::Canceled,
                Vec::new(),
                cx.now,
            )
            .await?,
        );
    }
    Ok(ended)
}

async fn renew(
    cx: &Cx,
    gateways: &Gateways,
    s: &sub::Model,
    round: &mut Round,
) -> Result<(), ServiceError> {
    let order = order::Entity::find_by_id(s.order_id)
        .one(&cx.db)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let row = charges::open_period(&cx.db, s, s.period_index + 1, &order.order_no, cx.now).await?;
    if ![charges::NEW, charges::FAILED].contains(&row.status.as_str()) {
        return Ok(());
    }
    let Some(key) = charges::claim_attempt(&cx.db, &row, cx.now).await? else {
        return Ok(());
    };
    // Nothing awaits between the claim and the provider call.
    let hold = cx.wake.stop.hold(Work::Charge(row.id));
    hold.calling();
    let row = charge::Model {
        attempts: row.attempts + 1,
        idempotency_key: key.clone(),
        ..row
    };
    let Some(gateway) = ProviderKind::parse(&s.provider).and_then(|k| gateways.get(k)) else {
        tracing::error!(subscription = s.id, provider = %s.provider, "renewal provider not configured");
        return unreachable(cx, s, &row).await;
    };
    let request = RenewalCharge {
        idempotency_key: key,
        subscription_ref: s.provider_ref.clone(),
        payment_token: s.payment_token.clone(),
        amount: super::money::of(s.price_minor, &s.currency, s.currency_exponent),
        order_no: order.order_no.clone(),
        notify_url: format!(
            "{}/api_f/v1/payments/webhook/{}",
            cx.config.public_base_url, s.provider
        ),
    };
    match gateway.charge_renewal(&request).await {
        Ok(outcome) => apply(cx, s, &row, outcome, round).await,
        Err(error) if error.is_uncertain() => {
            tracing::warn!(%error, subscription = s.id, "renewal answer lost: will reconcile, not re-charge");
            round.uncertain += 1;
            waiting(cx, s, &row, charges::UNCERTAIN, None).await
        }
        Err(error) => {
            tracing::warn!(%error, subscription = s.id, "renewal provider unreachable");
            unreachable(cx, s, &row).await
        }
    }
}

async fn apply(
    cx: &Cx,
    s: &sub::Model,
    row: &charge::Model,
    outcome: ChargeOutcome,
    round: &mut Round,
) -> Result<(), ServiceError> {
    crate::metrics::payment_outcome(match &outcome {
        ChargeOutcome::Succeeded { .. } => "succeeded",
        ChargeOutcome::Declined { .. } => "declined",
        ChargeOutcome::Pending { .. } => "pending",
        ChargeOutcome::ProviderManaged => "provider_managed",
    });
    match outcome {
        ChargeOutcome::Succeeded { provider_ref } => {
            round.paid += usize::from(settlement::paid(cx, s, row, &provider_ref).await?);
        }
        ChargeOutcome::Declined { .. } => {
            round.declined += usize::from(settlement::declined(cx, s, row).await?)
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

/// Nothing reached the provider: the attempt is given back for a retry soon.
async fn unreachable(cx: &Cx, s: &sub::Model, row: &charge::Model) -> Result<(), ServiceError> {
    charges::set_status(
        &cx.db,
        row.id,
        &[charges::PROCESSING],
        charges::FAILED,
        Vec::new(),
        cx.now,
    )
    .await?;
    postpone(cx, s, UNREACHABLE_RETRY_MS).await
}

async fn postpone(cx: &Cx, s: &sub::Model, by_ms: i64) -> Result<(), ServiceError> {
    sub::Entity::update_many()
        .col_expr(sub::Column::NextAttemptAt, Expr::value(cx.now + by_ms))
        .filter(sub::Column::Id.eq(s.id))
        .exec(&cx.db)
        .await?;
    Ok(())
}

/// Looks up charges whose answer was lost and settles them as the provider
/// recorded them; one the provider never saw is free to be tried again.
async fn reconcile(cx: &Cx, gateways: &Gateways, round: &mut Round) -> Result<(), ServiceError> {
    charge::Entity::update_many()
        .col_expr(charge::Column::Status, Expr::value(charges::UNCERTAIN))
        .filter(charge::Column::Status.eq(charges::PROCESSING))
        .filter(charge::Column::UpdatedAt.lte(cx.now - lease_ms(WORKER_LEASE_MS)))
        .exec(&cx.db)
        .await?;
    let lost = charge::Entity::find()
        .filter(charge::Column::Status.eq(charges::UNCERTAIN))
        .filter(charge::Column::UpdatedAt.lte(cx.now - RECONCILE_AFTER_MS))
        .limit(20)
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
        settle_looked_up(cx, gateway, &s, &row, round).await?;
    }
    Ok(())
}

async fn settle_looked_up(
    cx: &Cx,
    gateway: &Gateway,
    s: &sub::Model,
    row: &charge::Model,
    round: &mut Round,
) -> Result<(), ServiceError> {
    match gateway.lookup_charge(&row.idempotency_key).await {
        Ok(Some(ChargeOutcome::Succeeded { provider_ref })) => {
            round.paid += usize::from(settlement::paid(cx, s, row, &provider_ref).await?);
        }
        Ok(Some(ChargeOutcome::Declined { .. })) => {
            round.declined += usize::from(settlement::declined(cx, s, row).await?)
        }
        Ok(None) => {
            charges::set_status(
                &cx.db,
                row.id,
                &[charges::UNCERTAIN],
                charges::FAILED,
                Vec::new(),
                cx.now,
            )
            .await?;
            postpone(cx, s, 0).await?;
        }
        Ok(Some(_)) | Err(_) => {}
    }
    Ok(())
}
