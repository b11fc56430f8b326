//! The first payment of an order: the account (new, or the existing one of
//! that e-mail), its subscription, the first charge, and the e-mails — all
//! in the transaction that records the provider's event.
use super::mails::{self, BillingMail, BillingMailKind};
use super::{charges, money, orders, trials};
use crate::persistence::entities::{order, subscription, user};
use crate::services::accounts::users;
use crate::services::sealed;
use crate::services::{Cx, ServiceError};
use app_core::model::billing::SubscriptionState;
use sea_orm::{
    sea_query::Expr, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter,
};

/// Trials this short get their reminder at once; longer ones 3 days ahead.
pub use super::charges::FirstPayment;

const REMIND_AT_START_UP_TO_DAYS: i32 = 7;

/// The first period an order buys: its trial (granted, or already had by
/// this person), or a full cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FirstPeriod {
    Trial(i32),
    /// The order was sold with a trial, but the account, mailbox or
    /// instrument had one: what was paid covers the days announced, the
    /// subscription is not a trial, and a mail says so plainly.
    TrialNotRepeated(i32),
    Full,
}

/// Activates `order` after its first payment. Returns the event's outcome
/// (`applied`, or why nothing changed). The order's move to paid is the
/// first write, so a second activation of the same order changes nothing.
///
/// # Errors
/// A database error.
pub async fn activate(
    db: &impl ConnectionTrait,
    cx: &Cx,
    order: order::Model,
    paid: FirstPayment,
) -> Result<&'static str, ServiceError> {
    if order.status == orders::PAID {
        return Ok("already_paid");
    }
    if !price_paid(&order, &paid) {
        tracing::error!(order = %order.order_no, "paid amount differs from the order: not activated");
        return Ok("amount_mismatch");
    }
    if !orders::transition(db, order.id, orders::PAID, Vec::new(), cx.now).await? {
        return Ok("already_final");
    }
    // The saved wallet token is kept sealed, never as the provider sent it.
    let paid = FirstPayment {
        payment_token: paid
            .payment_token
            .as_deref()
            .map(|token| cx.config.secrets.seal(sealed::PAYMENT_TOKEN, token)),
        ..paid
    };
    let plan = orders::plan(db, order.plan_id).await?;
    let (account, created) = account_for(db, &order, cx.now).await?;
    end_older_subscriptions(db, account.id, cx.now).await?;
    let claimed = if created { None } else { Some(cx.now) };
    order::Entity::update_many()
        .col_expr(order::Column::UserId, Expr::value(account.id))
        .col_expr(order::Column::ClaimedAt, Expr::value(claimed))
        .filter(order::Column::Id.eq(order.id))
        .exec(db)
        .await?;
    let order = order::Model {
        user_id: Some(account.id),
        ..order
    };
    let first = first_period(db, &order, &paid, cx.now).await?;
    let end = match first {
        FirstPeriod::Trial(days) | FirstPeriod::TrialNotRepeated(days) => {
            cx.now + i64::from(days) * money::DAY_MS
        }
        FirstPeriod::Full => money::period_end(cx.now, money::cycle(&plan.cycle)),
    };
    let sub = insert_subscription(db, cx.now, &order, &plan.cycle, first, end, &paid).await?;
    let country = paid.instrument_country.as_deref();
    super::price_country::follow(db, cx, &sub, &plan, country).await?;
    let charge = charges::record_first(db, &sub, &order, &paid, cx.now).await?;
    users::add_paid_time(db, account.id, end, cx.now).await?;
    crate::services::tracking::conversions::queue_purchase(db, cx, &order).await?;
    welcome(db, cx.now, &sub, charge.id, first).await?;
    Ok("applied")
}

/// Whether `paid` is the order's first price: the amount before tax equals
/// it, or, for a price that includes tax, the amount with its tax does.
fn price_paid(order: &order::Model, paid: &FirstPayment) -> bool {
    let price = order.first_amount_minor;
    paid.amount.currency.eq_ignore_ascii_case(&order.currency)
        && (paid.amount.minor == price || paid.amount.minor + paid.tax_minor == price)
}

