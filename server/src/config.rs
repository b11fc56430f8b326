//! Configuration from the environment. Every variable, with its default:
//!
//! | variable          | default                                        | meaning |
//! |-------------------|------------------------------------------------|---------|
//! | `BIND_ADDR`       | `127.0.0.1:3000`                               | listen address |
//! | `DATABASE_URL`    | `sqlite://data/cool-tracker.db?mode=rwc`       | `sqlite://…` or `postgres://…` |
//! | `DB_MAX_CONNECTIONS` | `10`                                        | pool size |
//! | `SEED_DATA`       | `true`                                         | insert seed rows (price plans) on start |
//! | `PUBLIC_BASE_URL` | `http://127.0.0.1:3000`                        | origin for canonical/hreflang links |
//! | `SITE_ROOT`       | `target/site`                                  | front-end build output (scripts/build.sh) |
//! | `PUBLIC_DIR`      | `public`                                       | favicon, robots.txt |
//! | `SUPPORT_EMAIL`   | `support@cooltracker.example`                  | 24/7 support address shown to users |
//! | `MAP_TILE_URL`    | `https://tile.openstreetmap.org/{z}/{x}/{y}.png` | map tiles for the MapView widget |
//! | `GEOIP_DB_PATH`   | unset                                          | MaxMind-format country database (`.mmdb`) |
//! | `TRUST_FORWARDED_FOR` | `false`                                    | take the client IP from `X-Forwarded-For` (behind a proxy) |
//! | `DEFAULT_COUNTRY` | `US`                                           | picker preselection when nothing else is known |
//! | `LOCATE_LINK_TTL_SECS` | `86400` (24 h)                            | how long an owner's SMS link works |
//! | `LOCATE_RETENTION_DAYS` | `30`                                     | shared positions are deleted after this |
//! | `LOCATE_CAP_REQUESTER_DAY` | `10`                                  | requests per account per 24 h (a family's phones, with retries) |
//! | `LOCATE_CAP_REQUESTER_NUMBER_DAY` | `2`                            | requests per account for one number per 24 h (one, and one retry) |
//! | `LOCATE_CAP_NUMBER_DAY` | `3`                                      | requests one number receives per 24 h from everybody (stops SMS bombing) |
//! | `IP_HASH_KEY` | random per process                                 | key for hashing owners' IP addresses in consent records; set it to compare records across restarts |
//! | `LOG_FORMAT`      | `pretty`                                       | `pretty` or `json` |
//! | `RUST_LOG`        | `info`                                         | log filter |
//! | `MAIL_TRANSPORT`  | `outbox`                                       | `outbox` (rows in `dev_outbox`, read at `/dev/outbox`) or `smtp` |
//! | `SMTP_HOST`       | unset (required with `smtp`)                   | SMTP relay host name |
//! | `SMTP_PORT`       | `587`                                          | SMTP relay port |
//! | `SMTP_TLS`        | `starttls`                                     | `starttls` (required upgrade), `tls` (implicit TLS, port 465) or `none` (loopback/tests only) |
//! | `SMTP_USERNAME`   | unset                                          | SMTP AUTH user; no AUTH when unset |
//! | `SMTP_PASSWORD`   | unset                                          | SMTP AUTH password (secret: never logged or printed) |
//! | `MAIL_FROM`       | `Cool Tracker <no-reply@cooltracker.example>`  | `From` of every e-mail |
//! | `OPERATOR_NAME`   | `Cool Tracker Ltd.`                            | legal operator named in e-mails |
//! | `SMS_PROVIDER`    | `outbox`                                       | `outbox` (rows in `dev_outbox`, channel `sms`) or `twilio` |
//! | `TWILIO_ACCOUNT_SID` | unset (required with `twilio`)              | Account SID (`AC…`): the API path and the Basic-auth user |
//! | `TWILIO_AUTH_TOKEN` | unset (required with `twilio`)               | Auth token: Basic-auth password and webhook signature key (secret: never logged or printed) |
//! | `TWILIO_FROM`     | unset                                          | sending number (E.164) or alphanumeric ID; this or `TWILIO_MESSAGING_SERVICE_SID` is required with `twilio` |
//! | `TWILIO_MESSAGING_SERVICE_SID` | unset                             | Messaging Service (`MG…`); used instead of `TWILIO_FROM` when set |
//! | `TWILIO_API_BASE` | `https://api.twilio.com`                       | API origin (tests point it at a loopback fake) |
//! | `DEV_TOOLS`       | `true` with `MAIL_TRANSPORT=outbox`, else `false` | serve developer pages (`/dev/outbox`); never in production |
//!
//! Secrets (the SMTP password, the Twilio auth token) stay here and never reach the WASM bundle: the
//! browser only sees [`app::config::PublicConfig`].
use anyhow::{Context as _, Result};
use std::{env, fmt, net::SocketAddr, path::PathBuf, str::FromStr};

