//! FastSpring
//! (being written)
use super::{
    ChargeOutcome, CheckoutRequest, CheckoutStart, PaymentError, ProviderEvent, RefundOutcome, RefundRequest,
    RenewalCharge, WebhookError, WebhookRequest,
};

#[derive(Clone, Debug)]
pub struct FastSpringConfig;

impl FastSpringConfig {
    /// # Errors
    /// Never yet.
    pub fn from_vars(_var: &dyn Fn(&str) -> Option<String>) -> anyhow::Result<Option<FastSpringConfig>> {
        Ok(None)
    }
}

#[derive(Debug)]
pub struct FastSpringProvider;

impl FastSpringProvider {
    /// # Errors
    /// Never yet.
    pub fn new(_config: &FastSpringConfig, _public_base_url: &str, _timeout: std::time::Duration) -> anyhow::Result<FastSpringProvider> {
        Ok(FastSpringProvider)
    }
    pub async fn create_checkout(&self, _req: &CheckoutRequest) -> Result<CheckoutStart, PaymentError> {
        Err(PaymentError::NotSupported)
    }
    pub async fn charge_renewal(&self, _req: &RenewalCharge) -> Result<ChargeOutcome, PaymentError> {
        Err(PaymentError::NotSupported)
    }
    pub async fn lookup_charge(&self, _k: &str) -> Result<Option<ChargeOutcome>, PaymentError> {
        Err(PaymentError::NotSupported)
    }
    pub async fn cancel(&self, _s: &str) -> Result<(), PaymentError> {
        Err(PaymentError::NotSupported)
    }
    pub async fn refund(&self, _req: &RefundRequest) -> Result<RefundOutcome, PaymentError> {
        Err(PaymentError::NotSupported)
    }
    pub async fn verify_webhook(&self, _req: &WebhookRequest<'_>) -> Result<Vec<ProviderEvent>, WebhookError> {
        Err(WebhookError::Malformed)
    }
}
