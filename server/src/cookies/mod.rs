//! The cookies both adapters read and write (the API and the page forms):
//! reading the `Cookie` header and writing `Set-Cookie`; the consent and
//! marketing cookies are in [`tracking`].
//! The session token is HttpOnly (scripts never see it), every cookie is
//! SameSite=Lax, and Secure whenever the site is served over HTTPS.
use app_core::account::forms::{
    CSRF_COOKIE, LANG_COOKIE, SESSION_COOKIE, USER_INFO_COOKIE, USER_INFO_MAX_AGE_SECS,
};
use app_core::account::{user_info::encode_user_info, Viewer};
use axum::http::{header, HeaderMap, HeaderValue};
use cookie::{time::Duration, Cookie, SameSite};

pub mod tracking;

/// The cookie holding an order's one-time claim.
pub const CHECKOUT_CLAIM_COOKIE: &str = "checkout_claim";
/// The cookie carrying the number searched before paying (sealed).
pub const CARRIED_NUMBER_COOKIE: &str = "carried_number";

/// The value of cookie `name` (surrounding quotes removed; empty counts as
/// absent). Pairs that do not parse are skipped, not fatal.
pub fn read(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(Cookie::split_parse)
        .filter_map(Result::ok)
        .find(|cookie| cookie.name() == name)
        .map(|cookie| cookie.value_trimmed().to_owned())
        .filter(|v| !v.is_empty())
}

/// How cookies are written for this site.
#[derive(Clone, Copy, Debug)]
pub struct CookiePolicy {
    /// Add `Secure` (the public origin is HTTPS).
    pub secure: bool,
}

impl CookiePolicy {
    /// The policy for a site served at `public_base_url`.
    pub fn for_origin(public_base_url: &str) -> Self {
        CookiePolicy {
            secure: public_base_url.starts_with("https://"),
        }
    }

    fn build(self, name: &str, value: &str, max_age: i64, http_only: bool) -> HeaderValue {
        let cookie = Cookie::build((name, value))
            .path("/")
            .max_age(Duration::seconds(max_age))
            .same_site(SameSite::Lax)
            .http_only(http_only)
            .secure(self.secure)
            .build();
        HeaderValue::from_str(&cookie.to_string())
            .unwrap_or_else(|_| HeaderValue::from_static("invalid=; Max-Age=0"))
    }

    /// The cookies of a new session: the token (HttpOnly) and `userInfo`
    /// (e-mail and paymentCount for scripts; not written for a "middle" user).
    pub fn signed_in(self, token: &str, viewer: &Viewer) -> Vec<HeaderValue> {
        let mut cookies = vec![self.build(SESSION_COOKIE, token, USER_INFO_MAX_AGE_SECS, true)];
        match encode_user_info(viewer) {
            Some(info) => {
                cookies.push(self.build(USER_INFO_COOKIE, &info, USER_INFO_MAX_AGE_SECS, false))
            }
            None => cookies.push(self.build(USER_INFO_COOKIE, "", 0, false)),
        }
        cookies
    }

    /// Removes both account cookies (logout, or a dead token).
    pub fn signed_out(self) -> Vec<HeaderValue> {
        vec![
            self.build(SESSION_COOKIE, "", 0, true),
            self.build(USER_INFO_COOKIE, "", 0, false),
        ]
    }

    /// The `lang` cookie: the language of the last page seen, for scripts
    /// and for messages sent later (a year).
    pub fn lang(self, code: &str) -> HeaderValue {
        self.build(LANG_COOKIE, code, 31_536_000, false)
    }

    /// The one-time claim of a placed order (HttpOnly, a day): lets this
    /// browser, and only it, enter the account the payment creates.
    pub fn checkout_claim(self, code: &str) -> HeaderValue {
        self.build(CHECKOUT_CLAIM_COOKIE, code, 86_400, true)
    }

    /// The number searched before paying (`country`, `phone` as posted),
    /// sealed, for the dashboard; `None` when nothing worth carrying came.
    pub fn carried_number(
        self,
        keys: &crate::secrets::Keyring,
        country: &str,
        phone: &str,
    ) -> Option<HeaderValue> {
        use crate::services::billing::carried;
        let number = carried::accepted(country, phone)?;
        let sealed = carried::seal(keys, &number);
        Some(self.build(
            CARRIED_NUMBER_COOKIE,
            &sealed,
            carried::CARRIED_FOR_SECS,
            true,
        ))
    }

    /// Removes the carried number once the dashboard showed it.
    pub fn carried_number_spent(self) -> HeaderValue {
        self.build(CARRIED_NUMBER_COOKIE, "", 0, true)
    }

    /// Removes the spent claim.
    pub fn checkout_claim_spent(self) -> HeaderValue {
        self.build(CHECKOUT_CLAIM_COOKIE, "", 0, true)
    }

    /// A number owner's session (HttpOnly, for `max_age_secs`; 0 removes it).
    pub fn number_owner(self, token: &str, max_age_secs: i64) -> HeaderValue {
        self.build(
            app_core::account::forms::OWNER_COOKIE,
            token,
            max_age_secs,
            true,
        )
    }

    /// The anti-CSRF cookie (session-long; the forms carry the same value).
    pub fn csrf(self, token: &str) -> HeaderValue {
        self.build(CSRF_COOKIE, token, USER_INFO_MAX_AGE_SECS, true)
    }
}

