//! The settings of Paddle Billing (cards): the API key, the webhook secret,
//! the API origin and our plans' Paddle price ids.
//!
//! Variables (the adapter is on when `PADDLE_API_KEY` is set):
//! - `PADDLE_API_KEY`: server-side API key (Bearer).
//! - `PADDLE_WEBHOOK_SECRET`: the notification destination's secret key (required).
//! - `PADDLE_PRICE_IDS`: our plan id → Paddle price id, `1=pri_abc,2=pri_def` (required).
//!   Trials and the reduced first period are set on the Paddle price itself.
//! - `PADDLE_API_BASE`: default `https://api.paddle.com`
//!   (`https://sandbox-api.paddle.com` for Paddle's sandbox).
use super::vars;
use crate::config::Secret;
use std::collections::HashMap;

/// The live API.
pub const DEFAULT_API_BASE: &str = "https://api.paddle.com";

/// Settings from the environment. `Debug` redacts the secrets.
#[derive(Clone, Debug)]
pub struct PaddleConfig {
    pub api_key: Secret,
    pub webhook_secret: Secret,
    pub api_base: String,
    pub price_ids: HashMap<i64, String>,
    /// `PADDLE_FULL_PRICE_IDS`: each plan's price without the trial, for a
    /// payer who had it (Paddle's trial is an attribute of the price).
    pub full_price_ids: HashMap<i64, String>,
}

impl PaddleConfig {
    /// Reads the provider's variables; `None` when it is not configured.
    ///
    /// # Errors
    /// `PADDLE_API_KEY` set without the secret or price ids, or a malformed
    /// price map.
    pub fn from_vars(var: &dyn Fn(&str) -> Option<String>) -> anyhow::Result<Option<PaddleConfig>> {
        let Some(api_key) = vars::optional(var, "PADDLE_API_KEY") else {
            return Ok(None);
        };
        let webhook_secret = vars::required(var, "PADDLE_WEBHOOK_SECRET", "PADDLE_API_KEY")?;
        let prices = vars::required(var, "PADDLE_PRICE_IDS", "PADDLE_API_KEY")?;
        Ok(Some(PaddleConfig {
            api_key: Secret::new(api_key),
            webhook_secret: Secret::new(webhook_secret),
            api_base: vars::optional(var, "PADDLE_API_BASE")
                .unwrap_or_else(|| DEFAULT_API_BASE.to_owned()),
            price_ids: vars::plan_map("PADDLE_PRICE_IDS", &prices)?,
            full_price_ids: vars::optional_plan_map(var, "PADDLE_FULL_PRICE_IDS")?,
        }))
    }
}
