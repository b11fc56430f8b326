//! Checkout: a visitor places an order for a plan, pays at the provider's
//! hosted checkout (or the sandbox's), and — once the provider's signed
//! webhook says paid — enters the dashboard with the order's one-time claim.
use super::events::apply::Waits;
use super::{money, orders, payer, trials};
use crate::payments::{CheckoutRequest, Customer, Gateways, ProviderKind};
use crate::persistence::entities::{order, price_plan};
use crate::services::accounts::ClientInfo;
use crate::services::limits::{self, Rule};
use crate::services::tracking::attribution::{self, OrderTracking};
use crate::services::{Cx, ServiceError};
use crate::tokens;
use app_core::account::payment_fields::PaymentFormInput;
use app_core::i18n::{Key, Locale};
use app_core::model::billing::MethodChoice;
use sea_orm::{sea_query::OnConflict, ActiveValue::Set, EntityTrait, TransactionTrait};

/// Orders one client address may start per hour: each opens a provider
/// checkout, so a script must not open thousands.
pub const ORDERS_PER_CLIENT: Rule = Rule::per_minutes(20, 60);

/// What the payment form sends.
#[derive(Clone, Debug)]
pub struct PlaceOrder {
    pub plan_id: i64,
    pub method: MethodChoice,
    pub form: PaymentFormInput,
    /// Made once per payment form by the client: a retry of the same
    /// submission gets the same order; an edited form is another order
    /// ([`orders::submission_key`]).
    pub idempotency_key: String,
    pub locale: Locale,
    /// The payer's country (ISO alpha-2), which decides the prices and the
    /// methods offered ([`payer::payer_country`]).
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
    /// What is charged today, as text (`$29.99`), and the trial it buys
    /// (0: the full price, for a plan without trial or a returning customer).
    pub first_charge: String,
    pub trial_days: i32,
}

/// Places an order (once per idempotency key) and opens the provider's checkout.
///
/// # Errors
/// [`ServiceError::Fields`] per bad field; [`Key::ErrorPlanUnavailable`],
/// [`Key::ErrorPlanCountry`] (a plan of another country's prices),
/// [`Key::ErrorMethodUnavailable`]; [`ServiceError::RateLimited`];
/// [`ServiceError::Provider`] when the checkout cannot be opened now
/// (nothing is charged; the same key may be sent again);
/// [`Key::DeclineMethodUnavailable`] when the provider refuses it outright.
pub async fn place_order(
    cx: &Cx,
    gateways: &Gateways,
    input: PlaceOrder,
) -> Result<PlacedOrder, ServiceError> {
    // What was typed for another method is personal data this payment does
    // not need: it never reaches the provider, whichever adapter sent it.
    let input = PlaceOrder {
        form: app_core::checkout::only_method_fields(input.method, input.form.clone()),
        ..input
    };
    let errors = input.form.validate(input.method);
    if !errors.is_empty() {
        return Err(ServiceError::Fields(errors));
    }
    if !orders::valid_idempotency_key(&input.idempotency_key) {
        return Err(ServiceError::Invalid(Key::ErrorBadRequest));
    }
    let plan = orders::offered_plan(&cx.db, input.plan_id).await?;
    let country = input.country.to_ascii_uppercase();
    payer::check_plan_country(&cx.db, &plan, &country, cx.now).await?;
    let input = PlaceOrder {
        idempotency_key: orders::submission_key(
            &input.idempotency_key,
            input.plan_id,
            input.method,
            &input.form,
            &country,
        ),
        ..input
    };
    let gateway = gateways
        .for_method(input.method)
        .filter(|_| MethodChoice::for_country(&country).contains(&input.method))
        .filter(|g| g.takes_currency(&plan.currency))
        .ok_or(ServiceError::Invalid(Key::ErrorMethodUnavailable))?;
    let returning = is_returning(cx, &plan, &input.form.email).await?;
    let terms = OrderTerms::of(&plan, returning);
    if returning && !gateway.sells_without_trial(plan.id) {
        // Its only price object would start a trial this person already had.
        return Err(ServiceError::Invalid(Key::ErrorTrialMethod));
    }
    let (row, claim_code) =
        insert_once(cx, &input, terms, &country, gateway.kind().as_str()).await?;
    if let Some(url) = row.redirect_url.clone() {
        return Ok(placed(row, url, claim_code));
    }
    let request = checkout_request(cx, &input, &plan, &row, country);
    let start = gateway.create_checkout(&request).await.map_err(|error| {
        tracing::warn!(%error, provider = gateway.kind().as_str(), order = %row.order_no, "cannot open a checkout");
        crate::payments::declines::of_refused_checkout(&error).map_or(ServiceError::Provider, |d| {
            ServiceError::Invalid(app_core::checkout::decline_key(d))
        })
    })?;
    orders::opened(&cx.db, row.id, &start, cx.now).await?;
    Ok(placed(row, start.redirect_url, claim_code))
}

