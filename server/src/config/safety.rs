//! Settings that must never meet: developer pages show every kept e-mail and
//! SMS (reset codes, reveal links), so they may only run where nothing real
//! is sent and nobody but the developer can reach them.
use super::{CallProvider, Config, MailTransport, PaymentMode, SmsProvider};
use anyhow::Result;

impl Config {
    /// Refuses developer pages together with a real SMS provider, a real mail
    /// relay, or a listen address other than loopback.
    ///
    /// # Errors
    /// Names the setting that conflicts with `DEV_TOOLS=true`.
    pub fn check_safe(&self) -> Result<()> {
        let sandbox = self.payments.mode == PaymentMode::Sandbox;
        if sandbox && !self.bind_addr.ip().is_loopback() && !self.payments.allow_public_sandbox {
            anyhow::bail!(
                "PAYMENT_PROVIDER=sandbox is not allowed with BIND_ADDR={} (not a loopback address): test cards would buy real access; set PAYMENT_PROVIDER=live, or ALLOW_PUBLIC_SANDBOX=true for a staging site",
                self.bind_addr
            );
        }
        let public = !self.bind_addr.ip().is_loopback();
        if self.calls.provider == CallProvider::Sandbox
            && public
            && !self.payments.allow_public_sandbox
        {
            anyhow::bail!(
                "CALL_PROVIDER=sandbox is not allowed with BIND_ADDR={} (not a loopback address): paying users' voice messages would never ring; set CALL_PROVIDER=twilio, or ALLOW_PUBLIC_SANDBOX=true for a staging site",
                self.bind_addr
            );
        }
        if !self.dev_tools {
            return self.check_secrets_key();
        }
        if self.calls.provider == CallProvider::Twilio {
            anyhow::bail!("DEV_TOOLS=true is not allowed with CALL_PROVIDER=twilio: developer pages would play real calls");
        }
        if self.sms_provider == SmsProvider::Twilio {
            anyhow::bail!("DEV_TOOLS=true is not allowed with SMS_PROVIDER=twilio: developer pages would show real SMS");
        }
        if self.payments.mode == PaymentMode::Live {
            anyhow::bail!("DEV_TOOLS=true is not allowed with PAYMENT_PROVIDER=live: developer pages are for sandbox payments only");
        }
        if self.mail_transport == MailTransport::Smtp {
            anyhow::bail!("DEV_TOOLS=true is not allowed with MAIL_TRANSPORT=smtp: developer pages would show real e-mail");
        }
        if !self.bind_addr.ip().is_loopback() {
            anyhow::bail!(
                "DEV_TOOLS=true is not allowed with BIND_ADDR={} (not a loopback address): developer pages would be reachable from other machines",
                self.bind_addr
            );
        }
        self.check_secrets_key()
    }
}

