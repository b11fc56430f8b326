//! Why a call to a payment provider failed.

/// Why a provider call failed. Carries no secrets or personal data.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PaymentError {
    /// No answer in time: the outcome is unknown.
    #[error("the payment provider did not answer in time")]
    Timeout,
    #[error("cannot reach the payment provider ({kind})")]
    Connection { kind: &'static str },
    #[error("the payment provider refused the call (HTTP {status}, {code})")]
    Rejected { status: u16, code: String },
    /// A success answer we could not read: the call may have taken effect.
    #[error("the payment provider's answer was not understood")]
    BadResponse,
    /// The provider or this adapter has no such operation.
    #[error("the payment provider does not support this operation")]
    NotSupported,
}

impl PaymentError {
    /// Whether the call may have taken effect (reconcile before any retry).
    pub fn is_uncertain(&self) -> bool {
        matches!(self, PaymentError::Timeout | PaymentError::BadResponse)
    }
}
