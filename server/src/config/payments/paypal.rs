//! PayPal's settings from the environment: credentials, the webhook
//! listener's id, the API origin and our plans' PayPal plan ids.
use super::vars;
use crate::config::Secret;
use anyhow::{bail, Context as _};
use std::collections::HashMap;

/// The live REST origin.
pub const DEFAULT_API_BASE: &str = "https://api-m.paypal.com";

/// Settings from the environment.
#[derive(Clone, Debug)]
pub struct PaypalConfig {
    /// `PAYPAL_CLIENT_ID`.
    pub client_id: String,
    /// `PAYPAL_CLIENT_SECRET`.
    pub client_secret: Secret,
    /// `PAYPAL_WEBHOOK_ID`: the id of our webhook listener in the PayPal app
    /// (PayPal signs it into every delivery).
    pub webhook_id: String,
    /// `PAYPAL_API_BASE`, default [`DEFAULT_API_BASE`].
    pub api_base: String,
    /// `PAYPAL_PLAN_IDS` (`1=P-abc,2=P-def`): our plan id → PayPal plan id.
    pub plan_ids: HashMap<i64, String>,
    /// `PAYPAL_FULL_PLAN_IDS`: each plan's PayPal plan without the TRIAL
    /// cycle, for a payer who had the trial.
    pub full_plan_ids: HashMap<i64, String>,
}

const REQUIRED: [&str; 4] = [
    "PAYPAL_CLIENT_ID",
    "PAYPAL_CLIENT_SECRET",
    "PAYPAL_WEBHOOK_ID",
    "PAYPAL_PLAN_IDS",
];

impl PaypalConfig {
    /// Reads the provider's variables; `None` when none of them is set.
    ///
    /// # Errors
    /// Some but not all of them set, a plan list that does not parse, or an
    /// API origin that is neither HTTPS nor loopback.
    pub fn from_vars(var: &dyn Fn(&str) -> Option<String>) -> anyhow::Result<Option<PaypalConfig>> {
        if !vars::all_or_none(var, &REQUIRED, "PayPal")? {
            return Ok(None);
        }
        let get = |name: &str| vars::trimmed(var, name);
        let value = |name: &str| get(name).unwrap_or_default();
        Ok(Some(PaypalConfig {
            client_id: value("PAYPAL_CLIENT_ID"),
            client_secret: Secret::new(value("PAYPAL_CLIENT_SECRET")),
            webhook_id: value("PAYPAL_WEBHOOK_ID"),
            api_base: api_base(
                get("PAYPAL_API_BASE")
                    .as_deref()
                    .unwrap_or(DEFAULT_API_BASE),
                "PAYPAL_API_BASE",
            )?,
            plan_ids: plan_ids(&value("PAYPAL_PLAN_IDS")).context("PAYPAL_PLAN_IDS")?,
            full_plan_ids: plan_ids(&value("PAYPAL_FULL_PLAN_IDS"))
                .context("PAYPAL_FULL_PLAN_IDS")?,
        }))
    }
}

/// Whether `value` is a plain PayPal id (letters, digits, `-`, `_`).
pub fn is_reference(value: &str) -> bool {
    !value.is_empty()
        && value.len() <= 64
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// `1=P-abc,2=P-def` as a map.
fn plan_ids(text: &str) -> anyhow::Result<HashMap<i64, String>> {
    let mut map = HashMap::new();
    for pair in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let Some((ours, theirs)) = pair.split_once('=') else {
            bail!("{pair:?} is not <plan id>=<PayPal plan id>")
        };
        let ours: i64 = ours
            .trim()
            .parse()
            .with_context(|| format!("{ours:?} is not a plan id"))?;
        let theirs = theirs.trim();
        if !theirs.starts_with("P-") || !is_reference(theirs) {
            bail!("{theirs:?} is not a PayPal billing plan id (P-…)");
        }
        map.insert(ours, theirs.to_owned());
    }
    Ok(map)
}

/// The API origin without a trailing slash. Credentials travel to it, so it
/// must be HTTPS, or plain HTTP on loopback (the test fakes).
pub(crate) fn api_base(value: &str, name: &str) -> anyhow::Result<String> {
    let base = value.trim_end_matches('/');
    let loopback = ["http://127.0.0.1:", "http://localhost:", "http://[::1]:"]
        .iter()
        .any(|p| base.starts_with(p));
    if !base.starts_with("https://") && !loopback {
        bail!("{name} must be an https:// URL");
    }
    Ok(base.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            pairs
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v).to_owned())
        }
    }

    #[test]
    fn config_is_all_or_nothing() {
        assert!(PaypalConfig::from_vars(&vars(&[])).unwrap().is_none());
        let partial = PaypalConfig::from_vars(&vars(&[("PAYPAL_CLIENT_ID", "abc")])).unwrap_err();
        assert!(
            partial.to_string().contains("PAYPAL_CLIENT_SECRET"),
            "{partial}"
        );
        let full = [
            ("PAYPAL_CLIENT_ID", "abc"),
            ("PAYPAL_CLIENT_SECRET", "s3cret"),
            ("PAYPAL_WEBHOOK_ID", "WH-1"),
            ("PAYPAL_PLAN_IDS", " 1=P-ABC , 2=P-DEF "),
        ];
        let config = PaypalConfig::from_vars(&vars(&full)).unwrap().unwrap();
        assert_eq!(config.api_base, DEFAULT_API_BASE);
        assert_eq!(config.plan_ids.get(&2).map(String::as_str), Some("P-DEF"));
        assert!(!format!("{config:?}").contains("s3cret"));
    }

    #[test]
    fn bad_plan_lists_and_origins_are_refused() {
        for bad in ["1", "x=P-1", "1=I-123", "1=P-a/b"] {
            assert!(plan_ids(bad).is_err(), "{bad:?}");
        }
        assert!(
            api_base("http://api-m.paypal.com", "X").is_err(),
            "credentials never go over plain HTTP"
        );
        assert_eq!(
            api_base("http://127.0.0.1:4000/", "X").unwrap(),
            "http://127.0.0.1:4000"
        );
    }
}