impl Config {
    /// Refuses the development secrets key (no `SECRETS_KEY`) unless
    /// developer pages or sandbox payments run on a loopback address:
    /// whatever it sealed, anyone can open.
    ///
    /// # Errors
    /// Asks for `SECRETS_KEY`.
    pub fn check_secrets_key(&self) -> Result<()> {
        let local_mode = self.dev_tools || self.payments.mode == PaymentMode::Sandbox;
        if self.secrets.is_development() && !(local_mode && self.bind_addr.ip().is_loopback()) {
            anyhow::bail!("SECRETS_KEY is required outside developer or sandbox mode on loopback: the development key would seal staff TOTP keys and wallet tokens where anyone can open them");
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The defaults with no environment: outbox transports on loopback.
    fn local(dev_tools: bool) -> Config {
        let mut config = Config::defaults_for_tests();
        config.dev_tools = dev_tools;
        config
    }

    fn real_key() -> crate::secrets::Keyring {
        crate::secrets::Keyring::from_config(Some(&"ab".repeat(32)), None).unwrap()
    }

    #[test]
    fn the_development_secrets_key_stays_on_a_local_sandbox() {
        let mut live = Config::defaults_for_tests();
        live.payments.mode = PaymentMode::Live;
        live.calls.provider = CallProvider::Twilio;
        let message = live.check_safe().unwrap_err().to_string();
        assert!(message.contains("SECRETS_KEY"), "{message}");
        live.secrets = real_key();
        assert!(live.check_safe().is_ok());
        let mut staging = Config::defaults_for_tests();
        staging.bind_addr = "0.0.0.0:3000".parse().unwrap();
        staging.payments.allow_public_sandbox = true;
        assert!(staging
            .check_safe()
            .unwrap_err()
            .to_string()
            .contains("SECRETS_KEY"));
        assert!(
            Config::defaults_for_tests().check_safe().is_ok(),
            "local sandbox"
        );
    }

    #[test]
    fn developer_pages_are_off_by_default() {
        assert!(!Config::defaults_for_tests().dev_tools);
    }

    #[test]
    fn developer_pages_run_with_the_outboxes_on_loopback() {
        assert!(local(true).check_safe().is_ok());
        let mut v6 = local(true);
        v6.bind_addr = "[::1]:3000".parse().unwrap();
        assert!(v6.check_safe().is_ok());
    }

    #[test]
    fn developer_pages_with_twilio_are_refused() {
        let mut config = local(true);
        config.sms_provider = SmsProvider::Twilio;
        let message = config.check_safe().unwrap_err().to_string();
        assert!(
            message.contains("DEV_TOOLS") && message.contains("SMS_PROVIDER=twilio"),
            "{message}"
        );
        config.dev_tools = false;
        assert!(config.check_safe().is_ok());
    }

    #[test]
    fn sandbox_calls_stay_local_and_developer_pages_never_see_real_calls() {
        let mut public = Config::defaults_for_tests();
        public.bind_addr = "0.0.0.0:3000".parse().unwrap();
        public.secrets = real_key();
        public.payments.mode = PaymentMode::Live;
        let message = public.check_safe().unwrap_err().to_string();
        assert!(message.contains("CALL_PROVIDER=sandbox"), "{message}");
        public.calls.provider = CallProvider::Twilio;
        assert!(public.check_safe().is_ok());
        let mut dev = local(true);
        dev.calls.provider = CallProvider::Twilio;
        let message = dev.check_safe().unwrap_err().to_string();
        assert!(message.contains("CALL_PROVIDER=twilio"), "{message}");
    }

    #[test]
    fn developer_pages_with_smtp_are_refused() {
        let mut config = local(true);
        config.mail_transport = MailTransport::Smtp;
        let message = config.check_safe().unwrap_err().to_string();
        assert!(
            message.contains("DEV_TOOLS") && message.contains("MAIL_TRANSPORT=smtp"),
            "{message}"
        );
    }

    #[test]
    fn the_sandbox_on_a_public_address_is_refused_unless_allowed() {
        let mut config = local(false);
        config.bind_addr = "0.0.0.0:3000".parse().unwrap();
        config.secrets = real_key();
        let message = config.check_safe().unwrap_err().to_string();
        assert!(
            message.contains("PAYMENT_PROVIDER=sandbox")
                && message.contains("ALLOW_PUBLIC_SANDBOX"),
            "{message}"
        );
        config.payments.allow_public_sandbox = true;
        assert!(config.check_safe().is_ok());
    }

    #[test]
    fn developer_pages_on_a_public_address_are_refused() {
        for addr in ["0.0.0.0:3000", "192.168.1.5:80", "[::]:3000"] {
            let mut config = local(true);
            config.payments.allow_public_sandbox = true;
            config.secrets = real_key();
            config.bind_addr = addr.parse().unwrap();
            let message = config.check_safe().unwrap_err().to_string();
            assert!(
                message.contains("BIND_ADDR") && message.contains("loopback"),
                "{addr}: {message}"
            );
            config.dev_tools = false;
            assert!(
                config.check_safe().is_ok(),
                "{addr} without developer pages"
            );
        }
    }

    #[test]
    fn reading_the_environment_refuses_unsafe_combinations() {
        let vars = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| (*v).to_owned())
            }
        };
        let open = Config::from_vars(&vars(&[
            ("DEV_TOOLS", "true"),
            ("BIND_ADDR", "0.0.0.0:3000"),
            ("ALLOW_PUBLIC_SANDBOX", "true"),
        ]));
        assert!(open
            .unwrap_err()
            .to_string()
            .contains("BIND_ADDR=0.0.0.0:3000"));
        let smtp = Config::from_vars(&vars(&[
            ("DEV_TOOLS", "true"),
            ("MAIL_TRANSPORT", "smtp"),
            ("SMTP_HOST", "mx"),
        ]));
        assert!(smtp
            .unwrap_err()
            .to_string()
            .contains("MAIL_TRANSPORT=smtp"));
        let local =
            Config::from_vars(&vars(&[("DEV_TOOLS", "true")])).expect("local developer setup");
        assert!(local.dev_tools);
        let production =
            Config::from_vars(&vars(&[("MAIL_TRANSPORT", "smtp"), ("SMTP_HOST", "mx")])).unwrap();
        assert!(!production.dev_tools, "off unless asked for");
    }
}
