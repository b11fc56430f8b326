//! The settings of FastSpring (merchant of record): the API credentials, the
//! webhook secret, the API origin, our plans' product paths and the storefront.
//!
//! Variables (the adapter is on when `FASTSPRING_USERNAME` is set):
//! - `FASTSPRING_USERNAME`, `FASTSPRING_PASSWORD`: API credentials (Basic auth).
//! - `FASTSPRING_WEBHOOK_SECRET`: the webhook's HMAC SHA256 secret (required).
//! - `FASTSPRING_PRODUCT_PATHS`: our plan id → product path, `1=pro-monthly,2=pro-weekly`
//!   (required). Trials and the first-period price are set on the product.
//! - `FASTSPRING_FULL_PRODUCT_PATHS`: the same without the trial, sold to a payer who had it.
//! - `FASTSPRING_STOREFRONT`: the web storefront, e.g. `https://ourstore.onfastspring.com` (required).
//! - `FASTSPRING_API_BASE`: default `https://api.fastspring.com`.
use super::vars;
use crate::config::Secret;
use std::collections::HashMap;

/// The live API.
pub const DEFAULT_API_BASE: &str = "https://api.fastspring.com";

/// Settings from the environment. `Debug` redacts the secrets.
#[derive(Clone, Debug)]
pub struct FastSpringConfig {
    pub username: Secret,
    pub password: Secret,
    pub webhook_secret: Secret,
    pub api_base: String,
    pub product_paths: HashMap<i64, String>,
    pub full_product_paths: HashMap<i64, String>,
    pub storefront: String,
}

impl FastSpringConfig {
    /// Reads the provider's variables; `None` when it is not configured.
    ///
    /// # Errors
    /// `FASTSPRING_USERNAME` set without the rest, or a malformed product map.
    pub fn from_vars(
        var: &dyn Fn(&str) -> Option<String>,
    ) -> anyhow::Result<Option<FastSpringConfig>> {
        let Some(username) = vars::optional(var, "FASTSPRING_USERNAME") else {
            return Ok(None);
        };
        let because = "FASTSPRING_USERNAME";
        let password = vars::required(var, "FASTSPRING_PASSWORD", because)?;
        let webhook_secret = vars::required(var, "FASTSPRING_WEBHOOK_SECRET", because)?;
        let products = vars::required(var, "FASTSPRING_PRODUCT_PATHS", because)?;
        let storefront = vars::required(var, "FASTSPRING_STOREFRONT", because)?;
        anyhow::ensure!(
            storefront.starts_with("https://"),
            "FASTSPRING_STOREFRONT must be an https:// URL"
        );
        Ok(Some(FastSpringConfig {
            username: Secret::new(username),
            password: Secret::new(password),
            webhook_secret: Secret::new(webhook_secret),
            api_base: vars::optional(var, "FASTSPRING_API_BASE")
                .unwrap_or_else(|| DEFAULT_API_BASE.to_owned()),
            product_paths: vars::plan_map("FASTSPRING_PRODUCT_PATHS", &products)?,
            full_product_paths: vars::optional_plan_map(var, "FASTSPRING_FULL_PRODUCT_PATHS")?,
            storefront: storefront.trim_end_matches('/').to_owned(),
        }))
    }
}
