//! What every API request carries besides its payload: the session
//! token, the language for messages and the website type, plus the client's
//! address and agent for abuse limits.
use crate::services::accounts::ClientInfo;
use crate::state::AppState;
use app_core::i18n::Locale;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::{request::Parts, HeaderMap};
use std::{convert::Infallible, net::IpAddr, net::SocketAddr};

/// Header of the number owner's calls (`POST /lookup/owner/claim` gives the token).
pub const OWNER_TOKEN_HEADER: &str = "owner-token";

/// Request metadata, extracted from headers.
#[derive(Clone, Debug, Default)]
pub struct ApiContext {
    /// Language of user-facing messages, from `accept-language`.
    pub locale: Locale,
    /// The `token` header (validated by the calls that need a session).
    pub token: Option<String>,
    /// The `website_type` header, kept for attribution.
    pub website_type: Option<String>,
    /// Address and user agent of the caller.
    pub client: ClientInfo,
}

fn header(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
}

/// The caller's address: the last `X-Forwarded-For` hop when the server sits
/// behind a trusted proxy (`TRUST_FORWARDED_FOR`), else the socket peer. The
/// last hop is the one our proxy appended; earlier ones are whatever the
/// client sent, so trusting the first would let anyone pick their address
/// and escape every per-address limit.
pub fn client_ip(parts: &Parts, trust_forwarded_for: bool) -> Option<IpAddr> {
    client_ip_of(&parts.headers, &parts.extensions, trust_forwarded_for)
}

/// [`client_ip`] of a request's headers and extensions.
pub fn client_ip_of(
    headers: &axum::http::HeaderMap,
    extensions: &axum::http::Extensions,
    trust_forwarded_for: bool,
) -> Option<IpAddr> {
    let forwarded = trust_forwarded_for
        .then(|| {
            headers
                .get("x-forwarded-for")?
                .to_str()
                .ok()?
                .rsplit(',')
                .next()?
                .trim()
                .parse()
                .ok()
        })
        .flatten();
    forwarded.or_else(|| {
        extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip())
    })
}

/// The caller as abuse limits and session lists see it.
pub fn client_info(parts: &Parts, trust_forwarded_for: bool) -> ClientInfo {
    ClientInfo {
        ip: client_ip(parts, trust_forwarded_for),
        user_agent: header(&parts.headers, "user-agent"),
    }
}

impl FromRequestParts<AppState> for ApiContext {
    type Rejection = Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        Ok(ApiContext {
            locale: header(&parts.headers, "accept-language")
                .map(|v| Locale::from_accept_language(&v))
                .unwrap_or_default(),
            // API clients send the `token` header. The browser's session is
            // the HttpOnly cookie, accepted only with `website_type`: a
            // cross-site form cannot set that header (CSRF defence).
            token: header(&parts.headers, "token").or_else(|| {
                header(&parts.headers, "website_type")?;
                crate::cookies::session_cookie(&parts.headers)
            }),
            website_type: header(&parts.headers, "website_type"),
            client: client_info(parts, state.config.trust_forwarded_for),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::client_ip;
    use axum::extract::ConnectInfo;
    use std::net::{IpAddr, SocketAddr};

    fn parts(forwarded: &str) -> axum::http::request::Parts {
        let mut request = axum::http::Request::get("/")
            .header("x-forwarded-for", forwarded)
            .body(())
            .unwrap();
        request
            .extensions_mut()
            .insert(ConnectInfo(SocketAddr::from(([127, 0, 0, 1], 9000))));
        request.into_parts().0
    }

    #[test]
    fn behind_a_trusted_proxy_the_hop_it_appended_counts_not_the_clients_claim() {
        let spoofed = parts("1.2.3.4, 203.0.113.7");
        assert_eq!(
            client_ip(&spoofed, true),
            Some("203.0.113.7".parse::<IpAddr>().unwrap())
        );
        assert_eq!(
            client_ip(&spoofed, false),
            Some(IpAddr::from([127, 0, 0, 1]))
        );
        assert_eq!(
            client_ip(&parts("203.0.113.9"), true),
            Some("203.0.113.9".parse::<IpAddr>().unwrap())
        );
    }
}
