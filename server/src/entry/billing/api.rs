//! Checkout and billing calls: thin adapters over `services::billing`.
use super::doc::{Answer, BadRequest, Limited, NotFound, Unauthorized, Unavailable};
use super::extract::{require_session, service_error, Member, ValidForm};
use super::{ApiContext, ApiError, ApiOk, ApiResult};
use crate::services::billing::{checkout, claims, manage, methods, payer, receipts, refunds};
use crate::state::AppState;
use app_core::account::payment_fields::PaymentFormInput;
use app_core::model::billing::{
    BillingDone, BillingSummary, MethodChoice, OrderCreated, OrderStatus, PayMethodOption,
    PayMethods, ReceiptView, RefundDetail,
};
use axum::extract::{Query, State};
use axum::http::{header::SET_COOKIE, request::Parts};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

/// Query of `GET /portal/payMethods`.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default, rename_all = "camelCase")]
pub struct PayMethodsQuery {
    /// Overrides the country the visitor's address suggests.
    country: Option<String>,
    /// The plan about to be paid: only methods whose provider takes its
    /// currency are listed.
    plan_id: Option<i64>,
}

/// The payer's country by the one rule of [`payer::payer_country`].
pub fn payer_country(state: &AppState, parts: &Parts, chosen: Option<&str>) -> String {
    let hints = payer::PayerHints {
        chosen,
        ip: super::context::client_ip(parts, state.config.trust_forwarded_for),
    };
    payer::payer_country(state.geoip.as_deref(), hints, &state.config.default_country)
}

/// `GET /portal/payMethods[?country=PH]`: the methods for the payer's country, by priority.
#[utoipa::path(get, path = "/portal/payMethods", tag = "billing", params(PayMethodsQuery),
    responses((status = 200, description = "The methods for the payer's country, by priority.", body = Answer<PayMethods>), BadRequest))]
pub async fn pay_methods(
    State(state): State<AppState>,
    ctx: ApiContext,
    parts: Parts,
) -> ApiResult<PayMethods> {
    let Query(query) = Query::<PayMethodsQuery>::try_from_uri(&parts.uri)
        .map_err(|_| ApiError::bad_request(&ctx))?;
    let country = payer_country(&state, &parts, query.country.as_deref());
    let offered = methods::offered(&state.cx(), &state.gateways, &country, query.plan_id)
        .await
        .map_err(service_error(&ctx))?;
    let methods = offered
        .into_iter()
        .map(|m| PayMethodOption {
            choose: m,
            level: m.level(),
            fields: m.fields().to_vec(),
        })
        .collect();
    Ok(ApiOk::obj(PayMethods { country, methods }))
}

/// Body of `POST /portal/order`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct OrderForm {
    pub plan_id: i64,
    /// Any other name is a 400.
    #[schema(required = true, value_type = MethodChoice)]
    pub method: String,
    pub email: String,
    pub zip: String,
    pub name: String,
    pub document: String,
    pub phone: String,
    pub country: Option<String>,
    pub idempotency_key: String,
    /// The number searched before paying (picker value and number), carried
    /// to the dashboard in a sealed cookie.
    pub number_country: String,
    pub number_phone: String,
}

impl OrderForm {
    /// The use case's input (`None` for an unknown method name).
    pub fn into_input(
        self,
        locale: app_core::i18n::Locale,
        country: String,
        client: crate::services::accounts::ClientInfo,
        tracking: crate::services::tracking::attribution::OrderTracking,
    ) -> Option<checkout::PlaceOrder> {
        let method = MethodChoice::parse(&self.method)?;
        let form = PaymentFormInput {
            email: self.email,
            zip: self.zip,
            name: self.name,
            document: self.document,
            phone: self.phone,
        };
        let idempotency_key = self.idempotency_key;
        Some(checkout::PlaceOrder {
            plan_id: self.plan_id,
            method,
            form,
            idempotency_key,
            locale,
            country,
            client,
            tracking,
        })
    }
}

/// `POST /portal/order`: places the order (once per `idempotencyKey`) and
/// answers where the payer goes next; sets the order's claim cookie, and
/// the sealed cookie carrying the searched number to the dashboard.
#[utoipa::path(post, path = "/portal/order", tag = "billing",
    request_body(content = OrderForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, description = "The order and where the payer goes next; may set the order's claim cookie.", body = Answer<OrderCreated>),
        BadRequest, NotFound, Limited, Unavailable))]
pub async fn place_order(
    State(state): State<AppState>,
    ctx: ApiContext,
    parts: Parts,
    ValidForm(form): ValidForm<OrderForm>,
) -> Result<Response, ApiError> {
    let country = payer_country(&state, &parts, form.country.as_deref());
    let policy = crate::cookies::cookie_policy(&state.config.public_base_url);
    let carried = policy.carried_number(
        &state.config.secrets,
        &form.number_country,
        &form.number_phone,
    );
    let tracking = crate::cookies::order_tracking(&parts.headers);
    let input = form
        .into_input(ctx.locale, country, ctx.client.clone(), tracking)
        .ok_or_else(|| ApiError::bad_request(&ctx))?;
    let placed = checkout::place_order(&state.cx(), &state.gateways, input)
        .await
        .map_err(service_error(&ctx))?;
    let mut response = ApiOk::obj(OrderCreated {
        order_no: placed.order_no,
        redirect_url: placed.redirect_url,
        first_charge: placed.first_charge,
        trial_days: placed.trial_days,
    })
    .into_response();
    let cookies = placed.claim_code.map(|code| policy.checkout_claim(&code));
    for cookie in cookies.into_iter().chain(carried) {
        response.headers_mut().append(SET_COOKIE, cookie);
    }
    Ok(response)
}

