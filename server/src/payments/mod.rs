//! Payment providers: one adapter per provider, all speaking the same small
//! contract ([`Gateway`]) so the billing use cases never know which one
//! runs. An adapter creates hosted checkouts, charges renewals it drives
//! itself, cancels, refunds, looks a payment up (to reconcile an uncertain
//! call) and turns a signed webhook into [`ProviderEvent`]s.
//!
//! Money is integer minor units plus an ISO 4217 code ([`Money`]); adapters
//! convert to the provider's format at the edge. Nothing here logs a secret,
//! a card field or a personal field.
pub mod declines;
mod device;
pub mod dlocal;
mod error;
pub mod fastspring;
pub mod paddle;
pub mod payermax;
pub mod paypal;
mod refund;
pub mod sandbox;
pub mod setup;
mod types;
pub mod wire;

pub use device::PayerDevice;
pub use refund::{RefundFound, RefundOutcome, RefundRequest};
pub use types::{
    ChargeOutcome, CheckoutRequest, CheckoutStart, Customer, EventKind, Money, PaymentError,
    ProviderEvent, ProviderKind, RenewalCharge, WebhookError, WebhookRequest,
};

use app_core::model::billing::MethodChoice;
use std::sync::Arc;

/// One configured provider.
#[derive(Clone)]
pub enum Gateway {
    /// The built-in sandbox: a checkout page on this site with test cards.
    Sandbox(Arc<sandbox::SandboxProvider>),
    Paddle(Arc<paddle::PaddleProvider>),
    Paypal(Arc<paypal::PaypalProvider>),
    FastSpring(Arc<fastspring::FastSpringProvider>),
    PayerMax(Arc<payermax::PayerMaxProvider>),
    DLocal(Arc<dlocal::DLocalProvider>),
}

/// Calls the same method on whichever adapter this is.
macro_rules! each {
    ($self:expr, $p:ident => $call:expr) => {
        match $self {
            Gateway::Sandbox($p) => $call,
            Gateway::Paddle($p) => $call,
            Gateway::Paypal($p) => $call,
            Gateway::FastSpring($p) => $call,
            Gateway::PayerMax($p) => $call,
            Gateway::DLocal($p) => $call,
        }
    };
}

impl Gateway {
    /// Which provider this is.
    pub fn kind(&self) -> ProviderKind {
        match self {
            Gateway::Sandbox(_) => ProviderKind::Sandbox,
            Gateway::Paddle(_) => ProviderKind::Paddle,
            Gateway::Paypal(_) => ProviderKind::Paypal,
            Gateway::FastSpring(_) => ProviderKind::FastSpring,
            Gateway::PayerMax(_) => ProviderKind::PayerMax,
            Gateway::DLocal(_) => ProviderKind::DLocal,
        }
    }

    /// Starts a hosted checkout for a new order. Creating a checkout moves no
    /// money; the provider deduplicates by `order_no`.
    ///
    /// # Errors
    /// [`PaymentError`]; a time-out leaves no payment behind.
    pub async fn create_checkout(
        &self,
        req: &CheckoutRequest,
    ) -> Result<CheckoutStart, PaymentError> {
        each!(self, p => p.create_checkout(req).await)
    }

    /// Charges one renewal period. Paddle, PayPal and FastSpring bill every
    /// renewal themselves and report it by webhook: for them the answer is
    /// [`ChargeOutcome::ProviderManaged`], without a call.
    ///
    /// # Errors
    /// [`PaymentError::Timeout`] means the outcome is unknown: reconcile with
    /// [`Gateway::lookup_charge`] under the same idempotency key, never re-charge.
    pub async fn charge_renewal(&self, req: &RenewalCharge) -> Result<ChargeOutcome, PaymentError> {
        match self {
            Gateway::Sandbox(p) => p.charge_renewal(req).await,
            Gateway::PayerMax(p) => p.charge_renewal(req).await,
            Gateway::DLocal(p) => p.charge_renewal(req).await,
            Gateway::Paddle(_) | Gateway::Paypal(_) | Gateway::FastSpring(_) => {
                Ok(ChargeOutcome::ProviderManaged)
            }
        }
    }

    /// What became of a charge made with `idempotency_key` (reconciliation).
    /// PayPal and FastSpring never charge under our keys, so there is
    /// nothing to find there; Paddle can still find its checkout's `txn_…`.
    ///
    /// # Errors
    /// [`PaymentError`].
    pub async fn lookup_charge(
        &self,
        idempotency_key: &str,
    ) -> Result<Option<ChargeOutcome>, PaymentError> {
        match self {
            Gateway::Sandbox(p) => p.lookup_charge(idempotency_key).await,
            Gateway::Paddle(p) => p.lookup_charge(idempotency_key).await,
            Gateway::PayerMax(p) => p.lookup_charge(idempotency_key).await,
            Gateway::DLocal(p) => p.lookup_charge(idempotency_key).await,
            Gateway::Paypal(_) | Gateway::FastSpring(_) => Ok(None),
        }
    }

    /// Stops renewals of the provider-side subscription at the end of the
    /// current period (providers without that option: immediately; access is
    /// kept until the period ends on our side anyway).
    ///
    /// # Errors
    /// [`PaymentError`].
    pub async fn cancel(&self, subscription_ref: &str) -> Result<(), PaymentError> {
        each!(self, p => p.cancel(subscription_ref).await)
    }

