//! The contract every payment adapter speaks.
use super::device::PayerDevice;
pub use super::error::PaymentError;
use app_core::model::{billing::Decline, billing::MethodChoice, Cycle};

/// An amount in minor units of an ISO 4217 currency (`$0.99` = `(99, "USD")`, exponent 2).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Money {
    pub minor: i64,
    pub currency: String,
    /// Decimal places of the currency (0 for IDR, 2 for USD).
    pub exponent: u32,
}

impl Money {
    /// The decimal string providers take in JSON (`"0.99"`, `"300"`).
    pub fn decimal(&self) -> String {
        if self.exponent == 0 {
            return self.minor.to_string();
        }
        let scale = 10_i64.pow(self.exponent);
        let sign = if self.minor < 0 { "-" } else { "" };
        let abs = self.minor.abs();
        format!(
            "{sign}{}.{:0width$}",
            abs / scale,
            abs % scale,
            width = self.exponent as usize
        )
    }
}

/// Which provider.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ProviderKind {
    Sandbox,
    Paddle,
    Paypal,
    FastSpring,
    PayerMax,
    DLocal,
}

impl ProviderKind {
    pub const ALL: [ProviderKind; 6] = [
        ProviderKind::Sandbox,
        ProviderKind::Paddle,
        ProviderKind::Paypal,
        ProviderKind::FastSpring,
        ProviderKind::PayerMax,
        ProviderKind::DLocal,
    ];

    /// The stored and URL name (`/api_f/v1/payments/webhook/{name}`).
    pub fn as_str(self) -> &'static str {
        match self {
            ProviderKind::Sandbox => "sandbox",
            ProviderKind::Paddle => "paddle",
            ProviderKind::Paypal => "paypal",
            ProviderKind::FastSpring => "fastspring",
            ProviderKind::PayerMax => "payermax",
            ProviderKind::DLocal => "dlocal",
        }
    }

    pub fn parse(s: &str) -> Option<ProviderKind> {
        ProviderKind::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// Whether the first charge is the amount we send (not Paddle, PayPal, FastSpring).
    pub fn charges_our_amount(self) -> bool {
        !matches!(
            self,
            ProviderKind::Paddle | ProviderKind::Paypal | ProviderKind::FastSpring
        )
    }

    /// Who takes each method: card via Paddle, PayPal, FastSpring, GCash,
    /// DANA, GoPay via PayerMax, the others (GrabPay, Maya, QRIS, OVO, ShopeePay) via dLocal.
    pub fn for_method(method: MethodChoice) -> ProviderKind {
        match method {
            MethodChoice::Card => ProviderKind::Paddle,
            MethodChoice::Paypal => ProviderKind::Paypal,
            MethodChoice::FastSpring => ProviderKind::FastSpring,
            MethodChoice::Gcash | MethodChoice::Dana | MethodChoice::Gopay => {
                ProviderKind::PayerMax
            }
            _ => ProviderKind::DLocal,
        }
    }
}

/// Payer fields a method may need. `Debug` is redacted: these are personal.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Customer {
    pub email: String,
    pub name: Option<String>,
    pub zip: Option<String>,
    pub document: Option<String>,
    /// E.164.
    pub phone: Option<String>,
    /// ISO 3166 alpha-2 of the payer.
    pub country: String,
}

impl std::fmt::Debug for Customer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Customer")
            .field("country", &self.country)
            .finish_non_exhaustive()
    }
}

/// A new order's hosted checkout: the first charge (the trial price, or the
/// full price) and the renewal terms the payer agrees to.
#[derive(Clone, Debug)]
pub struct CheckoutRequest {
    /// Our order number: the provider's reference and deduplication key.
    pub order_no: String,
    pub method: MethodChoice,
    pub customer: Customer,
    /// `en`, `id`, `zh`.
    pub locale: String,
    pub first_charge: Money,
    pub renewal: Money,
    pub cycle: Cycle,
    pub trial_days: i32,
    /// The plan has a trial this payer already had: sold at the full price.
    pub skips_trial: bool,
    /// Our plan id (adapters map it to their price/plan ids).
    pub plan_id: i64,
    /// Where the payer returns after paying (the result page).
    pub return_url: String,
    /// Where the payer returns after abandoning.
    pub cancel_url: String,
    /// Where the provider sends its webhooks.
    pub notify_url: String,
    /// The payer's device, when known (wallets ask for its kind).
    pub device: Option<PayerDevice>,
}

