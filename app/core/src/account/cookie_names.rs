//! Names (and lifetimes) of the cookies and fields the account forms rely on.

/// Name of the hidden anti-CSRF field (double-submitted with the `csrf` cookie).
pub const CSRF_FIELD: &str = "csrf";
/// Name of the cookie that carries the anti-CSRF token.
pub const CSRF_COOKIE: &str = "csrf";
/// Name of the HttpOnly cookie that carries the session token.
pub const SESSION_COOKIE: &str = "token";
/// Name of the HttpOnly cookie of a number owner's session (an hour).
pub const OWNER_COOKIE: &str = "number_owner";
/// Name of the client-readable cookie with e-mail and paymentCount.
pub const USER_INFO_COOKIE: &str = "userInfo";
/// Name of the cookie with the language of the last page seen.
pub const LANG_COOKIE: &str = "lang";
/// Lifetime of both account cookies: 90 days.
pub const USER_INFO_MAX_AGE_SECS: i64 = 7_776_000;
