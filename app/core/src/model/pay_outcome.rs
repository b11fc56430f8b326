//! What the result page tells a payer (`GET /admin/order/status`): where
//! the order stands, what was charged and when it renews, or why the
//! payment failed in words the payer can act on.
use serde::{Deserialize, Serialize};

/// Where an order stands, as the result page shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum PayOutcome {
    /// Created; the payer has not finished at the provider yet.
    Processing,
    /// Paid: the account exists.
    Success,
    /// The provider is still deciding (wallet approval, bank transfer).
    Pending,
    /// Declined or abandoned: nothing was charged.
    Fail,
}

/// Why a payment failed, in the classes a payer can act on. Each adapter
/// maps its provider's documented decline codes onto these; a code it does
/// not know is [`Decline::Declined`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Decline {
    /// Not enough money on the card or in the wallet.
    InsufficientFunds,
    /// The bank or wallet said no without saying why (or a reason the
    /// payer cannot fix: lost, stolen, blocked, fraud).
    #[default]
    Declined,
    /// The card (or the wallet's linked instrument) has expired.
    Expired,
    /// A wrong security code, PIN, or a failed 3-D Secure / wallet check.
    Authentication,
    /// The method cannot take this payment (not enabled, wrong country,
    /// over its limit): another method may.
    MethodUnavailable,
    /// The provider or the bank could not answer now: trying again later works.
    ProviderBusy,
}

impl Decline {
    pub const ALL: [Decline; 6] = [
        Decline::InsufficientFunds,
        Decline::Declined,
        Decline::Expired,
        Decline::Authentication,
        Decline::MethodUnavailable,
        Decline::ProviderBusy,
    ];

    /// The stored name (an order's `fail_reason`).
    pub fn as_str(self) -> &'static str {
        match self {
            Decline::InsufficientFunds => "insufficient_funds",
            Decline::Declined => "declined",
            Decline::Expired => "expired",
            Decline::Authentication => "authentication",
            Decline::MethodUnavailable => "method_unavailable",
            Decline::ProviderBusy => "provider_busy",
        }
    }

    /// Reads a stored name.
    pub fn parse(s: &str) -> Option<Decline> {
        Decline::ALL.into_iter().find(|d| d.as_str() == s)
    }
}

/// `GET /admin/order/status?orderNo=…` answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct OrderStatus {
    pub order_no: String,
    pub email: String,
    pub outcome: PayOutcome,
    /// Why the payment failed (with [`PayOutcome::Fail`]).
    #[serde(default)]
    pub decline: Option<Decline>,
    /// The plan and method of the order, so a retry starts from them.
    #[serde(default)]
    pub plan_id: i64,
    #[serde(default)]
    pub method: String,
    /// What the first payment charges (`Rp 300`), paid or not.
    #[serde(default)]
    pub first_charge: String,
    /// The trial it buys; 0: the first charge is the full price.
    #[serde(default)]
    pub trial_days: i32,
    /// The full price of every later period (`Rp 190.000`).
    #[serde(default)]
    pub renewal_price: String,
    /// When the paid subscription renews (ms since the Unix epoch).
    #[serde(default)]
    pub renews_at: Option<i64>,
    /// Whether the account this order created still has no password (the
    /// result page then asks for one).
    #[serde(default)]
    pub needs_password: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decline_names_round_trip_and_unknown_reads_none() {
        for d in Decline::ALL {
            assert_eq!(Decline::parse(d.as_str()), Some(d));
            let json = serde_json::to_string(&d).unwrap();
            assert_eq!(json, format!("\"{}\"", d.as_str()));
        }
        assert_eq!(Decline::parse("nope"), None);
    }
}