/// Limits of the locate-with-consent flow (issue 5).
#[derive(Clone, Debug)]
pub struct LocateSettings {
    /// How long the owner's link works.
    pub link_ttl_ms: i64,
    /// How long a shared position is kept.
    pub retention_ms: i64,
    /// Requests one account may create per 24 hours.
    pub cap_per_requester_day: u64,
    /// Requests one account may create for the same number per 24 hours.
    pub cap_per_requester_number_day: u64,
    /// Requests one number may receive per 24 hours, from everybody together.
    pub cap_per_number_day: u64,
}

/// The server's settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// Listen address.
    pub bind_addr: SocketAddr,
    /// Database URL; the scheme picks the backend.
    pub database_url: String,
    /// Connection pool size.
    pub db_max_connections: u32,
    /// Whether seed rows are inserted on start.
    pub seed_data: bool,
    /// Public origin of the site, without trailing slash.
    pub public_base_url: String,
    /// Where the front-end build lives (`manifest.json`, `pkg/`).
    pub site_root: PathBuf,
    /// Static files served at the site root.
    pub public_dir: PathBuf,
    /// Support address shown to users.
    pub support_email: String,
    /// Map tile URL template.
    pub map_tile_url: String,
    /// MaxMind-format IP-to-country database.
    pub geoip_db_path: Option<PathBuf>,
    /// Whether `X-Forwarded-For` carries the client IP (only behind a trusted proxy).
    pub trust_forwarded_for: bool,
    /// Region preselected when neither IP nor language tells.
    pub default_country: String,
    /// `pretty` or `json`.
    pub log_format: String,
    /// Locate-with-consent limits.
    pub locate: LocateSettings,
    /// Key of the hash under which owners' IP addresses are kept with their consent.
    pub ip_hash_key: String,
    /// How e-mail leaves the server.
    pub mail_transport: MailTransport,
    /// The SMTP relay (used with [`MailTransport::Smtp`]).
    pub smtp: SmtpConfig,
    /// `From` of every e-mail, `Name <address>` or a bare address.
    pub mail_from: String,
    /// The legal operator named in e-mails.
    pub operator_name: String,
    /// How SMS leave the server.
    pub sms_provider: SmsProvider,
    /// The Twilio account (used with [`SmsProvider::Twilio`]).
    pub twilio: TwilioConfig,
    /// Whether developer pages (`/dev/outbox`) are routed. Defaults to on only
    /// with the outbox transport, so a production setup (which must use SMTP)
    /// never exposes them unless someone asks explicitly.
    pub dev_tools: bool,
}

/// Where outgoing e-mail goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MailTransport {
    /// Stored in the `dev_outbox` table, readable at `/dev/outbox` (local runs, tests).
    Outbox,
    /// Sent through the SMTP relay of [`SmtpConfig`].
    Smtp,
}

impl FromStr for MailTransport {
    type Err = UnknownValue;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "outbox" => Ok(MailTransport::Outbox),
            "smtp" => Ok(MailTransport::Smtp),
            _ => Err(UnknownValue("outbox, smtp")),
        }
    }
}

/// Where outgoing SMS go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SmsProvider {
    /// Stored in the `dev_outbox` table (channel `sms`), readable at `/dev/outbox`.
    Outbox,
    /// Sent through Twilio's Messages API with [`TwilioConfig`].
    Twilio,
}

impl FromStr for SmsProvider {
    type Err = UnknownValue;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "outbox" => Ok(SmsProvider::Outbox),
            "twilio" => Ok(SmsProvider::Twilio),
            _ => Err(UnknownValue("outbox, twilio")),
        }
    }
}

/// The Twilio account SMS are sent from. `Debug` redacts the auth token.
#[derive(Clone, Debug)]
pub struct TwilioConfig {
    /// Account SID (`AC…`).
    pub account_sid: Option<String>,
    /// Auth token: the API password and the key of `X-Twilio-Signature`.
    pub auth_token: Option<Secret>,
    /// Sending number (E.164) or alphanumeric sender ID.
    pub from: Option<String>,
    /// Messaging Service SID (`MG…`); preferred over `from` when set.
    pub messaging_service_sid: Option<String>,
    /// API origin without trailing slash (`https://api.twilio.com`).
    pub api_base: String,
}