/// The order's trial, granted once per person in this transaction.
async fn first_period(
    db: &impl ConnectionTrait,
    order: &order::Model,
    paid: &FirstPayment,
    now: i64,
) -> Result<FirstPeriod, ServiceError> {
    if order.trial_days <= 0 {
        return Ok(FirstPeriod::Full);
    }
    let user_id = order.user_id.unwrap_or_default();
    let granted = trials::grant(db, order, user_id, paid.instrument.as_deref(), now).await?;
    Ok(if granted {
        FirstPeriod::Trial(order.trial_days)
    } else {
        tracing::info!(order = %order.order_no, "trial already had: not repeated");
        FirstPeriod::TrialNotRepeated(order.trial_days)
    })
}

/// The welcome e-mail, and the trial reminder (at once for short trials)
/// or the plain statement that the trial was not repeated.
async fn welcome(
    db: &impl ConnectionTrait,
    now: i64,
    sub: &subscription::Model,
    charge_id: i64,
    first: FirstPeriod,
) -> Result<(), ServiceError> {
    let mail = |kind| BillingMail {
        kind,
        user_id: sub.user_id,
        subscription_id: sub.id,
        charge_id: Some(charge_id),
    };
    mails::queue(db, mail(BillingMailKind::Welcome), now, now).await?;
    if let FirstPeriod::TrialNotRepeated(_) = first {
        mails::queue(db, mail(BillingMailKind::TrialNotRepeated), now, now).await?;
    }
    // A wallet charged only with the member gets its pay link instead of a
    // reminder of a charge that is never made automatically.
    let by_link = app_core::model::billing::MethodChoice::parse(&sub.method)
        .is_some_and(app_core::model::billing::MethodChoice::renews_with_payer);
    if let (FirstPeriod::Trial(trial_days), false) = (first, by_link) {
        let remind_at = if trial_days <= REMIND_AT_START_UP_TO_DAYS {
            now
        } else {
            sub.current_period_end - 3 * money::DAY_MS
        };
        mails::queue(db, mail(BillingMailKind::TrialReminder), remind_at, now).await?;
    }
    Ok(())
}

/// The account of the order's e-mail, created without a password when new
/// (the welcome e-mail leads to setting one). Returns whether it was created.
async fn account_for(
    db: &impl ConnectionTrait,
    order: &order::Model,
    now: i64,
) -> Result<(user::Model, bool), ServiceError> {
    if let Some(existing) = users::find_by_email(db, &order.email).await? {
        return Ok((existing, false));
    }
    Ok((
        users::create_without_password(db, &order.email, &order.locale, now).await?,
        true,
    ))
}

/// A second checkout by the same account replaces its older subscription,
/// so one account never renews twice (its paid time is kept).
async fn end_older_subscriptions(
    db: &impl ConnectionTrait,
    user_id: i64,
    now: i64,
) -> Result<(), ServiceError> {
    subscription::Entity::update_many()
        .col_expr(subscription::Column::Status, Expr::value("canceled"))
        .col_expr(subscription::Column::CanceledAt, Expr::value(now))
        .col_expr(subscription::Column::UpdatedAt, Expr::value(now))
        .filter(subscription::Column::UserId.eq(user_id))
        .filter(subscription::Column::Status.is_in(super::status::LIVE))
        .exec(db)
        .await?;
    Ok(())
}

async fn insert_subscription(
    db: &impl ConnectionTrait,
    now: i64,
    order: &order::Model,
    cycle: &str,
    first: FirstPeriod,
    end: i64,
    paid: &FirstPayment,
) -> Result<subscription::Model, ServiceError> {
    let state = if let FirstPeriod::Trial(_) = first {
        SubscriptionState::Trialing
    } else {
        SubscriptionState::Active
    };
    let row = subscription::ActiveModel {
        user_id: Set(order.user_id.unwrap_or_default()),
        order_id: Set(order.id),
        plan_id: Set(order.plan_id),
        provider: Set(order.provider.clone()),
        method: Set(order.method.clone()),
        provider_ref: Set(paid.subscription_ref.clone()),
        payment_token: Set(paid.payment_token.clone()),
        status: Set(super::status::code(state).to_owned()),
        cancel_at_period_end: Set(false),
        period_index: Set(0),
        current_period_start: Set(now),
        current_period_end: Set(end),
        next_attempt_at: Set(None),
        price_minor: Set(order.renewal_amount_minor),
        currency: Set(order.currency.clone()),
        currency_exponent: Set(order.currency_exponent),
        cycle: Set(cycle.to_owned()),
        created_at: Set(now),
        updated_at: Set(now),
        canceled_at: Set(None),
        last_event_at: Set(now),
        ..Default::default()
    };
    Ok(subscription::Entity::insert(row)
        .exec_with_returning(db)
        .await?)
}
