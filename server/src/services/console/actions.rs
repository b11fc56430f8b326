//! What support does to a customer's account: refund a charge, cancel the
//! subscription, and (admins) suspend or reinstate the account.
use super::audit::{self, Entry, Stamp};
use super::{customers, reason, Staff};
use crate::payments::Gateways;
use crate::persistence::entities::{charge, user};
use crate::services::accounts::sessions;
use crate::services::billing::{charges, manage, money, refunds};
use crate::services::{Cx, ServiceError};
use app_core::i18n::Key;
use app_core::model::billing::BillingSummary;
use app_core::model::console::{CustomerRow, StaffRole};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, TransactionTrait};

async fn customer(cx: &Cx, id: i64) -> Result<user::Model, ServiceError> {
    user::Entity::find_by_id(id)
        .one(&cx.db)
        .await?
        .ok_or(ServiceError::NotFound)
}

/// `POST /console/charges/{id}/refund`: through the member's own refund
/// machinery (one claim per charge, the charge's idempotency key at the
/// provider). Support refunds what the member's policy allows; an admin
/// may also refund an older or used charge.
///
/// # Errors
/// [`Key::ConsoleApiReasonRequired`]; [`ServiceError::NotFound`];
/// [`Key::ConsoleApiAlreadyRefunded`]; [`Key::ConsoleApiRefundOutsidePolicy`];
/// [`ServiceError::Provider`].
pub async fn refund(
    cx: &Cx,
    gateways: &Gateways,
    staff: &Staff,
    charge_id: i64,
    why: &str,
) -> Result<BillingSummary, ServiceError> {
    let why = reason(why)?;
    let c = charge::Entity::find_by_id(charge_id)
        .one(&cx.db)
        .await?
        .ok_or(ServiceError::NotFound)?;
    if c.status == charges::REFUNDED {
        return Err(ServiceError::Invalid(Key::ConsoleApiAlreadyRefunded));
    }
    let member = customer(cx, c.user_id).await?;
    let amount = money::text(c.amount_minor, &c.currency, c.currency_exponent);
    let entry = Entry::new(
        "refund",
        "charge",
        c.id,
        format!("{amount}, customer {}: {why}", member.id),
    );
    let by = refunds::ByStaff {
        may_override: staff.role == StaffRole::Admin,
        stamp: Stamp {
            staff_id: staff.id,
            entry,
        },
    };
    refunds::refund_by(cx, gateways, &member, charge_id, Some(&by))
        .await
        .map_err(|e| match e {
            ServiceError::Invalid(Key::ErrorRefundNotEligible) => {
                ServiceError::Invalid(Key::ConsoleApiRefundOutsidePolicy)
            }
            other => other,
        })
}

/// `POST /console/customers/{id}/cancel`: the member's one-click cancel,
/// done by support.
///
/// # Errors
/// [`Key::ConsoleApiReasonRequired`]; [`ServiceError::NotFound`];
/// [`Key::ErrorNoSubscription`]; [`ServiceError::Provider`].
pub async fn cancel(
    cx: &Cx,
    gateways: &Gateways,
    staff: &Staff,
    customer_id: i64,
    why: &str,
) -> Result<BillingSummary, ServiceError> {
    let why = reason(why)?;
    let member = customer(cx, customer_id).await?;
    let stamp = Stamp {
        staff_id: staff.id,
        entry: Entry::new("cancel", "customer", member.id, why),
    };
    manage::cancel_by(cx, gateways, &member, Some(&stamp)).await
}

/// `POST /console/customers/{id}/suspend` (admins): the account can no
/// longer sign in and its sessions end now.
///
/// # Errors
/// [`ServiceError::Forbidden`]; [`Key::ConsoleApiReasonRequired`];
/// [`ServiceError::NotFound`]; a database error.
pub async fn suspend(
    cx: &Cx,
    staff: &Staff,
    customer_id: i64,
    why: &str,
) -> Result<CustomerRow, ServiceError> {
    set_suspended(cx, staff, customer_id, why, true).await
}

/// `POST /console/customers/{id}/reinstate` (admins): the account may sign
/// in again (its old sessions stay ended).
///
/// # Errors
/// As [`suspend`].
pub async fn reinstate(
    cx: &Cx,
    staff: &Staff,
    customer_id: i64,
    why: &str,
) -> Result<CustomerRow, ServiceError> {
    set_suspended(cx, staff, customer_id, why, false).await
}

/// Suspends or reinstates the account, with its audit entry in the same
/// transaction when that changed anything; the customer's row as it is now.
async fn set_suspended(
    cx: &Cx,
    staff: &Staff,
    customer_id: i64,
    why: &str,
    suspended: bool,
) -> Result<CustomerRow, ServiceError> {
    staff.require_admin()?;
    let why = reason(why)?;
    let txn = cx.db.begin().await?;
    let (changed, action) = if suspended {
        (suspend_in(&txn, customer_id, cx.now).await?, "suspend")
    } else {
        (reinstate_in(&txn, customer_id, cx.now).await?, "reinstate")
    };
    if changed {
        let entry = Entry::new(action, "customer", customer_id, why);
        audit::record(&txn, staff.id, entry, cx.now).await?;
    }
    txn.commit().await?;
    Ok(customers::row(
        &customer(cx, customer_id).await?,
        "",
        cx.now,
    ))
}

/// Suspends `customer_id` and ends its sessions inside the caller's
/// transaction; `false` when it already was suspended.
///
/// # Errors
/// [`ServiceError::NotFound`]; a database error.
pub async fn suspend_in(
    db: &impl sea_orm::ConnectionTrait,
    customer_id: i64,
    now: i64,
) -> Result<bool, ServiceError> {
    let done = user::Entity::update_many()
        .col_expr(user::Column::SuspendedAt, Expr::value(now))
        .col_expr(user::Column::UpdatedAt, Expr::value(now))
        .filter(user::Column::Id.eq(customer_id))
        .filter(user::Column::SuspendedAt.is_null())
        .exec(db)
        .await?;
    if done.rows_affected == 0 {
        user::Entity::find_by_id(customer_id)
            .one(db)
            .await?
            .ok_or(ServiceError::NotFound)?;
        return Ok(false);
    }
    sessions::end_others(db, customer_id, None).await?;
    Ok(true)
}

/// Lets a suspended `customer_id` sign in again, inside the caller's
/// transaction; `false` when it was not suspended (or does not exist).
async fn reinstate_in(
    db: &impl sea_orm::ConnectionTrait,
    customer_id: i64,
    now: i64,
) -> Result<bool, ServiceError> {
    let done = user::Entity::update_many()
        .col_expr(user::Column::SuspendedAt, Expr::value(Option::<i64>::None))
        .col_expr(user::Column::UpdatedAt, Expr::value(now))
        .filter(user::Column::Id.eq(customer_id))
        .filter(user::Column::SuspendedAt.is_not_null())
        .exec(db)
        .await?;
    Ok(done.rows_affected == 1)
}