impl TwilioConfig {
    /// What is missing for sending with Twilio, as one start-up message; `Ok`
    /// when the account SID, the token and a sender are all there.
    ///
    /// # Errors
    /// Names every missing variable.
    pub fn check_complete(&self) -> Result<()> {
        let mut missing = Vec::new();
        if self.account_sid.is_none() {
            missing.push("TWILIO_ACCOUNT_SID");
        }
        if self.auth_token.is_none() {
            missing.push("TWILIO_AUTH_TOKEN");
        }
        if self.from.is_none() && self.messaging_service_sid.is_none() {
            missing.push("TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID");
        }
        if missing.is_empty() {
            Ok(())
        } else {
            anyhow::bail!("SMS_PROVIDER=twilio needs {}", missing.join(", "))
        }
    }
}

/// How the SMTP connection is protected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SmtpTls {
    /// Plain connect, then a required `STARTTLS` upgrade (port 587).
    StartTls,
    /// TLS from the first byte (port 465).
    Tls,
    /// No encryption: only for a relay on loopback and for tests.
    None,
}

impl FromStr for SmtpTls {
    type Err = UnknownValue;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "starttls" => Ok(SmtpTls::StartTls),
            "tls" => Ok(SmtpTls::Tls),
            "none" => Ok(SmtpTls::None),
            _ => Err(UnknownValue("starttls, tls, none")),
        }
    }
}

/// A value outside an enumerated variable's choices (which it lists).
#[derive(Debug, thiserror::Error)]
#[error("expected one of: {0}")]
pub struct UnknownValue(&'static str);

/// The SMTP relay's address and credentials.
#[derive(Clone, Debug)]
pub struct SmtpConfig {
    /// Host name (also checked against the TLS certificate).
    pub host: Option<String>,
    /// Port.
    pub port: u16,
    /// Connection protection.
    pub tls: SmtpTls,
    /// AUTH user; no AUTH when `None`.
    pub username: Option<String>,
    /// AUTH password.
    pub password: Option<Secret>,
}

/// A value that must not appear in logs: `Debug` prints `Secret(***)`.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// Wraps a secret value.
    pub fn new(value: impl Into<String>) -> Self {
        Secret(value.into())
    }

    /// The value itself, for the one place that needs it (the SMTP login).
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(***)")
    }
}