fn placed(row: order::Model, redirect_url: String, claim_code: Option<String>) -> PlacedOrder {
    PlacedOrder {
        first_charge: money::text(row.first_amount_minor, &row.currency, row.currency_exponent),
        trial_days: row.trial_days,
        order_no: row.order_no,
        redirect_url,
        claim_code,
    }
}

/// What the order charges first and for how long: the plan's trial, or
/// for a returning customer the full price (a trial is once per person).
#[derive(Clone, Copy, Debug)]
struct OrderTerms<'a> {
    plan: &'a price_plan::Model,
    first_minor: i64,
    trial_days: i32,
}

impl OrderTerms<'_> {
    fn of(plan: &price_plan::Model, returning: bool) -> OrderTerms<'_> {
        if plan.is_tryout && !returning {
            OrderTerms {
                plan,
                first_minor: plan.trial_price_minor,
                trial_days: plan.trial_days.max(0),
            }
        } else {
            OrderTerms {
                plan,
                first_minor: plan.present_price_minor,
                trial_days: 0,
            }
        }
    }
}

async fn is_returning(
    cx: &Cx,
    plan: &price_plan::Model,
    email: &str,
) -> Result<bool, ServiceError> {
    if !plan.is_tryout {
        return Ok(false);
    }
    trials::is_returning(&cx.db, email).await
}

/// Inserts the order unless its idempotency key exists; the client limit
/// is taken in the same transaction, so a refused order leaves nothing.
async fn insert_once(
    cx: &Cx,
    input: &PlaceOrder,
    terms: OrderTerms<'_>,
    country: &str,
    provider: &str,
) -> Result<(order::Model, Option<String>), ServiceError> {
    if let Some(existing) = orders::by_idempotency_key(&cx.db, &input.idempotency_key).await? {
        return Ok((existing, None));
    }
    let claim_code = tokens::new_token();
    let txn = cx.db.begin().await?;
    limits::take(
        &txn,
        &format!("order:client:{}", input.client.ip_bucket()),
        ORDERS_PER_CLIENT,
        cx.now,
    )
    .await?;
    let row = new_order(cx, input, terms, country, provider, &claim_code);
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
    let mine = tokens::same_secret(&stored.claim_hash, &tokens::digest(&[&claim_code]));
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
    terms: OrderTerms<'_>,
    country: &str,
    provider: &str,
    claim_code: &str,
) -> order::ActiveModel {
    let plan = terms.plan;
    order::ActiveModel {
        order_no: Set(orders::new_order_no()),
        idempotency_key: Set(input.idempotency_key.clone()),
        email: Set(input.form.email.trim().to_owned()),
        plan_id: Set(plan.id),
        locale: Set(input.locale.code().to_owned()),
        country: Set(country.to_owned()),
        method: Set(input.method.as_str().to_owned()),
        provider: Set(provider.to_owned()),
        first_amount_minor: Set(terms.first_minor),
        renewal_amount_minor: Set(plan.present_price_minor),
        trial_days: Set(terms.trial_days),
        currency: Set(plan.currency.clone()),
        currency_exponent: Set(i32::from(plan.currency_exponent)),
        status: Set(orders::CREATED.to_owned()),
        claim_hash: Set(tokens::digest(&[claim_code])),
        client_key: Set(input.client.ip_bucket()),
        payer_ip: Set(input.client.ip.map(|ip| ip.to_string())),
        payer_agent: Set(input
            .client
            .user_agent
            .as_ref()
            .map(|ua| ua.chars().take(512).collect())),
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
    // Back from the provider, the page shows this payer's prices again.
    let cancel_url = format!(
        "{base}{prefix}/pay-method?planId={}&payCountry={country}",
        plan.id
    );
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
        trial_days: row.trial_days,
        skips_trial: plan.is_tryout && row.trial_days == 0,
        plan_id: plan.id,
        return_url: format!("{base}{prefix}/pay-result?orderNo={}", row.order_no),
        cancel_url,
        notify_url: format!("{base}/api_f/v1/payments/webhook/{}", row.provider),
        device: orders::payer_device(row),
    }
}
