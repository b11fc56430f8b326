//! Which payment providers run. `PAYMENT_PROVIDER=sandbox` (the default)
//! sends every method through the built-in sandbox checkout; `live` uses the
//! real adapters whose variables are set (each provider's settings are read
//! in its own file below, and its adapter in `crate::payments::<provider>`
//! works with them), and offers only the methods they serve.
pub mod dlocal;
pub mod fastspring;
pub mod paddle;
pub mod payermax;
pub mod paypal;
mod vars;

use super::Secret;
use anyhow::Result;

/// Sandbox or real providers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PaymentMode {
    Sandbox,
    Live,
}

/// Settings of every payment provider.
#[derive(Clone, Debug)]
pub struct PaymentsConfig {
    pub mode: PaymentMode,
    /// Key the sandbox signs its webhooks with (`SANDBOX_WEBHOOK_SECRET`;
    /// random per process when unset, which suits a single local server).
    pub sandbox_secret: Secret,
    pub paddle: Option<paddle::PaddleConfig>,
    pub paypal: Option<paypal::PaypalConfig>,
    pub fastspring: Option<fastspring::FastSpringConfig>,
    pub payermax: Option<payermax::PayerMaxConfig>,
    pub dlocal: Option<dlocal::DLocalConfig>,
    /// How long a renewal that failed waits for its retry (the next
    /// settlement day): `RENEWAL_RETRY_HOURS`, default 24.
    pub renewal_retry_ms: i64,
    /// How long before a period ends the member whose wallet cannot be
    /// charged without them gets the pay link for the next one:
    /// `RENEWAL_LINK_LEAD_HOURS`, default 72.
    pub renewal_link_lead_ms: i64,
    /// Time-out of each provider call, `PAYMENT_TIMEOUT_SECS`, default 30.
    pub call_timeout_secs: u64,
    /// `SANDBOX_LATENCY_MS` (0): the sandbox answers each renewal charge and
    /// refund this long after recording it. Only for tests that stop a
    /// server in the middle of a charge; refused with `live`.
    pub sandbox_latency_ms: u64,
    /// `ALLOW_PUBLIC_SANDBOX=true`: serve the sandbox on a non-loopback
    /// address (a staging site). Off, the server refuses: on a public site
    /// the sandbox would hand out subscriptions for test cards.
    pub allow_public_sandbox: bool,
}

impl PaymentsConfig {
    /// Reads the payment variables.
    ///
    /// # Errors
    /// An unknown mode, an adapter whose variables are incomplete, or `live`
    /// with no adapter configured.
    pub fn from_vars(
        var: &dyn Fn(&str) -> Option<String>,
        random_key: String,
    ) -> Result<PaymentsConfig> {
        let get = |name: &str| var(name).filter(|v| !v.is_empty());
        let mode = match get("PAYMENT_PROVIDER").as_deref().unwrap_or("sandbox") {
            "sandbox" => PaymentMode::Sandbox,
            "live" => PaymentMode::Live,
            other => anyhow::bail!("PAYMENT_PROVIDER={other:?} is not valid (sandbox, live)"),
        };
        let config = PaymentsConfig {
            mode,
            sandbox_secret: Secret::new(get("SANDBOX_WEBHOOK_SECRET").unwrap_or(random_key)),
            paddle: paddle::PaddleConfig::from_vars(var)?,
            paypal: paypal::PaypalConfig::from_vars(var)?,
            fastspring: fastspring::FastSpringConfig::from_vars(var)?,
            payermax: payermax::PayerMaxConfig::from_vars(var)?,
            dlocal: dlocal::DLocalConfig::from_vars(var)?,
            renewal_retry_ms: hours(get("RENEWAL_RETRY_HOURS"), 24)?,
            renewal_link_lead_ms: hours(get("RENEWAL_LINK_LEAD_HOURS"), 72)?,
            call_timeout_secs: get("PAYMENT_TIMEOUT_SECS").map_or(Ok(30), |v| v.parse())?,
            sandbox_latency_ms: get("SANDBOX_LATENCY_MS").map_or(Ok(0), |v| v.parse())?,
            allow_public_sandbox: get("ALLOW_PUBLIC_SANDBOX").is_some_and(|v| v == "true"),
        };
        if mode == PaymentMode::Live && config.sandbox_latency_ms > 0 {
            anyhow::bail!(
                "SANDBOX_LATENCY_MS applies to the sandbox only (PAYMENT_PROVIDER=sandbox)"
            );
        }
        if mode == PaymentMode::Live && !config.any_live() {
            anyhow::bail!("PAYMENT_PROVIDER=live needs at least one provider configured (PADDLE_API_KEY, PAYPAL_CLIENT_ID, …)");
        }
        Ok(config)
    }

    fn any_live(&self) -> bool {
        self.paddle.is_some()
            || self.paypal.is_some()
            || self.fastspring.is_some()
            || self.payermax.is_some()
            || self.dlocal.is_some()
    }
}

fn hours(value: Option<String>, default: i64) -> Result<i64> {
    let hours: i64 = value.map_or(Ok(default), |v| v.parse())?;
    Ok(hours * 3_600_000)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(vars: &[(&str, &str)]) -> Result<PaymentsConfig> {
        let var = |name: &str| {
            vars.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| (*v).to_owned())
        };
        PaymentsConfig::from_vars(&var, "random".to_owned())
    }

    #[test]
    fn the_sandbox_latency_is_read_and_refused_with_live_providers() {
        assert_eq!(read(&[]).unwrap().sandbox_latency_ms, 0);
        let slow = read(&[("SANDBOX_LATENCY_MS", "1500")]).unwrap();
        assert_eq!(slow.sandbox_latency_ms, 1500);
        let live = [("PAYMENT_PROVIDER", "live"), ("SANDBOX_LATENCY_MS", "1500")];
        let message = read(&live).unwrap_err().to_string();
        assert!(message.contains("SANDBOX_LATENCY_MS"), "{message}");
    }
}
