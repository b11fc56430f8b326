//! The settings of dLocal Payins (GrabPay, Maya in the Philippines): the login,
//! the trans key and the secret key, and the API origin.
//!
//! Variables (the adapter is on when `DLOCAL_LOGIN` is set):
//! - `DLOCAL_LOGIN`, `DLOCAL_TRANS_KEY`: the merchant's X-Login and X-Trans-Key.
//! - `DLOCAL_SECRET_KEY`: the key requests and notifications are signed with (required).
//! - `DLOCAL_API_BASE`: default `https://api.dlocal.com` (`https://sandbox.dlocal.com` to test).
use super::vars;
use crate::config::Secret;

/// The live API.
pub const DEFAULT_API_BASE: &str = "https://api.dlocal.com";

/// Settings from the environment. `Debug` redacts the credentials.
#[derive(Clone, Debug)]
pub struct DLocalConfig {
    pub login: Secret,
    pub trans_key: Secret,
    pub secret_key: Secret,
    pub api_base: String,
}

impl DLocalConfig {
    /// Reads the provider's variables; `None` when it is not configured.
    ///
    /// # Errors
    /// `DLOCAL_LOGIN` set without the trans key or the secret key.
    pub fn from_vars(var: &dyn Fn(&str) -> Option<String>) -> anyhow::Result<Option<DLocalConfig>> {
        let Some(login) = vars::optional(var, "DLOCAL_LOGIN") else {
            return Ok(None);
        };
        Ok(Some(DLocalConfig {
            login: Secret::new(login),
            trans_key: Secret::new(vars::required(var, "DLOCAL_TRANS_KEY", "DLOCAL_LOGIN")?),
            secret_key: Secret::new(vars::required(var, "DLOCAL_SECRET_KEY", "DLOCAL_LOGIN")?),
            api_base: vars::optional(var, "DLOCAL_API_BASE")
                .unwrap_or_else(|| DEFAULT_API_BASE.to_owned()),
        }))
    }
}
