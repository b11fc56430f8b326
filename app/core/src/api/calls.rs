//! Paths and bodies of the API calls, and the encoding they share: plain
//! functions, so the server's tests and the browser build the same requests.
use crate::model::locate::{LocateAction, RevealDecision, ShareMode};
use crate::model::GeoPoint;

/// The price channel family every page asks for: the server answers the
/// plans of the payer's country, whatever the page's language.
pub const PRICE_CHANNEL: &str = "cpl2";

/// The path of `GET /portal/priceSetup` for the payer of `country` (the
/// number to locate's or the picked one; `None`: the server's guess).
pub fn price_setup_path(country: Option<&str>) -> String {
    let country = country
        .map(str::trim)
        .filter(|c| c.len() == 2 && c.bytes().all(|b| b.is_ascii_alphabetic()));
    match country {
        Some(c) => format!(
            "/portal/priceSetup?hasWeight=true&channel={PRICE_CHANNEL}&country={}",
            c.to_ascii_uppercase()
        ),
        None => format!("/portal/priceSetup?hasWeight=true&channel={PRICE_CHANNEL}"),
    }
}

/// HTTP status of a call made with an invalid or expired session token.
pub const STATUS_INVALID_SESSION: u16 = 401;

/// Whether a response says the session is invalid, so the browser must forget
/// its user (the `userInfo` cookie; see `account::user_info`).
pub fn is_invalid_session(status: u16) -> bool {
    status == STATUS_INVALID_SESSION
}

/// Percent-encodes everything but unreserved characters (RFC 3986).
pub fn encode(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// A form-encoded body (`application/x-www-form-urlencoded`).
pub fn form_body(fields: &[(&str, &str)]) -> String {
    fields
        .iter()
        .map(|(name, value)| format!("{}={}", encode(name), encode(value)))
        .collect::<Vec<_>>()
        .join("&")
}

/// The list call's path below [`API_BASE`].
pub fn locate_list_path(page: u32, size: u32) -> String {
    format!("/spyContent?page={page}&size={size}")
}

/// The owner's reveal call path below [`API_BASE`].
pub fn reveal_path(token: &str) -> String {
    format!("/reveal/{}", encode(token))
}

/// Method, path and body of a requester's action on request `id`.
pub fn locate_action_call(
    id: i64,
    action: &LocateAction,
) -> (&'static str, String, Option<String>) {
    match action {
        LocateAction::Clear => ("POST", format!("/spyContent/clear/{id}"), None),
        LocateAction::Rename(label) => (
            "PUT",
            format!("/spyContent/phoneLocation/{id}"),
            Some(form_body(&[("action", "rename"), ("label", label)])),
        ),
        other => (
            "PUT",
            format!("/spyContent/phoneLocation/{id}"),
            Some(form_body(&[("action", other.code())])),
        ),
    }
}

/// The body of `POST /reveal/{token}`: the decision, and for a share the position.
pub fn reveal_body(decision: RevealDecision, position: Option<GeoPoint>) -> String {
    match (decision, position) {
        (RevealDecision::Share, Some(p)) => {
            let (lat, lng) = (p.lat.to_string(), p.lng.to_string());
            let accuracy = p.accuracy.map(|a| a.to_string()).unwrap_or_default();
            form_body(&[
                ("decision", "share"),
                ("latitude", &lat),
                ("longitude", &lng),
                ("accuracy", &accuracy),
            ])
        }
        (decision, _) => form_body(&[("decision", decision.code())]),
    }
}

/// The body of a share with `mode`: the position as the mode sends it (an
/// approximate one is rounded here, before it leaves the browser).
pub fn share_body(mode: ShareMode, point: GeoPoint) -> String {
    let p = crate::model::sharing::at_precision(point, mode.precision());
    let (lat, lng) = (p.lat.to_string(), p.lng.to_string());
    let accuracy = p.accuracy.map(|a| a.to_string()).unwrap_or_default();
    form_body(&[
        ("decision", "share"),
        ("mode", mode.code()),
        ("latitude", &lat),
        ("longitude", &lng),
        ("accuracy", &accuracy),
    ])
}

/// The body of a live sharing's next position.
pub fn position_body(p: GeoPoint) -> String {
    let (lat, lng) = (p.lat.to_string(), p.lng.to_string());
    match p.accuracy {
        Some(a) => form_body(&[
            ("latitude", &lat),
            ("longitude", &lng),
            ("accuracy", &a.to_string()),
        ]),
        None => form_body(&[("latitude", &lat), ("longitude", &lng)]),
    }
}
