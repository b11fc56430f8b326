//! A member's receipt: one payment of theirs that took money, found by its
//! receipt number, with who was paid, what the statement shows, the amount
//! before tax, the tax, the total and the dates.
use super::{charges, money};
use crate::persistence::entities::{charge, subscription as sub, user};
use crate::services::{Cx, ServiceError};
use app_core::model::billing::{MethodChoice, ReceiptView};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

/// The name card and wallet statements show for every charge (the receipt
/// mails say the same).
pub const STATEMENT_DESCRIPTOR: &str = "Cool Tracker";

/// Charges that took money (a refund may have given it back since): only
/// these have a receipt.
const TOOK_MONEY: [&str; 6] = [
    charges::SUCCEEDED,
    charges::REFUNDED,
    charges::REFUNDING,
    charges::REFUND_UNCERTAIN,
    charges::REFUND_PENDING,
    charges::REFUND_REJECTED,
];

/// `GET /other/user/receipt?receiptNo=`: the member's payment `receipt_no`.
///
/// # Errors
/// [`ServiceError::NotFound`] when no payment of this member that took
/// money has that number (another member's number is not found either);
/// a database error.
pub async fn receipt(
    cx: &Cx,
    member: &user::Model,
    receipt_no: &str,
) -> Result<ReceiptView, ServiceError> {
    let row = charge::Entity::find()
        .filter(charge::Column::UserId.eq(member.id))
        .filter(charge::Column::ReceiptNo.eq(receipt_no))
        .filter(charge::Column::Status.is_in(TOOK_MONEY))
        .one(&cx.db)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let plan = sub::Entity::find_by_id(row.subscription_id)
        .one(&cx.db)
        .await?
        .ok_or(ServiceError::NotFound)?;
    Ok(view(&row, &plan, &cx.config.operator_name))
}

fn view(c: &charge::Model, plan: &sub::Model, seller: &str) -> ReceiptView {
    let text = |minor: i64| money::text(minor, &c.currency, c.currency_exponent);
    // The period is known for the subscription's current one only.
    let current = c.period_index == plan.period_index;
    ReceiptView {
        receipt_no: c.receipt_no.clone(),
        seller: seller.to_owned(),
        descriptor: STATEMENT_DESCRIPTOR.to_owned(),
        status: charges::visible(&c.status).to_owned(),
        amount_text: text(c.amount_minor),
        tax_text: text(c.tax_minor),
        total_text: text(c.amount_minor + c.tax_minor),
        refunded_text: (c.status == charges::REFUNDED).then(|| text(c.refunded_minor)),
        charged_at: c.settled_at.unwrap_or(c.created_at),
        refunded_at: c.refunded_at,
        period_start: current.then_some(plan.current_period_start),
        period_end: current.then_some(plan.current_period_end),
        plan_price_text: money::text(plan.price_minor, &plan.currency, plan.currency_exponent),
        cycle: money::cycle(&plan.cycle),
        method: MethodChoice::parse(&plan.method).unwrap_or(MethodChoice::Card),
    }
}
