//! Helpers for provider-event tests: events handed straight to the use case
//! (as a verified webhook would), a database failure injected into the
//! effect's tables, and the billing mails queued.
use crate::billing_util::{order, stored_order};
use crate::util::{Backend, TestApp};
use sea_orm::{ColumnTrait as _, ConnectionTrait as _, EntityTrait as _, QueryFilter as _};
use server::payments::{EventKind, Money, ProviderEvent, ProviderKind};
use server::persistence::entities::{job, order as order_row, payment_event, subscription};
use server::services::billing::events::{self, Applied};
use server::services::ServiceError;

/// The tables every event's effect writes to.
const EFFECT_TABLES: [&str; 3] = ["orders", "subscriptions", "charges"];

/// Makes every insert and update of the effect tables fail (`on`), or
/// stop failing: a database error between receipt and effect. On SQLite
/// `IF [NOT] EXISTS`: a pooled connection parses DDL against the schema it
/// last read, and only these forms check it against the file before acting
/// (a plain CREATE after another connection's DROP says "already exists").
pub async fn fail_effects(app: &TestApp, on: bool) {
    let mut statements = Vec::new();
    if on && matches!(app.backend, Backend::Postgres) {
        statements.push("CREATE OR REPLACE FUNCTION ct_injected() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$".to_owned());
    }
    for table in EFFECT_TABLES {
        statements.extend(match (app.backend, on) {
            (Backend::Sqlite, true) => ["INSERT", "UPDATE"].map(|op| format!(
                "CREATE TRIGGER IF NOT EXISTS ct_fail_{table}_{op} BEFORE {op} ON {table} BEGIN SELECT RAISE(ABORT, 'injected failure'); END"
            )).to_vec(),
            (Backend::Sqlite, false) => ["INSERT", "UPDATE"]
                .map(|op| format!("DROP TRIGGER IF EXISTS ct_fail_{table}_{op}"))
                .to_vec(),
            (Backend::Postgres, true) => vec![format!(
                "CREATE TRIGGER ct_fail_{table} BEFORE INSERT OR UPDATE ON {table} FOR EACH ROW EXECUTE FUNCTION ct_injected()"
            )],
            (Backend::Postgres, false) => vec![format!("DROP TRIGGER ct_fail_{table} ON {table}")],
        });
    }
    for sql in statements {
        app.db.execute_unprepared(&sql).await.unwrap();
    }
}

/// Hands one verified event from `provider` to the use case at `at`.
pub async fn ingest(
    app: &TestApp,
    provider: ProviderKind,
    id: &str,
    kind: EventKind,
    at: i64,
) -> Result<Vec<Applied>, ServiceError> {
    let event = ProviderEvent {
        event_id: id.to_owned(),
        occurred_at_ms: at,
        kind,
    };
    events::ingest(&app.state.cx().at(at), provider, vec![event]).await
}

/// The outcome [`ingest`] gave its one event.
pub async fn outcome_of(
    app: &TestApp,
    provider: ProviderKind,
    id: &str,
    kind: EventKind,
    at: i64,
) -> &'static str {
    let applied = ingest(app, provider, id, kind, at)
        .await
        .unwrap_or_else(|e| panic!("{:?}: {id}: {e}", app.backend));
    applied[0].outcome
}

/// The stored row of event `id`, if any.
pub async fn event_row(app: &TestApp, id: &str) -> Option<payment_event::Model> {
    payment_event::Entity::find()
        .filter(payment_event::Column::EventId.eq(id))
        .one(&app.db)
        .await
        .unwrap()
}

/// A placed (unpaid) order of `email`.
pub async fn placed(app: &TestApp, email: &str) -> order_row::Model {
    let key = format!("event-key-{}", email.replace(['@', '.'], "-"));
    let res = order(app, email, &key, "en").await;
    let order_no = res.json()["obj"]["orderNo"].as_str().unwrap().to_owned();
    stored_order(app, &order_no).await
}

/// Makes `order` `provider`'s (orders placed here go to the sandbox).
pub async fn move_to(app: &TestApp, order: &order_row::Model, provider: ProviderKind) {
    order_row::Entity::update_many()
        .col_expr(
            order_row::Column::Provider,
            sea_orm::sea_query::Expr::value(provider.as_str()),
        )
        .filter(order_row::Column::Id.eq(order.id))
        .exec(&app.db)
        .await
        .unwrap();
}

/// The first payment of `order` as the provider reports it.
pub fn checkout_paid(order: &order_row::Model, sub_ref: &str, pay_ref: &str) -> EventKind {
    EventKind::CheckoutPaid {
        order_no: order.order_no.clone(),
        provider_payment_ref: pay_ref.to_owned(),
        subscription_ref: Some(sub_ref.to_owned()),
        payment_token: None,
        amount: money(order, order.first_amount_minor),
        tax_minor: 0,
        instrument: None,
        instrument_country: None,
    }
}

/// `minor` in `order`'s currency.
pub fn money(order: &order_row::Model, minor: i64) -> Money {
    Money {
        minor,
        currency: order.currency.clone(),
        exponent: order.currency_exponent.unsigned_abs(),
    }
}

/// The subscription the provider calls `reference`.
pub async fn subscription_ref(app: &TestApp, reference: &str) -> Option<subscription::Model> {
    subscription::Entity::find()
        .filter(subscription::Column::ProviderRef.eq(reference))
        .one(&app.db)
        .await
        .unwrap()
}

/// The kinds of the billing mails queued for subscription `id`, oldest first.
pub async fn billing_mails(app: &TestApp, subscription_id: i64) -> Vec<String> {
    job::Entity::find()
        .filter(job::Column::Kind.eq("billing_mail"))
        .all(&app.db)
        .await
        .unwrap()
        .into_iter()
        .filter_map(|j| serde_json::from_str::<serde_json::Value>(&j.payload).ok())
        .filter(|p| p["subscription_id"] == subscription_id)
        .map(|p| p["kind"].as_str().unwrap_or_default().to_owned())
        .collect()
}
