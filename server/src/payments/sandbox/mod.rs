//! The built-in sandbox provider: a checkout page on this site (served by
//! `web::sandbox_checkout`) with test cards and wallet answers, its own
//! ledger (`sandbox_payments`), and signed webhooks delivered over HTTP to
//! our own webhook endpoint exactly as a real provider's would be.
pub mod cards;
mod ledger;
mod webhooks;

use ledger::{db_down, outcome};

pub use cards::{Behaviour, TestCard, TEST_CARDS};
pub use webhooks::{sign, SIGNATURE_HEADER};

use super::{
    ChargeOutcome, CheckoutRequest, CheckoutStart, Money, PaymentError, ProviderEvent, RefundFound,
    RefundOutcome, RefundRequest, RenewalCharge, WebhookError, WebhookRequest,
};
use crate::persistence::entities::sandbox_payment;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter};

/// Delay between the "pending" and the "paid" webhook of a pending payment.
pub const PENDING_SETTLES_AFTER_MS: i64 = 4_000;

/// A checkout as the sandbox page shows it.
#[derive(Clone, Debug)]
pub struct SandboxCheckout {
    pub order_no: String,
    pub amount: Money,
    pub locale: String,
    /// `open` until paid or refused.
    pub open: bool,
}

/// The sandbox provider.
pub struct SandboxProvider {
    db: DatabaseConnection,
    secret: Vec<u8>,
    public_base_url: String,
    clock: fn() -> i64,
    /// How long after recording a renewal charge or refund it answers (a
    /// provider that got the request but is slow to say so).
    pub latency: std::time::Duration,
}

impl SandboxProvider {
    pub fn new(db: DatabaseConnection, secret: &str, public_base_url: &str) -> SandboxProvider {
        SandboxProvider {
            db,
            secret: secret.as_bytes().to_vec(),
            public_base_url: public_base_url.to_owned(),
            clock: crate::clock::now_ms,
            latency: std::time::Duration::ZERO,
        }
    }

    pub async fn create_checkout(
        &self,
        req: &CheckoutRequest,
    ) -> Result<CheckoutStart, PaymentError> {
        let row = self.row(
            &req.order_no,
            "checkout",
            &req.first_charge,
            "open",
            None,
            &req.notify_url,
            &req.locale,
        );
        self.insert_once(row).await?;
        Ok(CheckoutStart {
            redirect_url: format!("{}/sandbox/checkout/{}", self.public_base_url, req.order_no),
            provider_ref: Some(format!("sbx_chk_{}", req.order_no)),
        })
    }

    /// The open checkout of `order_no`, for the sandbox page.
    ///
    /// # Errors
    /// Database errors.
    pub async fn checkout(
        &self,
        order_no: &str,
    ) -> Result<Option<SandboxCheckout>, sea_orm::DbErr> {
        let row = self.find(order_no).await?.filter(|r| r.kind == "checkout");
        Ok(row.map(|r| SandboxCheckout {
            open: r.status == "open",
            amount: Money {
                minor: r.amount_minor,
                currency: r.currency,
                exponent: r.currency_exponent.unsigned_abs(),
            },
            order_no: r.reference,
            locale: r.locale,
        }))
    }

    /// The payer submitted the sandbox form: settle the checkout as
    /// `behaviour` says and queue the webhooks a real provider would send.
    /// Returns false when the checkout was already settled (a double submit).
    ///
    /// # Errors
    /// Database errors.
    pub async fn pay(&self, order_no: &str, card: &str) -> Result<bool, sea_orm::DbErr> {
        let paid_with = cards::PaidWith {
            behaviour: Behaviour::of_card(card),
            fingerprint: cards::fingerprint(card),
            country: cards::issuer_country(card),
        };
        webhooks::settle_checkout(&self.db, order_no, paid_with, (self.clock)()).await
    }

    pub async fn charge_renewal(&self, req: &RenewalCharge) -> Result<ChargeOutcome, PaymentError> {
        let behaviour = self
            .behaviour_of_token(req.payment_token.as_deref())
            .await?;
        if behaviour == Behaviour::RenewalUnavailable {
            return Err(PaymentError::Rejected {
                status: 503,
                code: "service_unavailable".into(),
            });
        }
        let status = if behaviour == Behaviour::FailsAtRenewal {
            "declined"
        } else {
            "succeeded"
        };
        let row = self.row(
            &req.idempotency_key,
            "renewal",
            &req.amount,
            status,
            None,
            &req.notify_url,
            "en",
        );
        let stored = self.insert_once(row).await?;
        tokio::time::sleep(self.latency).await;
        if behaviour == Behaviour::RenewalAnswerLost {
            return Err(PaymentError::Timeout);
        }
        Ok(outcome(&stored))
    }

    pub async fn lookup_charge(
        &self,
        idempotency_key: &str,
    ) -> Result<Option<ChargeOutcome>, PaymentError> {
        Ok(self
            .find(idempotency_key)
            .await
            .map_err(db_down)?
            .as_ref()
            .map(outcome))
    }

    pub async fn cancel(&self, _subscription_ref: &str) -> Result<(), PaymentError> {
        // Renewals through the sandbox are charged by our own renewal job,
        // so there is nothing to stop on the provider side.
        Ok(())
    }

    pub async fn refund(&self, req: &RefundRequest) -> Result<RefundOutcome, PaymentError> {
        let row = self.row(
            &req.idempotency_key,
            "refund",
            &req.amount,
            "refunded",
            None,
            "",
            "en",
        );
        let stored = self.insert_once(row).await?;
        tokio::time::sleep(self.latency).await;
        Ok(RefundOutcome::Refunded {
            provider_ref: format!("sbx_rf_{}", stored.id),
        })
    }

    /// The sandbox's ledger knows every refund it made, by its key.
    pub async fn lookup_refund(&self, req: &RefundRequest) -> Result<RefundFound, PaymentError> {
        let found = self.find(&req.idempotency_key).await.map_err(db_down)?;
        Ok(
            found.map_or(RefundFound::Nothing, |row| RefundFound::Refunded {
                provider_ref: format!("sbx_rf_{}", row.id),
            }),
        )
    }

    pub async fn verify_webhook(
        &self,
        req: &WebhookRequest<'_>,
    ) -> Result<Vec<ProviderEvent>, WebhookError> {
        webhooks::verify(&self.secret, req)
    }

    /// Delivers the webhooks that are due; returns how many were answered 2xx.
    pub async fn deliver_due(&self, client: &reqwest::Client) -> usize {
        webhooks::deliver_due(&self.db, client, &self.secret, (self.clock)()).await
    }

    async fn behaviour_of_token(&self, token: Option<&str>) -> Result<Behaviour, PaymentError> {
        let Some(token) = token else {
            return Err(PaymentError::Rejected {
                status: 400,
                code: "no_token".into(),
            });
        };
        let row = sandbox_payment::Entity::find()
            .filter(sandbox_payment::Column::Token.eq(token))
            .one(&self.db)
            .await
            .map_err(db_down)?;
        let row = row.ok_or(PaymentError::Rejected {
            status: 404,
            code: "unknown_token".into(),
        })?;
        Ok(row
            .behaviour
            .as_deref()
            .and_then(Behaviour::parse)
            .unwrap_or(Behaviour::Succeeds))
    }
}