/// Where to send the payer, and the provider's id of what was created.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckoutStart {
    pub redirect_url: String,
    pub provider_ref: Option<String>,
}

/// A renewal charge we drive (sandbox, PayerMax and dLocal tokens).
#[derive(Clone, Debug)]
pub struct RenewalCharge {
    /// One key per subscription period and attempt: the provider's
    /// idempotency key and our reconciliation handle.
    pub idempotency_key: String,
    pub subscription_ref: Option<String>,
    /// The stored payment token of the first checkout.
    pub payment_token: Option<String>,
    pub amount: Money,
    pub order_no: String,
    pub notify_url: String,
    /// The payer's device at checkout, when it was recorded: wallets ask
    /// for it with a debit made without the payer.
    pub device: Option<PayerDevice>,
}

/// What became of a charge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChargeOutcome {
    Succeeded {
        provider_ref: String,
    },
    /// Refused, with the provider's reason mapped to what the payer can do.
    Declined {
        reason: Decline,
    },
    /// Still being decided; a webhook (or a later lookup) settles it.
    Pending {
        provider_ref: String,
    },
    /// The provider bills renewals itself and reports them by webhook.
    ProviderManaged,
}

/// An incoming webhook, as received.
#[derive(Debug)]
pub struct WebhookRequest<'a> {
    pub headers: &'a axum::http::HeaderMap,
    /// The exact bytes on the wire: signatures are over these.
    pub raw_body: &'a [u8],
    /// The public URL the provider posted to (some sign it).
    pub url: &'a str,
    /// ms since the Unix epoch, for the replay window.
    pub now_ms: i64,
}

/// Why a webhook is refused (the answer is 400 and nothing changes).
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum WebhookError {
    #[error("signature header missing")]
    MissingSignature,
    #[error("signature does not match")]
    BadSignature,
    #[error("signed outside the replay window")]
    Stale,
    #[error("body not understood")]
    Malformed,
    #[error("cannot verify now: {0}")]
    Unverifiable(PaymentError),
}

/// One verified provider event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProviderEvent {
    /// The provider's event id: stored with a unique key, so a redelivery
    /// is recognised and applied once.
    pub event_id: String,
    /// When the provider says it happened (ms), to order late arrivals.
    pub occurred_at_ms: i64,
    pub kind: EventKind,
}

/// What an event means for us, whatever the provider calls it (stored as
/// JSON while it waits for what it names).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum EventKind {
    /// The first payment of order `order_no` succeeded.
    CheckoutPaid {
        order_no: String,
        provider_payment_ref: String,
        subscription_ref: Option<String>,
        payment_token: Option<String>,
        /// Before tax: what the order's price is compared with.
        amount: Money,
        /// The tax the provider collected with it, in `amount`'s minor units.
        #[serde(default)]
        tax_minor: i64,
        /// The provider's fingerprint of what paid (card, payer, wallet
        /// account) where it reports one: a trial is once per instrument.
        #[serde(default)]
        instrument: Option<String>,
        /// The country of what paid (card issuer, wallet) where the
        /// provider reports it: renewals follow its price list.
        #[serde(default)]
        instrument_country: Option<String>,
    },
    /// The first payment is still being decided.
    CheckoutPending { order_no: String },
    /// The first payment failed and the checkout is over.
    CheckoutFailed {
        order_no: String,
        #[serde(default)]
        reason: Decline,
    },
    /// One attempt at the first payment failed, but the provider keeps the
    /// checkout open: the payer may try again (another card, more funds).
    CheckoutAttemptFailed {
        order_no: String,
        #[serde(default)]
        reason: Decline,
    },
    /// A renewal was paid: named by our idempotency key (charges we drive)
    /// or the provider's subscription (renewals it drives).
    RenewalPaid {
        idempotency_key: Option<String>,
        subscription_ref: Option<String>,
        provider_payment_ref: String,
        amount: Money,
    },
    RenewalFailed {
        idempotency_key: Option<String>,
        subscription_ref: Option<String>,
    },
    /// The provider ended the subscription.
    SubscriptionCanceled { subscription_ref: String },
    /// A refund settled.
    Refunded {
        provider_payment_ref: String,
        amount: Money,
    },
    /// A refund of the charge was rejected (or reversed) by the provider.
    RefundRejected { provider_payment_ref: String },
    /// Anything else (recorded, changes nothing).
    Other { event_type: String },
}
