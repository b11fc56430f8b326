//! Checkout: a visitor places an order for a plan, pays at the provider's
//! hosted checkout (or the sandbox's), and — once the provider's signed
//! webhook says paid — enters the dashboard with the order's one-time claim.
use super::events::apply::Waits;
use super::{money, orders};
use crate::payments::{CheckoutRequest, Customer, Gateways, ProviderKind};
use crate::persistence::entities::{order, price_plan};
use crate::services::accounts::{secrets, ClientInfo};
use crate::services::limits::{self, Rule};
use crate::services::tracking::attribution::{self, OrderTracking};
use crate::services::{Cx, ServiceError};
use app::account::payment_fields::PaymentFormInput;
use app::i18n::{Key, Locale};
use app::model::billing::{MethodChoice, OrderStatus, PayOutcome};
use sea_orm::{
    sea_query::OnConflict, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter,
    TransactionTrait,
};

/// Orders one client address may start per hour: each opens a provider
/// checkout, so a script must not open thousands.
pub const ORDERS_PER_CLIENT: Rule = Rule::per_minutes(20, 60);

/// What the payment form sends.
#[derive(Clone, Debug)]
pub struct PlaceOrder {
    pub plan_id: i64,
    pub method: MethodChoice,
    pub form: PaymentFormInput,
    /// Made once per payment form by the client: a double click or a retry
    /// of the same submission (same key, same fields) gets the same order;
    /// the form edited after going back is another order ([`submission_key`]).
    pub idempotency_key: String,
    pub locale: Locale,
    /// The payer's country (ISO alpha-2), which decides the methods offered.
    pub country: String,
    pub client: ClientInfo,
    /// The cookie consent and campaign the browser carried: the order keeps
    /// its attribution only with marketing consent.
    pub tracking: OrderTracking,
}

/// The order placed, and where the payer goes next.
#[derive(Clone, Debug)]
pub struct PlacedOrder {
    pub order_no: String,
    pub redirect_url: String,
    /// The one-time code that lets this browser enter the new account once
    /// paid (kept in an http-only cookie). `None` when the key was replayed:
    /// the first answer already set it.
    pub claim_code: Option<String>,
}

/// Places an order (once per idempotency key) and opens the provider's checkout.
///
/// # Errors
/// [`ServiceError::Fields`] per bad field; [`Key::ErrorPlanUnavailable`],
/// [`Key::ErrorMethodUnavailable`]; [`ServiceError::RateLimited`];
/// [`ServiceError::Provider`] when the checkout cannot be opened (nothing
/// is charged; the same key may be sent again).
pub async fn place_order(
    cx: &Cx,
    gateways: &Gateways,
    input: PlaceOrder,
) -> Result<PlacedOrder, ServiceError> {
    // What was typed for another method is personal data this payment does
    // not need: it never reaches the provider, whichever adapter sent it.
    let input = PlaceOrder {
        form: app::checkout::only_method_fields(input.method, input.form.clone()),
        ..input
    };
    let errors = input.form.validate(input.method);
    if !errors.is_empty() {
        return Err(ServiceError::Fields(errors));
    }
    if !valid_idempotency_key(&input.idempotency_key) {
        return Err(ServiceError::Invalid(Key::ErrorBadRequest));
    }
    let plan = orders::offered_plan(&cx.db, input.plan_id).await?;
    let country = input.country.to_ascii_uppercase();
    let input = PlaceOrder {
        idempotency_key: submission_key(&input, &country),
        ..input
    };
    let gateway = gateways
        .for_method(input.method)
        .filter(|_| MethodChoice::for_country(&country).contains(&input.method))
        .ok_or(ServiceError::Invalid(Key::ErrorMethodUnavailable))?;
    let (row, claim_code) =
        insert_once(cx, &input, &plan, &country, gateway.kind().as_str()).await?;
    if let Some(url) = row.redirect_url.clone() {
        return Ok(PlacedOrder {
            order_no: row.order_no,
            redirect_url: url,
            claim_code,
        });
    }
    let request = checkout_request(cx, &input, &plan, &row, country);
    let start = gateway.create_checkout(&request).await.map_err(|error| {
        tracing::warn!(%error, provider = gateway.kind().as_str(), order = %row.order_no, "cannot open a checkout");
        ServiceError::Provider
    })?;
    orders::opened(&cx.db, row.id, &start, cx.now).await?;
    Ok(PlacedOrder {
        order_no: row.order_no,
        redirect_url: start.redirect_url,
        claim_code,
    })
}

