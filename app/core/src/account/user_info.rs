//! The `userInfo` cookie: what scripts may know about the signed-in
//! person. The session token itself lives in the HttpOnly `token` cookie and
//! is never readable by scripts, so this cookie carries only the e-mail and
//! the payment count, as percent-encoded JSON. The server writes it; the
//! browser reads it and removes it when the session turns out to be invalid.
use super::forms::{USER_INFO_COOKIE, USER_INFO_MAX_AGE_SECS};
use super::Viewer;
use serde::{Deserialize, Serialize};

/// The cookie's content (`{"email":…,"paymentCount":…}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UserInfoCookie {
    /// Login e-mail.
    pub email: String,
    /// Successful payments (always ≥ 1: middle users are not persisted).
    pub payment_count: i64,
}

/// The cookie value for `viewer`, or `None` for a "middle" user (registered,
/// not paid: `payment_count` 0), who is not persisted.
pub fn encode_user_info(viewer: &Viewer) -> Option<String> {
    if viewer.payment_count <= 0 {
        return None;
    }
    let info = UserInfoCookie {
        email: viewer.email.clone(),
        payment_count: viewer.payment_count,
    };
    serde_json::to_string(&info)
        .ok()
        .map(|json| crate::api::encode(&json))
}

/// Reads a cookie value written by [`encode_user_info`]. Anything else (a
/// tampered, truncated or middle-user value) reads as no user.
pub fn decode_user_info(value: &str) -> Option<UserInfoCookie> {
    let json = percent_decode(value.trim())?;
    let info: UserInfoCookie = serde_json::from_str(&json).ok()?;
    (!info.email.is_empty() && info.payment_count > 0).then_some(info)
}

/// Decodes `%XX` escapes (the inverse of [`crate::api::encode`]); `None` for
/// broken escapes or bytes that are not UTF-8.
fn percent_decode(value: &str) -> Option<String> {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// A change of the client's user state ("set user info").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UserInfoUpdate {
    /// Signed in (or refreshed): the client holds the viewer, vipTime included.
    Set(Viewer),
    /// `'clear'`: forgets a middle user; a paying user stays.
    Clear,
    /// Empty: signed out or invalid session; removes the cookie and the user.
    Empty,
}

/// What to do with the `userInfo` cookie after an update.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CookieAction {
    /// Write this (already encoded) value.
    Write(String),
    /// Remove the cookie.
    Remove,
    /// Leave the cookie as it is.
    Keep,
}

/// Applies `update` to the client's user: the new user and the cookie action.
pub fn apply_user_info(
    current: Option<Viewer>,
    update: UserInfoUpdate,
) -> (Option<Viewer>, CookieAction) {
    match update {
        UserInfoUpdate::Set(viewer) => {
            // A middle user is kept in memory only; a stale cookie of someone
            // else must not outlive the switch.
            let action =
                encode_user_info(&viewer).map_or(CookieAction::Remove, CookieAction::Write);
            (Some(viewer), action)
        }
        UserInfoUpdate::Clear => match current {
            Some(viewer) if viewer.payment_count <= 0 => (None, CookieAction::Keep),
            other => (other, CookieAction::Keep),
        },
        UserInfoUpdate::Empty => (None, CookieAction::Remove),
    }
}

/// The `Set-Cookie` / `document.cookie` string for `action` (`None` for
/// [`CookieAction::Keep`]). Readable by scripts on purpose (no HttpOnly); the
/// server adds `Secure` when it serves over HTTPS.
pub fn user_info_cookie_string(action: &CookieAction) -> Option<String> {
    match action {
        CookieAction::Write(value) => Some(format!(
            "{USER_INFO_COOKIE}={value}; Max-Age={USER_INFO_MAX_AGE_SECS}; Path=/; SameSite=Lax"
        )),
        CookieAction::Remove => Some(clear_user_info_cookie()),
        CookieAction::Keep => None,
    }
}

/// The cookie string that removes `userInfo` (used after a 401).
pub fn clear_user_info_cookie() -> String {
    format!("{USER_INFO_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax")
}