    /// Refunds (part of) a charge. Not every provider deduplicates (Paddle,
    /// FastSpring and dLocal do not), so the call is made once per claim.
    ///
    /// # Errors
    /// An uncertain error ([`PaymentError::is_uncertain`]) means unknown:
    /// settle it with [`Gateway::lookup_refund`], never repeat blindly.
    pub async fn refund(&self, req: &RefundRequest) -> Result<RefundOutcome, PaymentError> {
        each!(self, p => p.refund(req).await)
    }

    /// What became of the refund `req` asked for, looked up at the provider
    /// (`refund_ref`: the provider's refund id, when it answered one). The
    /// one safe way to settle a refund whose answer was lost: Paddle and
    /// FastSpring take no idempotency key and dLocal documents none.
    /// PayPal deduplicates a repeat under the same `PayPal-Request-Id`, so
    /// its lookup is that documented replay; PayerMax's is `refundQuery`.
    ///
    /// # Errors
    /// [`PaymentError`]: the outcome stays unknown, look again later.
    pub async fn lookup_refund(
        &self,
        req: &RefundRequest,
        refund_ref: Option<&str>,
    ) -> Result<RefundFound, PaymentError> {
        match self {
            Gateway::Sandbox(p) => p.lookup_refund(req).await,
            Gateway::Paddle(p) => p.lookup_refund(req, refund_ref).await,
            Gateway::FastSpring(p) => p.lookup_refund(req).await,
            Gateway::DLocal(p) => p.lookup_refund(req, refund_ref).await,
            Gateway::Paypal(p) => p.refund(req).await.map(RefundFound::from),
            Gateway::PayerMax(p) => p.lookup_refund(req).await,
        }
    }

    /// Checks a webhook's signature on the raw bytes (and its replay window)
    /// and parses it into events.
    ///
    /// # Errors
    /// [`WebhookError`]: the caller answers 400 and changes nothing.
    pub async fn verify_webhook(
        &self,
        req: &WebhookRequest<'_>,
    ) -> Result<Vec<ProviderEvent>, WebhookError> {
        each!(self, p => p.verify_webhook(req).await)
    }
}

impl Gateway {
    /// Whether the provider takes prices in `currency` (PayPal's table).
    pub fn takes_currency(&self, currency: &str) -> bool {
        match self {
            Gateway::Paypal(_) => paypal::currencies::decimals(currency).is_some(),
            _ => true,
        }
    }

    /// Whether plan `plan_id` can be sold here at the full price to a payer
    /// who had its trial: providers that charge our amount always can; those
    /// billing their own price objects need a no-trial one configured.
    pub fn sells_without_trial(&self, plan_id: i64) -> bool {
        match self {
            Gateway::Paddle(p) => p.sells_without_trial(plan_id),
            Gateway::Paypal(p) => p.sells_without_trial(plan_id),
            Gateway::FastSpring(p) => p.sells_without_trial(plan_id),
            _ => self.kind().charges_our_amount(),
        }
    }

    /// The body the provider expects with a 200 to its webhook (PayerMax
    /// retries unless it reads `{"code":"SUCCESS"}`).
    pub fn webhook_ack(&self) -> &'static str {
        match self {
            Gateway::PayerMax(_) => r#"{"code":"SUCCESS","msg":"Success"}"#,
            _ => "",
        }
    }
}

/// The configured providers, and which one serves each payment method.
#[derive(Clone)]
pub struct Gateways {
    by_kind: Vec<Gateway>,
    /// With the sandbox on, every method goes through it.
    sandbox_only: bool,
}

impl Gateways {
    /// Builds the set from configured gateways; the sandbox, when present,
    /// takes every method.
    pub fn new(by_kind: Vec<Gateway>) -> Gateways {
        let sandbox_only = by_kind.iter().any(|g| g.kind() == ProviderKind::Sandbox);
        Gateways {
            by_kind,
            sandbox_only,
        }
    }

    /// The gateway named `kind`, if configured.
    pub fn get(&self, kind: ProviderKind) -> Option<&Gateway> {
        self.by_kind.iter().find(|g| g.kind() == kind)
    }

    /// The gateway that takes `method`, if configured.
    pub fn for_method(&self, method: MethodChoice) -> Option<&Gateway> {
        let kind = if self.sandbox_only {
            ProviderKind::Sandbox
        } else {
            ProviderKind::for_method(method)
        };
        self.get(kind)
    }

    /// The sandbox, when it runs (its page and webhook delivery need it).
    pub fn sandbox(&self) -> Option<&Arc<sandbox::SandboxProvider>> {
        self.by_kind.iter().find_map(|g| match g {
            Gateway::Sandbox(p) => Some(p),
            _ => None,
        })
    }

    /// Whether `method` can be paid with here.
    pub fn offers(&self, method: MethodChoice) -> bool {
        self.for_method(method).is_some()
    }

    /// Whether `method` can be paid with here for a price in `currency`.
    pub fn offers_in(&self, method: MethodChoice, currency: &str) -> bool {
        self.for_method(method)
            .is_some_and(|g| g.takes_currency(currency))
    }
}
