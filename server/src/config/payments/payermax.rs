//! PayerMax's settings: merchant, app, our signing key and PayerMax's
//! public key, read and checked once at start-up.
use super::vars;
use crate::config::Secret;
use anyhow::Context as _;

/// The production gateway origin.
pub const DEFAULT_API_BASE: &str = "https://pay-gate.payermax.com";

/// Settings from the environment.
#[derive(Clone, Debug)]
pub struct PayerMaxConfig {
    /// `PAYERMAX_MERCHANT_NO`.
    pub merchant_no: String,
    /// `PAYERMAX_APP_ID`.
    pub app_id: String,
    /// `PAYERMAX_PRIVATE_KEY`: our RSA key (PEM or base64) that signs requests.
    pub private_key: Secret,
    /// `PAYERMAX_PLATFORM_PUBLIC_KEY`: PayerMax's RSA key that signs answers
    /// and notifications.
    pub platform_public_key: String,
    /// `PAYERMAX_API_BASE`, default [`DEFAULT_API_BASE`] (UAT:
    /// `https://pay-gate-uat.payermax.com`).
    pub api_base: String,
}

const REQUIRED: [&str; 4] = [
    "PAYERMAX_MERCHANT_NO",
    "PAYERMAX_APP_ID",
    "PAYERMAX_PRIVATE_KEY",
    "PAYERMAX_PLATFORM_PUBLIC_KEY",
];

impl PayerMaxConfig {
    /// Reads the provider's variables; `None` when none of them is set.
    ///
    /// # Errors
    /// Some but not all set, a key that does not parse, or an API origin
    /// that is neither HTTPS nor loopback.
    pub fn from_vars(
        var: &dyn Fn(&str) -> Option<String>,
    ) -> anyhow::Result<Option<PayerMaxConfig>> {
        if !vars::all_or_none(var, &REQUIRED, "PayerMax")? {
            return Ok(None);
        }
        let get = |name: &str| vars::trimmed(var, name);
        let value = |name: &str| get(name).unwrap_or_default();
        crate::rsa_keys::private_key_from(&value("PAYERMAX_PRIVATE_KEY"))
            .context("PAYERMAX_PRIVATE_KEY")?;
        crate::rsa_keys::public_key_from(&value("PAYERMAX_PLATFORM_PUBLIC_KEY"))
            .context("PAYERMAX_PLATFORM_PUBLIC_KEY")?;
        let base = get("PAYERMAX_API_BASE").unwrap_or_else(|| DEFAULT_API_BASE.to_owned());
        Ok(Some(PayerMaxConfig {
            merchant_no: value("PAYERMAX_MERCHANT_NO"),
            app_id: value("PAYERMAX_APP_ID"),
            private_key: Secret::new(value("PAYERMAX_PRIVATE_KEY")),
            platform_public_key: value("PAYERMAX_PLATFORM_PUBLIC_KEY"),
            api_base: super::paypal::api_base(&base, "PAYERMAX_API_BASE")?,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rsa::pkcs8::{EncodePrivateKey as _, EncodePublicKey as _, LineEnding};

    #[test]
    fn config_is_all_or_nothing_and_keys_must_parse() {
        let key = rsa::RsaPrivateKey::new(&mut rand_core::OsRng, 1024).unwrap();
        let private = key.to_pkcs8_pem(LineEnding::LF).unwrap().to_string();
        let public = key
            .to_public_key()
            .to_public_key_pem(LineEnding::LF)
            .unwrap();
        let read = |pairs: &[(&str, &str)]| {
            let var = |name: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| (*v).to_owned())
            };
            PayerMaxConfig::from_vars(&var)
        };
        assert!(read(&[]).unwrap().is_none());
        let partial = read(&[("PAYERMAX_APP_ID", "app")]).unwrap_err().to_string();
        assert!(partial.contains("PAYERMAX_PRIVATE_KEY"), "{partial}");
        let mut full = vec![
            ("PAYERMAX_MERCHANT_NO", "P01"),
            ("PAYERMAX_APP_ID", "app"),
            ("PAYERMAX_PRIVATE_KEY", private.as_str()),
            ("PAYERMAX_PLATFORM_PUBLIC_KEY", public.as_str()),
        ];
        let config = read(&full).unwrap().unwrap();
        assert_eq!(config.api_base, DEFAULT_API_BASE);
        assert!(
            !format!("{config:?}").contains("PRIVATE KEY"),
            "the private key never shows in Debug"
        );
        full[3] = ("PAYERMAX_PLATFORM_PUBLIC_KEY", "garbage-key-material");
        let error = format!("{:#}", read(&full).unwrap_err());
        assert!(
            error.contains("PAYERMAX_PLATFORM_PUBLIC_KEY")
                && !error.contains("garbage-key-material"),
            "{error}"
        );
    }
}
