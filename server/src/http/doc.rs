//! The OpenAPI 3.1 description of `/api_f/v1`, generated from the handlers'
//! `#[utoipa::path]` annotations (the routes themselves come from the same
//! list, see `super::v1_routes`, which also serves the document). This module
//! holds what every operation shares: the envelope's two shapes, the refusals
//! per status, the session headers.
use app_core::api::Page;
use std::collections::BTreeMap;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa::openapi::{self, ContentBuilder, Ref, RefOr};
use utoipa::{IntoResponses, Modify, OpenApi, ToSchema};

/// The parts of the description no handler owns.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Cool Tracker API",
        description = "Every answer is the JSON envelope `{success, msg, obj, page, result}`. \
            `success` is 1 with the call's `obj`, or 0 with a message for the user in `msg` \
            (in the `Accept-Language` of the request) and, for a form, one message per field in `obj`. \
            A refusal the caller can correct answers 200 with `success: 0`; the other refusals \
            answer their HTTP status with the same envelope.",
        version = "1"
    ),
    components(schemas(Refused)),
    modifiers(&SessionHeaders)
)]
pub struct ApiDoc;

/// A successful answer: `success` 1 and the call's result in `obj`.
#[derive(ToSchema)]
#[allow(dead_code)] // described, never built: the answers are `app_core::api::Envelope`
pub struct Success<T> {
    /// Always 1.
    #[schema(minimum = 1, maximum = 1)]
    success: u8,
    /// Empty.
    msg: String,
    /// The call's result.
    obj: T,
    /// Paging of a list call.
    page: Option<Page>,
    /// A bare value some calls add (e.g. `notificationsTotal`).
    #[schema(value_type = Option<Object>)]
    result: Option<serde_json::Value>,
}

/// A refusal: `success` 0 and a message for the user; a form's refusal
/// carries one message per field in `obj` (`emailErrorMsg`, …).
#[derive(ToSchema)]
#[allow(dead_code)] // described, never built: the answers are `app_core::api::Envelope`
pub struct Refused {
    /// Always 0.
    #[schema(minimum = 0, maximum = 0)]
    success: u8,
    /// What went wrong, in the caller's language.
    msg: String,
    /// Per-field messages of a form, or null.
    obj: Option<BTreeMap<String, String>>,
}

/// What a call answers with status 200: its result, or a refusal the caller
/// can correct (invalid input, a rule of the service).
#[derive(ToSchema)]
#[serde(untagged)]
#[allow(dead_code)] // described, never built: the answers are `app_core::api::Envelope`
pub enum Answer<T> {
    Success(Success<T>),
    Refused(Refused),
}

/// A list result, described as an array of `T`. Stands in for `Vec<T>` in
/// `Answer<…>`: utoipa names the shared `Success<Vec<T>>` component after
/// `Vec` alone, so every list call's success collapsed into one schema; this
/// one is named after its element.
#[allow(dead_code)] // described, never built
pub struct List<T>(std::marker::PhantomData<T>);

impl<T: ToSchema + utoipa::__dev::ComposeSchema> utoipa::__dev::ComposeSchema for List<T> {
    fn compose(generics: Vec<RefOr<openapi::schema::Schema>>) -> RefOr<openapi::schema::Schema> {
        <Vec<T> as utoipa::__dev::ComposeSchema>::compose(generics)
    }
}

impl<T: ToSchema + utoipa::__dev::ComposeSchema> ToSchema for List<T> {
    fn name() -> std::borrow::Cow<'static, str> {
        format!("List_{}", T::name()).into()
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<openapi::schema::Schema>)>) {
        <Vec<T> as ToSchema>::schemas(schemas);
    }
}

/// Adds the session headers as security schemes.
struct SessionHeaders;

impl Modify for SessionHeaders {
    fn modify(&self, openapi: &mut openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "token",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "token",
                "The member's session, from `POST /admin/userSession` (browsers send the session cookie with `website_type`).",
            ))),
        );
        components.add_security_scheme(
            "staffToken",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                app_core::model::console::STAFF_TOKEN_HEADER,
                "A support console session, from `POST /console/session` (browsers send the `staff_session` cookie).",
            ))),
        );
        components.add_security_scheme(
            "ownerToken",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                super::OWNER_TOKEN_HEADER,
                "The number owner's session, from `POST /lookup/owner/claim`.",
            ))),
        );
    }
}

/// One refusal status: the envelope with `success: 0`, and `Retry-After`
/// when the refusal passes with time.
fn refusal(
    status: u16,
    description: &str,
    retry_after: bool,
) -> BTreeMap<String, RefOr<openapi::Response>> {
    let content = ContentBuilder::new()
        .schema(Some(Ref::from_schema_name("Refused")))
        .build();
    let mut response = openapi::ResponseBuilder::new()
        .description(description)
        .content("application/json", content);
    if retry_after {
        let header = openapi::header::HeaderBuilder::new()
            .schema(
                openapi::ObjectBuilder::new()
                    .schema_type(openapi::Type::Integer)
                    .minimum(Some(0)),
            )
            .description(Some("Seconds until a new try may pass."))
            .build();
        response = response.header("Retry-After", header);
    }
    BTreeMap::from([(status.to_string(), RefOr::T(response.build()))])
}

macro_rules! refusals {
    ($($(#[$doc:meta])* $name:ident = $status:literal, $retry:literal, $text:literal;)*) => {$(
        $(#[$doc])*
        pub struct $name;
        impl IntoResponses for $name {
            fn responses() -> BTreeMap<String, RefOr<openapi::Response>> {
                refusal($status, $text, $retry)
            }
        }
    )*};
}

refusals! {
    /// 400: a query, form or path the call cannot read.
    BadRequest = 400, false, "The request cannot be read (a missing or malformed parameter or body).";
    /// 401: the call needs a session (or an owner session) and has none.
    Unauthorized = 401, false, "No valid session.";
    /// 402: the call needs a subscription.
    NeedsSubscription = 402, false, "The member has no subscription that allows this.";
    /// 403: the visitor did not consent (nothing was stored).
    NoConsent = 403, false, "The visitor's cookie choice does not allow this; nothing was stored.";
    /// 403: the staff member's role does not allow the action.
    Forbidden = 403, false, "The staff member's role does not allow this.";
    /// 404: nothing of the caller's under that name.
    NotFound = 404, false, "Not found (or not the caller's).";
    /// 429: an abuse limit.
    Limited = 429, true, "Too many requests; `Retry-After` tells when to try again.";
    /// 503: busy, or a provider or part of the service unavailable.
    Unavailable = 503, true, "Busy or temporarily unavailable; `Retry-After` tells when to try again.";
}

/// `page` and `size` of the list calls: any whole number a `u64` holds
/// (the handlers clamp it), not the `int64` utoipa would say.
pub fn count() -> openapi::Object {
    openapi::ObjectBuilder::new()
        .schema_type(openapi::Type::Integer)
        .minimum(Some(0))
        .maximum(Some(usize::MAX))
        .build()
}