impl CookiePolicy {
    /// A visitor's help chat id (HttpOnly), kept as long as their
    /// conversation may be: a necessary cookie, set only when they write.
    pub fn chat_visitor(self, token: &str, chat: &crate::config::ChatSettings) -> HeaderValue {
        self.build(
            app_core::model::chat::VISITOR_COOKIE,
            token,
            chat.retention_ms() / 1000,
            true,
        )
    }
}

impl CookiePolicy {
    /// A staff session (HttpOnly, SameSite=Strict: the console is never
    /// entered from another site; `max_age_secs` 0 removes it).
    pub fn staff_session(self, token: &str, max_age_secs: i64) -> HeaderValue {
        let cookie = Cookie::build((app_core::model::console::STAFF_COOKIE, token))
            .path("/")
            .max_age(Duration::seconds(max_age_secs))
            .same_site(SameSite::Strict)
            .http_only(true)
            .secure(self.secure)
            .build();
        HeaderValue::from_str(&cookie.to_string())
            .unwrap_or_else(|_| HeaderValue::from_static("invalid=; Max-Age=0"))
    }
}

/// The consent cookie and the marketing cookies it allows
/// (`cookies::tracking` documents each).
impl CookiePolicy {
    /// Cookie `name`; max age 0 removes it.
    pub fn tracking(
        self,
        name: &str,
        value: &str,
        max_age_secs: i64,
        http_only: bool,
    ) -> HeaderValue {
        self.build(name, value, max_age_secs, http_only)
    }
}

/// How this site writes cookies.
pub fn cookie_policy(public_base_url: &str) -> CookiePolicy {
    CookiePolicy::for_origin(public_base_url)
}

/// A visitor's help chat id (the HttpOnly cookie), if any.
pub fn chat_visitor_cookie(headers: &axum::http::HeaderMap) -> Option<String> {
    read(headers, app_core::model::chat::VISITOR_COOKIE).filter(|v| v.len() == 64)
}

/// The visitor's cookie consent (`acceptCookie`), `None` before they chose.
pub fn cookie_consent(headers: &axum::http::HeaderMap) -> Option<app_core::consent::Consent> {
    tracking::consent(headers)
}

/// What an order placed through the API carries for attribution.
pub fn order_tracking(
    headers: &axum::http::HeaderMap,
) -> crate::services::tracking::attribution::OrderTracking {
    let referer = headers
        .get(axum::http::header::REFERER)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    tracking::order_tracking(headers, referer)
}

/// A cookie's value (the tracking calls read Meta's `_fbc` / `_fbp`).
pub fn tracking_cookie(headers: &axum::http::HeaderMap, name: &str) -> Option<String> {
    read(headers, name)
}

/// The browser's staff session token (the console's HttpOnly cookie), if any.
pub fn staff_cookie(headers: &axum::http::HeaderMap) -> Option<String> {
    read(headers, app_core::model::console::STAFF_COOKIE)
}

/// The browser's session token (the HttpOnly cookie), if any.
pub fn session_cookie(headers: &axum::http::HeaderMap) -> Option<String> {
    read(headers, app_core::account::forms::SESSION_COOKIE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_one_cookie_among_many() {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("a=1; token=abc; lang=id"),
        );
        assert_eq!(read(&headers, "token").as_deref(), Some("abc"));
        assert_eq!(read(&headers, "lang").as_deref(), Some("id"));
        assert_eq!(read(&headers, "nope"), None);
    }

    #[test]
    fn reads_across_headers_skips_junk_and_strips_quotes() {
        let mut headers = HeaderMap::new();
        headers.append(
            header::COOKIE,
            HeaderValue::from_static("junk; =novalue; a=1"),
        );
        headers.append(
            header::COOKIE,
            HeaderValue::from_static("lang=\"zh\"; token="),
        );
        assert_eq!(read(&headers, "a").as_deref(), Some("1"));
        assert_eq!(read(&headers, "lang").as_deref(), Some("zh"));
        assert_eq!(read(&headers, "token"), None, "empty is absent");
    }

    #[test]
    fn session_cookie_is_http_only_lax_and_secure_on_https() {
        let viewer = Viewer {
            email: "a@b.co".into(),
            payment_count: 1,
            vip_time: 0,
        };
        let cookies = CookiePolicy::for_origin("https://ct.example").signed_in("tok", &viewer);
        let session = cookies[0].to_str().unwrap();
        assert!(session.starts_with("token=tok;"), "{session}");
        for part in [
            "HttpOnly",
            "SameSite=Lax",
            "Secure",
            "Max-Age=7776000",
            "Path=/",
        ] {
            assert!(session.contains(part), "{session} lacks {part}");
        }
        assert!(
            !cookies[1].to_str().unwrap().contains("HttpOnly"),
            "userInfo is for scripts"
        );
        let plain = CookiePolicy::for_origin("http://127.0.0.1:3000").signed_in("tok", &viewer);
        assert!(!plain[0].to_str().unwrap().contains("Secure"));
    }

    #[test]
    fn middle_users_get_no_user_info_cookie() {
        let viewer = Viewer {
            email: "a@b.co".into(),
            payment_count: 0,
            vip_time: 0,
        };
        let cookies = CookiePolicy::for_origin("http://x").signed_in("tok", &viewer);
        assert!(cookies[1].to_str().unwrap().starts_with("userInfo=; "));
        assert!(cookies[1].to_str().unwrap().contains("Max-Age=0"));
    }
}
