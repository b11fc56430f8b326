//! Checkout, subscription and billing wire types (`/portal/order`,
//! `/admin/order/*`, `/other/user/property`). Money is always integer minor
//! units plus an ISO 4217 currency; display strings are made from those.
use serde::{Deserialize, Serialize};

pub use super::pay_methods::{MethodChoice, PayField};

/// One entry of `GET /portal/payMethods`: a method for the visitor's country.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PayMethodOption {
    pub choose: MethodChoice,
    pub level: u8,
    pub fields: Vec<PayField>,
}

/// `GET /portal/payMethods` answer: the payer's country and its methods.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PayMethods {
    /// ISO 3166 alpha-2 (from the IP, the browser language, or `?country=`).
    pub country: String,
    pub methods: Vec<PayMethodOption>,
}

/// `POST /portal/order` answer: the order and where the payer goes next
/// (the provider's hosted checkout, or the sandbox checkout on this site).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct OrderCreated {
    /// The order number (`ofm_code` on the result page and in support mails).
    pub order_no: String,
    pub redirect_url: String,
    /// What is charged today (`$0.99`): the trial price, or the full price
    /// for a returning customer (a trial is once per person).
    #[serde(default)]
    pub first_charge: String,
    /// The trial the order starts with; 0 when the first charge is the full price.
    #[serde(default)]
    pub trial_days: i32,
}

pub use super::pay_outcome::{Decline, OrderStatus, PayOutcome};

/// A subscription's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum SubscriptionState {
    Trialing,
    Active,
    PastDue,
    Canceled,
}

/// One charge in the billing history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ChargeView {
    pub id: i64,
    pub amount_minor: i64,
    pub currency: String,
    /// The amount for display (`Rp 190.000`, `$29.99`).
    pub amount_text: String,
    /// `succeeded`, `failed`, `pending`, `refunded`.
    pub status: String,
    /// ms since the Unix epoch.
    pub charged_at: i64,
    pub receipt_no: String,
}

/// `GET /other/user/property`: the member's subscription and charges.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct BillingSummary {
    /// `None` for an account that never subscribed.
    pub subscription: Option<SubscriptionView>,
    pub charges: Vec<ChargeView>,
    pub payment_count: i64,
    /// Access ends at this instant (ms); 0 without access.
    pub vip_time: i64,
}

/// The member's subscription as the billing page shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionView {
    pub state: SubscriptionState,
    pub cycle: super::Cycle,
    /// Full price per cycle.
    pub price_minor: i64,
    pub currency: String,
    /// The full price for display (`Rp 190.000`).
    pub price_text: String,
    pub current_period_end: i64,
    /// Set when the next charge will happen (not cancelled, not canceled).
    pub next_charge_at: Option<i64>,
    pub cancel_at_period_end: bool,
    pub has_access: bool,
    pub method: MethodChoice,
    /// The next period, when the member pays it by pay link (a wallet that
    /// cannot be charged without them) and it is due now.
    #[serde(default)]
    pub renewal: Option<RenewalDue>,
    /// The country of the card or wallet that pays, when its price list is
    /// not the plan's: the renewals are at that country's price.
    #[serde(default)]
    pub price_country: Option<String>,
}

/// A renewal the member confirms and pays themselves: what, by when, and
/// the fields the wallet needs (the name prefilled from the last payment).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RenewalDue {
    /// Exactly the next period's price (`Rp 190.000`).
    pub amount_text: String,
    /// When the paid period ends (ms): pay before it to keep access.
    pub due_at: i64,
    /// The fields the method needs on each payment.
    pub fields: Vec<PayField>,
    /// The name of the last payment, to prefill.
    pub name: String,
}

/// `POST /admin/order/refundDetail` answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RefundDetail {
    pub eligible: bool,
    /// Why not, when not: `window_passed`, `service_used`, `already_refunded`,
    /// `refund_pending`, `refund_rejected`, `no_charge`.
    pub reason: Option<String>,
    pub charge_id: Option<i64>,
    pub amount_minor: i64,
    pub currency: String,
    pub amount_text: String,
}

/// `GET /other/user/receipt?receiptNo=`: one of the member's payments as a
/// receipt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ReceiptView {
    pub receipt_no: String,
    /// Who was paid (the operator's legal name).
    pub seller: String,
    /// The name the payer's card or wallet statement shows for the charge.
    pub descriptor: String,
    /// As in [`ChargeView::status`].
    pub status: String,
    /// Before tax (`Rp 190.000`, `$29.99`).
    pub amount_text: String,
    pub tax_text: String,
    /// What was taken: the amount and its tax.
    pub total_text: String,
    /// The amount given back, once refunded.
    pub refunded_text: Option<String>,
    /// ms since the Unix epoch.
    pub charged_at: i64,
    pub refunded_at: Option<i64>,
    /// The period the payment covers (ms), when it is the subscription's
    /// current one.
    pub period_start: Option<i64>,
    pub period_end: Option<i64>,
    /// The plan's full price per cycle.
    pub plan_price_text: String,
    pub cycle: super::Cycle,
    pub method: MethodChoice,
}

/// `POST /admin/order/refund` and `PUT /admin/user/cancelSubscribe` answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct BillingDone {
    pub summary: BillingSummary,
}

/// The words for a payment's status (`succeeded`, `refunded`, `pending`,
/// `refund_pending`, `refund_rejected`; anything else failed).
pub fn charge_status_key(status: &str) -> crate::i18n::Key {
    use crate::i18n::Key;
    match status {
        "succeeded" => Key::BillpageChargeSucceeded,
        "refunded" => Key::BillpageChargeRefunded,
        "pending" => Key::BillpageChargePending,
        "refund_pending" => Key::BillpageChargeRefundPending,
        "refund_rejected" => Key::BillpageChargeRefundRejected,
        _ => Key::BillpageChargeFailed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn methods_follow_the_priority_table_and_country() {
        assert_eq!(
            MethodChoice::for_country("PH"),
            vec![
                MethodChoice::Card,
                MethodChoice::Paypal,
                MethodChoice::FastSpring,
                MethodChoice::Gcash,
                MethodChoice::Grabpay,
                MethodChoice::Paymaya
            ]
        );
        assert_eq!(
            MethodChoice::for_country("id"),
            vec![
                MethodChoice::Qris,
                MethodChoice::Gopay,
                MethodChoice::Ovo,
                MethodChoice::Dana,
                MethodChoice::Shopeepay,
                MethodChoice::Card,
                MethodChoice::Paypal,
                MethodChoice::FastSpring
            ]
        );
        assert_eq!(MethodChoice::for_country("US").len(), 3);
    }

    #[test]
    fn wire_names_round_trip() {
        for m in MethodChoice::ALL {
            assert_eq!(MethodChoice::parse(m.as_str()), Some(m));
            assert_eq!(serde_json::to_value(m).unwrap(), m.as_str());
        }
        assert_eq!(MethodChoice::parse("bitcoin"), None);
    }
}
