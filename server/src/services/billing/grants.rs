//! Subscriptions support grants by hand (`server user create
//! --subscription trialing|active`): complimentary, so nothing is charged
//! and nothing renews; they show in Billing like any other and end when
//! their period does.
use super::{money, orders, status};
use crate::persistence::entities::{order, subscription, user};
use crate::services::accounts::users;
use crate::services::ServiceError;
use crate::signing::random_hex;
use crate::tokens;
use app_core::model::billing::SubscriptionState;
use sea_orm::{ActiveValue::Set, ConnectionTrait, EntityTrait};

/// Grants `member` a complimentary subscription in `state` for `days`.
///
/// # Errors
/// [`ServiceError::Invalid`] for a canceled or past-due state; database errors.
pub async fn grant(
    db: &impl ConnectionTrait,
    member: &user::Model,
    state: SubscriptionState,
    days: i64,
    now: i64,
) -> Result<subscription::Model, ServiceError> {
    if !matches!(
        state,
        SubscriptionState::Trialing | SubscriptionState::Active
    ) {
        return Err(ServiceError::Invalid(app_core::i18n::Key::ErrorBadRequest));
    }
    let end = now + days.max(1) * money::DAY_MS;
    let order = order::Entity::insert(operator_order(member, now))
        .exec_with_returning(db)
        .await?;
    let sub = subscription::ActiveModel {
        user_id: Set(member.id),
        order_id: Set(order.id),
        plan_id: Set(0),
        provider: Set("operator".to_owned()),
        method: Set("card".to_owned()),
        status: Set(status::code(state).to_owned()),
        cancel_at_period_end: Set(true),
        period_index: Set(0),
        current_period_start: Set(now),
        current_period_end: Set(end),
        price_minor: Set(0),
        currency: Set("USD".to_owned()),
        currency_exponent: Set(2),
        cycle: Set("month".to_owned()),
        created_at: Set(now),
        updated_at: Set(now),
        last_event_at: Set(now),
        ..Default::default()
    };
    let sub = subscription::Entity::insert(sub)
        .exec_with_returning(db)
        .await?;
    users::set_access_until(db, member.id, end.max(member.vip_time), now).await?;
    Ok(sub)
}

/// The paid, claimed order of nothing that a grant hangs on (every
/// subscription belongs to an order).
fn operator_order(member: &user::Model, now: i64) -> order::ActiveModel {
    order::ActiveModel {
        order_no: Set(orders::new_order_no()),
        idempotency_key: Set(format!("grant-{}", random_hex(12))),
        email: Set(member.email.clone()),
        plan_id: Set(0),
        locale: Set(member.locale.clone()),
        country: Set("ZZ".to_owned()),
        method: Set("card".to_owned()),
        provider: Set("operator".to_owned()),
        first_amount_minor: Set(0),
        renewal_amount_minor: Set(0),
        currency: Set("USD".to_owned()),
        currency_exponent: Set(2),
        status: Set(orders::PAID.to_owned()),
        claim_hash: Set(tokens::digest(&[&random_hex(16)])),
        claimed_at: Set(Some(now)),
        user_id: Set(Some(member.id)),
        client_key: Set("operator".to_owned()),
        created_at: Set(now),
        updated_at: Set(now),
        last_event_at: Set(now),
        ..Default::default()
    }
}