/// Finds the `userInfo` value in a `Cookie` header / `document.cookie`.
pub fn user_info_from_cookie_header(header: &str) -> Option<UserInfoCookie> {
    header
        .split(';')
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == USER_INFO_COOKIE)
        .and_then(|(_, value)| decode_user_info(value))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn viewer(email: &str, payment_count: i64) -> Viewer {
        Viewer {
            email: email.to_owned(),
            payment_count,
            vip_time: 1_700_000_000_000,
        }
    }

    #[test]
    fn encodes_email_and_payment_count_only() {
        let value = encode_user_info(&viewer("a.b@mail.com", 2)).expect("paid users are persisted");
        assert_eq!(
            value,
            "%7B%22email%22%3A%22a.b%40mail.com%22%2C%22paymentCount%22%3A2%7D"
        );
        assert!(
            !value.contains(';') && !value.contains(' ') && !value.contains(','),
            "cookie-safe: {value}"
        );
        assert!(!value.contains("vip"), "vipTime stays in client state");
    }

    #[test]
    fn middle_users_are_not_persisted() {
        assert_eq!(encode_user_info(&viewer("m@mail.com", 0)), None);
        assert_eq!(
            decode_user_info("%7B%22email%22%3A%22m%40mail.com%22%2C%22paymentCount%22%3A0%7D"),
            None
        );
    }

    #[test]
    fn round_trips_and_rejects_garbage() {
        let v = viewer("名@mail.com", 3);
        let decoded = decode_user_info(&encode_user_info(&v).expect("paid")).expect("decodes");
        assert_eq!(
            decoded,
            UserInfoCookie {
                email: "名@mail.com".into(),
                payment_count: 3
            }
        );
        // Unencoded JSON (written by hand or an older client) also reads.
        assert_eq!(
            decode_user_info(r#"{"email":"x@y.com","paymentCount":1}"#).map(|i| i.payment_count),
            Some(1)
        );
        for bad in [
            "",
            "%",
            "%7",
            "%ZZ",
            "%FF%FE",
            "not json",
            "%7B%7D",
            r#"{"email":"","paymentCount":1}"#,
        ] {
            assert_eq!(decode_user_info(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn finds_the_cookie_among_others() {
        let value = encode_user_info(&viewer("a@b.com", 1)).expect("paid");
        let header = format!("csrf=abc; userInfoX=1; userInfo={value}; lang=id");
        assert_eq!(
            user_info_from_cookie_header(&header).map(|i| i.email),
            Some("a@b.com".to_owned())
        );
        assert_eq!(user_info_from_cookie_header("csrf=abc; token=t"), None);
    }

    #[test]
    fn set_persists_paid_users_and_removes_the_cookie_for_middle_users() {
        let (user, action) = apply_user_info(None, UserInfoUpdate::Set(viewer("p@b.com", 1)));
        assert_eq!(user.map(|u| u.vip_time), Some(1_700_000_000_000));
        assert!(matches!(action, CookieAction::Write(ref v) if decode_user_info(v).is_some()));
        let (user, action) = apply_user_info(
            Some(viewer("p@b.com", 1)),
            UserInfoUpdate::Set(viewer("m@b.com", 0)),
        );
        assert_eq!(user.map(|u| u.email), Some("m@b.com".to_owned()));
        assert_eq!(action, CookieAction::Remove);
    }

    #[test]
    fn clear_forgets_only_a_middle_user() {
        assert_eq!(
            apply_user_info(Some(viewer("m@b.com", 0)), UserInfoUpdate::Clear),
            (None, CookieAction::Keep)
        );
        let paid = viewer("p@b.com", 2);
        assert_eq!(
            apply_user_info(Some(paid.clone()), UserInfoUpdate::Clear),
            (Some(paid), CookieAction::Keep)
        );
        assert_eq!(
            apply_user_info(None, UserInfoUpdate::Clear),
            (None, CookieAction::Keep)
        );
    }

    #[test]
    fn empty_removes_user_and_cookie() {
        assert_eq!(
            apply_user_info(Some(viewer("p@b.com", 2)), UserInfoUpdate::Empty),
            (None, CookieAction::Remove)
        );
        assert_eq!(
            user_info_cookie_string(&CookieAction::Remove).as_deref(),
            Some("userInfo=; Max-Age=0; Path=/; SameSite=Lax")
        );
        assert_eq!(user_info_cookie_string(&CookieAction::Keep), None);
        let write = user_info_cookie_string(&CookieAction::Write("v".into())).expect("write");
        assert_eq!(write, "userInfo=v; Max-Age=7776000; Path=/; SameSite=Lax");
    }
}