impl Config {
    /// Reads the configuration.
    ///
    /// # Errors
    /// When a variable is set to a value that does not parse.
    pub fn from_env() -> Result<Self> {
        let mail_transport: MailTransport = parsed("MAIL_TRANSPORT", "outbox")?;
        if mail_transport == MailTransport::Smtp && optional("SMTP_HOST").is_none() {
            anyhow::bail!("MAIL_TRANSPORT=smtp needs SMTP_HOST");
        }
        let sms_provider: SmsProvider = parsed("SMS_PROVIDER", "outbox")?;
        let twilio = TwilioConfig {
            account_sid: optional("TWILIO_ACCOUNT_SID"),
            auth_token: optional("TWILIO_AUTH_TOKEN").map(Secret),
            from: optional("TWILIO_FROM"),
            messaging_service_sid: optional("TWILIO_MESSAGING_SERVICE_SID"),
            api_base: var("TWILIO_API_BASE", "https://api.twilio.com").trim_end_matches('/').to_owned(),
        };
        if sms_provider == SmsProvider::Twilio {
            twilio.check_complete()?;
        }
        Ok(Config {
            bind_addr: parsed("BIND_ADDR", "127.0.0.1:3000")?,
            database_url: var("DATABASE_URL", "sqlite://data/cool-tracker.db?mode=rwc"),
            db_max_connections: parsed("DB_MAX_CONNECTIONS", "10")?,
            seed_data: parsed("SEED_DATA", "true")?,
            public_base_url: var("PUBLIC_BASE_URL", "http://127.0.0.1:3000").trim_end_matches('/').to_owned(),
            site_root: var("SITE_ROOT", "target/site").into(),
            public_dir: var("PUBLIC_DIR", "public").into(),
            support_email: var("SUPPORT_EMAIL", "support@cooltracker.example"),
            map_tile_url: var("MAP_TILE_URL", "https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
            geoip_db_path: env::var("GEOIP_DB_PATH").ok().filter(|v| !v.is_empty()).map(PathBuf::from),
            trust_forwarded_for: parsed("TRUST_FORWARDED_FOR", "false")?,
            default_country: var("DEFAULT_COUNTRY", "US").to_ascii_uppercase(),
            log_format: var("LOG_FORMAT", "pretty"),
            ip_hash_key: env::var("IP_HASH_KEY")
                .ok()
                .filter(|v| !v.is_empty())
                .unwrap_or_else(crate::services::accounts::secrets::new_token),
            locate: LocateSettings {
                link_ttl_ms: parsed::<i64>("LOCATE_LINK_TTL_SECS", "86400")? * 1000,
                retention_ms: parsed::<i64>("LOCATE_RETENTION_DAYS", "30")? * 86_400_000,
                cap_per_requester_day: parsed("LOCATE_CAP_REQUESTER_DAY", "10")?,
                cap_per_requester_number_day: parsed("LOCATE_CAP_REQUESTER_NUMBER_DAY", "2")?,
                cap_per_number_day: parsed("LOCATE_CAP_NUMBER_DAY", "3")?,
            },
            mail_transport,
            smtp: SmtpConfig {
                host: optional("SMTP_HOST"),
                port: parsed("SMTP_PORT", "587")?,
                tls: parsed("SMTP_TLS", "starttls")?,
                username: optional("SMTP_USERNAME"),
                password: optional("SMTP_PASSWORD").map(Secret),
            },
            mail_from: var("MAIL_FROM", "Cool Tracker <no-reply@cooltracker.example>"),
            operator_name: var("OPERATOR_NAME", "Cool Tracker Ltd."),
            sms_provider,
            twilio,
            dev_tools: parsed("DEV_TOOLS", if mail_transport == MailTransport::Outbox { "true" } else { "false" })?,
        })
    }
}

fn optional(name: &str) -> Option<String> {
    env::var(name).ok().filter(|v| !v.is_empty())
}

fn var(name: &str, default: &str) -> String {
    optional(name).unwrap_or_else(|| default.to_owned())
}

fn parsed<T: FromStr>(name: &str, default: &str) -> Result<T>
where
    T::Err: std::error::Error + Send + Sync + 'static,
{
    let value = var(name, default);
    value.parse().with_context(|| format!("{name}={value:?} is not valid"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_redacted_in_debug_output() {
        let smtp = SmtpConfig {
            host: Some("smtp.example".into()),
            port: 587,
            tls: SmtpTls::StartTls,
            username: Some("mailer".into()),
            password: Some(Secret::new("hunter2")),
        };
        let printed = format!("{smtp:?}");
        assert!(!printed.contains("hunter2"), "{printed}");
        assert!(printed.contains("Secret(***)"), "{printed}");
    }

    #[test]
    fn enumerated_values_parse_and_reject_others() {
        assert_eq!("STARTTLS".parse::<SmtpTls>().ok(), Some(SmtpTls::StartTls));
        assert_eq!("tls".parse::<SmtpTls>().ok(), Some(SmtpTls::Tls));
        assert_eq!("none".parse::<SmtpTls>().ok(), Some(SmtpTls::None));
        assert!("ssl".parse::<SmtpTls>().is_err());
        assert_eq!("smtp".parse::<MailTransport>().ok(), Some(MailTransport::Smtp));
        assert!("sendmail".parse::<MailTransport>().is_err());
        assert_eq!("Twilio".parse::<SmsProvider>().ok(), Some(SmsProvider::Twilio));
        assert!("vonage".parse::<SmsProvider>().is_err());
    }

    fn twilio(sid: Option<&str>, token: Option<&str>, from: Option<&str>, service: Option<&str>) -> TwilioConfig {
        TwilioConfig {
            account_sid: sid.map(str::to_owned),
            auth_token: token.map(Secret::new),
            from: from.map(str::to_owned),
            messaging_service_sid: service.map(str::to_owned),
            api_base: "https://api.twilio.com".into(),
        }
    }

    #[test]
    fn twilio_needs_an_account_a_token_and_a_sender() {
        assert!(twilio(Some("AC1"), Some("t"), Some("+15005550006"), None).check_complete().is_ok());
        assert!(twilio(Some("AC1"), Some("t"), None, Some("MG1")).check_complete().is_ok());
        let message = twilio(None, None, None, None).check_complete().unwrap_err().to_string();
        assert_eq!(
            message,
            "SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID"
        );
    }

    #[test]
    fn the_twilio_token_is_redacted_in_debug_output() {
        let printed = format!("{:?}", twilio(Some("AC1"), Some("tok-secret-42"), Some("+1"), None));
        assert!(!printed.contains("tok-secret-42"), "{printed}");
        assert!(printed.contains("Secret(***)"), "{printed}");
    }
}
