//! Accounts: who may sign in, their sessions and password resets. Every rule
//! of spec §5/§6 about accounts lives here; the REST API, the no-JavaScript
//! forms and the `user create` command are thin callers.
mod limits;
pub mod passwords;
pub mod rate_limit;
pub(crate) mod secrets;
pub mod sessions;
pub mod users;

pub use sessions::AuthSession;

use std::net::IpAddr;

/// Who is calling, as far as abuse limits and the session list care.
#[derive(Clone, Debug, Default)]
pub struct ClientInfo {
    /// The client's address (per-IP rate limits).
    pub ip: Option<IpAddr>,
    /// The `User-Agent`, stored with a new session so the user can recognise it.
    pub user_agent: Option<String>,
}

impl ClientInfo {
    /// The rate-limit bucket of this client's address (`unknown` when there is none).
    fn ip_bucket(&self) -> String {
        self.ip.map_or_else(|| "unknown".to_owned(), |ip| ip.to_string())
    }
}