/// 16 to 64 of `[A-Za-z0-9_-]` (a UUID fits).
fn valid_idempotency_key(key: &str) -> bool {
    (16..=64).contains(&key.len())
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The key an order is stored under: the client's key and everything the
/// order is made of (plan, method, e-mail, the method's fields, country).
/// Going back from the checkout and correcting the e-mail, plan or method
/// sends the same client key with other contents: a new order, never the
/// old one on the old e-mail. 64 hex characters, as the column holds.
pub fn submission_key(input: &PlaceOrder, country: &str) -> String {
    let f = &input.form;
    let plan = input.plan_id.to_string();
    secrets::digest(&[
        "order-submission",
        &input.idempotency_key,
        &plan,
        input.method.as_str(),
        &f.email.trim().to_lowercase(),
        f.zip.trim(),
        f.name.trim(),
        f.document.trim(),
        f.phone.trim(),
        country,
    ])
}

/// Inserts the order unless its idempotency key exists; the client limit
/// is taken in the same transaction, so a refused order leaves nothing.
async fn insert_once(
    cx: &Cx,
    input: &PlaceOrder,
    plan: &price_plan::Model,
    country: &str,
    provider: &str,
) -> Result<(order::Model, Option<String>), ServiceError> {
    if let Some(existing) = orders::by_idempotency_key(&cx.db, &input.idempotency_key).await? {
        return Ok((existing, None));
    }
    let claim_code = secrets::new_token();
    let txn = cx.db.begin().await?;
    limits::take(
        &txn,
        &format!("order:client:{}", input.client.ip_bucket()),
        ORDERS_PER_CLIENT,
        cx.now,
    )
    .await?;
    let row = new_order(cx, input, plan, country, provider, &claim_code);
    order::Entity::insert(row)
        .on_conflict(
            OnConflict::column(order::Column::IdempotencyKey)
                .do_nothing()
                .to_owned(),
        )
        .exec_without_returning(&txn)
        .await?;
    if let Some(placed) = orders::by_idempotency_key(&txn, &input.idempotency_key).await? {
        attribution::store(&txn, placed.id, &input.tracking, &input.client, cx.now).await?;
    }
    txn.commit().await?;
    let stored = orders::by_idempotency_key(&cx.db, &input.idempotency_key)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let mine = secrets::same_secret(&stored.claim_hash, &secrets::digest(&[&claim_code]));
    if let (true, Some(provider)) = (mine, ProviderKind::parse(provider)) {
        // Events that arrived before the order was visible apply now.
        let waits = vec![Waits::Order(stored.order_no.clone())];
        super::events::parked::release(cx, provider, waits).await;
    }
    Ok((stored, mine.then_some(claim_code)))
}

fn new_order(
    cx: &Cx,
    input: &PlaceOrder,
    plan: &price_plan::Model,
    country: &str,
    provider: &str,
    claim_code: &str,
) -> order::ActiveModel {
    let first = if plan.is_tryout {
        plan.trial_price_minor
    } else {
        plan.present_price_minor
    };
    order::ActiveModel {
        order_no: Set(orders::new_order_no()),
        idempotency_key: Set(input.idempotency_key.clone()),
        email: Set(input.form.email.trim().to_owned()),
        plan_id: Set(plan.id),
        locale: Set(input.locale.code().to_owned()),
        country: Set(country.to_owned()),
        method: Set(input.method.as_str().to_owned()),
        provider: Set(provider.to_owned()),
        first_amount_minor: Set(first),
        renewal_amount_minor: Set(plan.present_price_minor),
        currency: Set(plan.currency.clone()),
        currency_exponent: Set(i32::from(plan.currency_exponent)),
        status: Set(orders::CREATED.to_owned()),
        claim_hash: Set(secrets::digest(&[claim_code])),
        client_key: Set(input.client.ip_bucket()),
        created_at: Set(cx.now),
        updated_at: Set(cx.now),
        last_event_at: Set(0),
        ..Default::default()
    }
}

fn checkout_request(
    cx: &Cx,
    input: &PlaceOrder,
    plan: &price_plan::Model,
    row: &order::Model,
    country: String,
) -> CheckoutRequest {
    let base = &cx.config.public_base_url;
    let prefix = input.locale.path_prefix();
    let f = &input.form;
    let some = |v: &str| Some(v.trim().to_owned()).filter(|v| !v.is_empty());
    CheckoutRequest {
        order_no: row.order_no.clone(),
        method: input.method,
        customer: Customer {
            email: row.email.clone(),
            name: some(&f.name),
            zip: some(&f.zip),
            document: some(&f.document),
            phone: some(&f.phone),
            country,
        },
        locale: input.locale.code().to_owned(),
        first_charge: money::of(row.first_amount_minor, &row.currency, row.currency_exponent),
        renewal: money::of(
            row.renewal_amount_minor,
            &row.currency,
            row.currency_exponent,
        ),
        cycle: money::cycle(&plan.cycle),
        trial_days: if plan.is_tryout { plan.trial_days } else { 0 },
        plan_id: plan.id,
        return_url: format!("{base}{prefix}/pay-result?orderNo={}", row.order_no),
        cancel_url: format!("{base}{prefix}/pay-method?planId={}", plan.id),
        notify_url: format!("{base}/api_f/v1/payments/webhook/{}", row.provider),
    }
}

/// Where an order stands (`GET /admin/order/status`). The order number is
/// 80 random bits, so it is its own capability.
///
/// # Errors
/// [`ServiceError::NotFound`]; database errors.
pub async fn order_status(cx: &Cx, order_no: &str) -> Result<OrderStatus, ServiceError> {
    let row = orders::by_order_no(&cx.db, order_no)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let outcome = match row.status.as_str() {
        orders::PAID => PayOutcome::Success,
        orders::PENDING => PayOutcome::Pending,
        orders::FAILED => PayOutcome::Fail,
        _ => PayOutcome::Processing,
    };
    Ok(OrderStatus {
        order_no: row.order_no,
        email: row.email,
        outcome,
    })
}

/// Spends the order's one-time claim: the account this paid order created,
/// for the browser that placed it. A claim works once, and never for an
/// order that paid into an account that already existed.
///
/// # Errors
/// [`ServiceError::NotFound`] for an unknown, unpaid or spent claim.
pub async fn claim(cx: &Cx, claim_code: &str) -> Result<i64, ServiceError> {
    let hash = secrets::digest(&[claim_code]);
    let row = order::Entity::find()
        .filter(order::Column::ClaimHash.eq(hash))
        .filter(order::Column::Status.eq(orders::PAID))
        .one(&cx.db)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let user_id = row.user_id.ok_or(ServiceError::NotFound)?;
    if !orders::spend_claim(&cx.db, row.id, cx.now).await? {
        return Err(ServiceError::NotFound);
    }
    Ok(user_id)
}

/// Whether the order with claim `claim_code` is paid (its account exists).
///
/// # Errors
/// A database error.
pub async fn is_registered(cx: &Cx, claim_code: &str) -> Result<bool, ServiceError> {
    let paid = order::Entity::find()
        .filter(order::Column::ClaimHash.eq(secrets::digest(&[claim_code])))
        .filter(order::Column::Status.eq(orders::PAID))
        .one(&cx.db)
        .await?;
    Ok(paid.is_some())
}