/// Query of `GET /admin/order/status`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct OrderStatusQuery {
    order_no: String,
}

/// `GET /admin/order/status?orderNo=…`: processing, pending, success or fail.
#[utoipa::path(get, path = "/admin/order/status", tag = "billing", params(OrderStatusQuery),
    responses((status = 200, body = Answer<OrderStatus>), BadRequest, NotFound))]
pub async fn order_status(
    State(state): State<AppState>,
    ctx: ApiContext,
    query: Result<Query<OrderStatusQuery>, axum::extract::rejection::QueryRejection>,
) -> ApiResult<OrderStatus> {
    let Query(query) = query.map_err(|_| ApiError::bad_request(&ctx))?;
    claims::order_status(&state.cx(), &query.order_no)
        .await
        .map(ApiOk::obj)
        .map_err(service_error(&ctx))
}

/// `GET /other/user/property`: the member's subscription and charges.
#[utoipa::path(get, path = "/other/user/property", tag = "billing", security(("token" = [])),
    responses((status = 200, body = Answer<BillingSummary>), Unauthorized))]
pub async fn property(State(state): State<AppState>, ctx: ApiContext) -> ApiResult<BillingSummary> {
    let auth = require_session(&state, &ctx).await?;
    manage::summary(&state.cx(), &auth.user)
        .await
        .map(ApiOk::obj)
        .map_err(service_error(&ctx))
}

/// Query of `GET /other/user/receipt`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ReceiptQuery {
    receipt_no: String,
}

/// `GET /other/user/receipt?receiptNo=…`: one of the member's payments as a receipt.
#[utoipa::path(get, path = "/other/user/receipt", tag = "billing", params(ReceiptQuery), security(("token" = [])),
    responses((status = 200, body = Answer<ReceiptView>), BadRequest, Unauthorized, NotFound))]
pub async fn receipt(
    State(state): State<AppState>,
    ctx: ApiContext,
    Member(auth): Member,
    query: Result<Query<ReceiptQuery>, axum::extract::rejection::QueryRejection>,
) -> ApiResult<ReceiptView> {
    let Query(query) = query.map_err(|_| ApiError::bad_request(&ctx))?;
    receipts::receipt(&state.cx(), &auth.user, &query.receipt_no)
        .await
        .map(ApiOk::obj)
        .map_err(service_error(&ctx))
}

/// `PUT /admin/user/cancelSubscribe`: one-click cancel at period end.
#[utoipa::path(put, path = "/admin/user/cancelSubscribe", tag = "billing", security(("token" = [])),
    responses((status = 200, body = Answer<BillingDone>), Unauthorized, Unavailable))]
pub async fn cancel_subscribe(
    State(state): State<AppState>,
    ctx: ApiContext,
    Member(auth): Member,
) -> ApiResult<BillingDone> {
    let summary = manage::cancel(&state.cx(), &state.gateways, &auth.user)
        .await
        .map_err(service_error(&ctx))?;
    Ok(ApiOk::obj(BillingDone { summary }))
}

/// `POST /admin/order/refundDetail`: whether the latest charge is refundable.
#[utoipa::path(post, path = "/admin/order/refundDetail", tag = "billing", security(("token" = [])),
    responses((status = 200, body = Answer<RefundDetail>), Unauthorized))]
pub async fn refund_detail(
    State(state): State<AppState>,
    ctx: ApiContext,
    Member(auth): Member,
) -> ApiResult<RefundDetail> {
    refunds::detail(&state.cx(), &auth.user)
        .await
        .map(ApiOk::obj)
        .map_err(service_error(&ctx))
}

/// Body of `POST /admin/order/refund`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct RefundForm {
    charge_id: i64,
}

/// `POST /admin/order/refund` (field `chargeId`): refunds an eligible charge.
#[utoipa::path(post, path = "/admin/order/refund", tag = "billing", security(("token" = [])),
    request_body(content = RefundForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Answer<BillingDone>), BadRequest, Unauthorized, NotFound, Unavailable))]
pub async fn refund(
    State(state): State<AppState>,
    ctx: ApiContext,
    Member(auth): Member,
    ValidForm(form): ValidForm<RefundForm>,
) -> ApiResult<BillingDone> {
    let summary = refunds::refund(&state.cx(), &state.gateways, &auth.user, form.charge_id)
        .await
        .map_err(service_error(&ctx))?;
    Ok(ApiOk::obj(BillingDone { summary }))
}
