//! The sandbox's own ledger (`sandbox_payments`): one row per reference,
//! written once (the provider's idempotency), read back for answers and
//! lookups.
use super::SandboxProvider;
use crate::payments::{ChargeOutcome, Money, PaymentError};
use crate::persistence::entities::sandbox_payment;
use app_core::model::billing::Decline;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};

impl SandboxProvider {
    #[expect(clippy::too_many_arguments, reason = "one row's columns")]
    pub(super) fn row(
        &self,
        reference: &str,
        kind: &str,
        amount: &Money,
        status: &str,
        token: Option<String>,
        notify_url: &str,
        locale: &str,
    ) -> sandbox_payment::ActiveModel {
        sandbox_payment::ActiveModel {
            reference: Set(reference.to_owned()),
            kind: Set(kind.to_owned()),
            amount_minor: Set(amount.minor),
            currency: Set(amount.currency.clone()),
            currency_exponent: Set(i32::try_from(amount.exponent).unwrap_or(2)),
            status: Set(status.to_owned()),
            token: Set(token),
            behaviour: Set(None),
            notify_url: Set(notify_url.to_owned()),
            locale: Set(locale.to_owned()),
            created_at: Set((self.clock)()),
            ..Default::default()
        }
    }

    /// Inserts unless the reference exists (the provider's idempotency),
    /// then answers with the stored row either way.
    pub(super) async fn insert_once(
        &self,
        row: sandbox_payment::ActiveModel,
    ) -> Result<sandbox_payment::Model, PaymentError> {
        let reference = row.reference.clone().unwrap();
        sandbox_payment::Entity::insert(row)
            .on_conflict(
                OnConflict::column(sandbox_payment::Column::Reference)
                    .do_nothing()
                    .to_owned(),
            )
            .exec_without_returning(&self.db)
            .await
            .map_err(db_down)?;
        self.find(&reference)
            .await
            .map_err(db_down)?
            .ok_or(PaymentError::BadResponse)
    }

    pub(super) async fn find(
        &self,
        reference: &str,
    ) -> Result<Option<sandbox_payment::Model>, sea_orm::DbErr> {
        sandbox_payment::Entity::find()
            .filter(sandbox_payment::Column::Reference.eq(reference))
            .one(&self.db)
            .await
    }
}

pub(super) fn outcome(row: &sandbox_payment::Model) -> ChargeOutcome {
    let provider_ref = format!("sbx_pay_{}", row.id);
    match row.status.as_str() {
        "succeeded" => ChargeOutcome::Succeeded { provider_ref },
        "pending" | "open" => ChargeOutcome::Pending { provider_ref },
        "insufficient_funds" => ChargeOutcome::Declined {
            reason: Decline::InsufficientFunds,
        },
        _ => ChargeOutcome::Declined {
            reason: Decline::Declined,
        },
    }
}

/// The sandbox's "servers" are our database: when it is down the provider
/// cannot be reached.
pub(super) fn db_down(error: sea_orm::DbErr) -> PaymentError {
    tracing::warn!(%error, "sandbox provider: database error");
    PaymentError::Connection {
        kind: "sandbox database",
    }
}
