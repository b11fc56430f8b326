//! A payment made through a renewal pay link: the provider reports it as
//! the checkout of our renewal key (a REDIRECT payment). It settles that
//! period's charge like any renewal, once, in the event's transaction, if
//! it paid exactly the period's price.
use super::effect::{moved, Effect, Waits};
use crate::payments::EventKind;
use crate::persistence::entities::subscription as sub;
use crate::services::billing::{charges, settlement};
use crate::services::{Cx, ServiceError};
use sea_orm::{ConnectionTrait, EntityTrait};

/// Applies a paid pay-link payment (`kind` is its `CheckoutPaid`).
///
/// # Errors
/// A database error.
pub(super) async fn paid(
    db: &impl ConnectionTrait,
    cx: &Cx,
    kind: &EventKind,
) -> Result<Effect, ServiceError> {
    let EventKind::CheckoutPaid {
        order_no: key,
        provider_payment_ref,
        amount,
        ..
    } = kind
    else {
        return Ok(Effect::Done("ignored"));
    };
    let Some(row) = charges::by_any_attempt_key(db, key).await? else {
        return Ok(Effect::Waits(Waits::Charge(key.clone())));
    };
    if amount.minor != row.amount_minor || !amount.currency.eq_ignore_ascii_case(&row.currency) {
        tracing::error!(
            charge = row.id,
            "pay-link payment differs from the period's price: not applied"
        );
        return Ok(Effect::Done("amount_mismatch"));
    }
    let Some(s) = sub::Entity::find_by_id(row.subscription_id).one(db).await? else {
        return Ok(Effect::Done("unknown_subscription"));
    };
    let did = settlement::paid(db, cx, &s, &row, provider_payment_ref).await?;
    if !did {
        // A second payment of a period already paid (two pay pages open):
        // kept on record for support to refund.
        tracing::error!(charge = row.id, "pay-link payment of a settled period");
    }
    Ok(moved(did))
}
