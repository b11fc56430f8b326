//! Accounts: who may sign in, their sessions and password resets. Every rule
//! about accounts lives here; the REST API, the no-JavaScript
//! forms and the `user create` command are thin callers.
pub mod abuse;
pub mod passwords;
pub mod recent;
pub mod secrets;
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
    /// The rate-limit bucket of this client's address (`unknown` when there
    /// is none). IPv6 counts per /64: one subscriber gets a whole /64.
    pub fn ip_bucket(&self) -> String {
        match self.ip {
            Some(IpAddr::V6(v6)) if v6.to_ipv4_mapped().is_none() => {
                let s = v6.segments();
                format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
            }
            Some(IpAddr::V6(v6)) => v6
                .to_ipv4_mapped()
                .map_or_else(String::new, |v4| v4.to_string()),
            Some(ip) => ip.to_string(),
            None => "unknown".to_owned(),
        }
    }
}
