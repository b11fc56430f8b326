//! Refunds in the adapters' contract: the request, the provider's answer,
//! and what a lookup finds when that answer was lost or is still pending.
use super::Money;

/// A refund of a charge.
#[derive(Clone, Debug)]
pub struct RefundRequest {
    pub idempotency_key: String,
    /// The provider's id of the charge (transaction, capture, payment).
    pub provider_payment_ref: String,
    pub amount: Money,
    pub order_no: String,
}

/// What the provider said of a refund.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefundOutcome {
    Refunded {
        provider_ref: String,
    },
    /// Accepted, settles later (a webhook confirms).
    Pending {
        provider_ref: String,
    },
}

/// What a provider knows of the refund of a charge, looked up to settle a
/// refund whose answer was lost or that is still pending.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefundFound {
    /// The provider has no refund of the charge: asking for one is safe.
    Nothing,
    /// Accepted, not settled yet.
    Pending {
        provider_ref: Option<String>,
    },
    /// The provider cannot tell yet whether a refund exists (dLocal shows
    /// a payment as refunded only once a refund succeeded): wait for its
    /// notification or the next lookup, never ask again.
    Unknown,
    Refunded {
        provider_ref: String,
    },
    /// The provider refused or reversed it: the money stays with us.
    Rejected {
        provider_ref: String,
    },
}

impl From<RefundOutcome> for RefundFound {
    fn from(outcome: RefundOutcome) -> RefundFound {
        match outcome {
            RefundOutcome::Refunded { provider_ref } => RefundFound::Refunded { provider_ref },
            RefundOutcome::Pending { provider_ref } => RefundFound::Pending {
                provider_ref: Some(provider_ref),
            },
        }
    }
}
