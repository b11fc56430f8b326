//! Configuration from the environment. Every variable, with its default:
//!
//! | variable          | default                                        | meaning |
//! |-------------------|------------------------------------------------|---------|
//! | `BIND_ADDR`       | `127.0.0.1:3000`                               | listen address |
//! | `DATABASE_URL`    | `sqlite://data/cool-tracker.db?mode=rwc`       | `sqlite://…` or `postgres://…`; on PostgreSQL in production the service's own role, which does not own the tables (docs/operations.md) |
//! | `MIGRATION_DATABASE_URL` | unset (migrations run over `DATABASE_URL`) | PostgreSQL: the tables' owner, used only to run migrations and grant the service role its rights at start |
//! | `DB_MAX_CONNECTIONS` | `10`                                        | pool size |
//! | `SEED_DATA`       | `true`                                         | insert seed rows (price plans) on start |
//! | `PUBLIC_BASE_URL` | `http://127.0.0.1:3000`                        | origin for canonical/hreflang links |
//! | `SITE_ROOT`       | `target/site`                                  | front-end build output (scripts/build.sh) |
//! | `PUBLIC_DIR`      | `public`                                       | favicon, link-preview image |
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
//! | `LOCATE_LIVE_UPDATES_PER_MIN` | `12`                                  | positions one live sharing may send per minute (the browser sends at most 6) |
//! | `IP_HASH_KEY` | random per process                                 | key for hashing owners' IP addresses in consent records; set it to compare records across restarts |
//! | `SECRETS_KEY` | unset: a fixed development key, refused outside developer or sandbox mode on loopback | 32 bytes (base64 or 64 hex digits) sealing secrets at rest: staff TOTP keys, saved wallet tokens |
//! | `SECRETS_KEY_PREVIOUS` | unset                                     | the key before the current one while rotating: still opens, never seals (docs/operations.md) |
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
//! | `PAYMENT_PROVIDER` | `sandbox`                                     | `sandbox` (checkout page on this site with test cards) or `live` (the adapters whose variables are set: `PADDLE_*`, `PAYPAL_*`, `FASTSPRING_*`, `PAYERMAX_*`, `DLOCAL_*`) |
//! | `SANDBOX_WEBHOOK_SECRET` | random per process                       | key the sandbox signs its webhooks with (set it when several servers share a database) |
//! | `SANDBOX_LATENCY_MS` | `0`                                       | tests only, sandbox only: the sandbox records each renewal charge and refund, then answers after this long (a provider that got the request but is slow); refused with `live` |
//! | `RENEWAL_RETRY_HOURS` | `24`                                       | a failed renewal is retried after this (the next settlement day) |
//! | `RENEWAL_LINK_LEAD_HOURS` | `72`                                   | a wallet that cannot be charged without the payer gets its renewal pay link this long before the period ends |
//! | `PAYMENT_TIMEOUT_SECS` | `30`                                      | time-out of each payment-provider call |
//! | `VOICE_CAP_SENDER_DAY` / `VOICE_CAP_NUMBER_DAY` | `10` / `2`        | voice messages per sender per day / per called number per day from everybody |
//! | `VOICE_PREVIEWS_IP_HOUR` | `30`                                     | voice previews per visitor IP per hour |
//! | `VOICE_QUIET_HOURS` | `21-8`                                       | no calls in these local hours of the called number's time zone(s) |
//! | `VOICE_BLOCKED_REGIONS` | (none)                                   | regions refused besides those the law protects (US and all its territories, CA: `domain::robocall_law`) |
//! | `VOICE_RETRY_MINUTES` | `15`                                       | delay of the one retry after busy or no answer |
//! | `VOICE_RETENTION_DAYS` | `30`                                      | text and audio of sent messages are deleted after this |
//! | `VOICE_URL_KEY`   | random per process                             | key of the signed audio URLs the call provider fetches (set it when several servers share a database) |
//! | `SPEECH_WORKERS` / `SPEECH_QUEUE` | cores / `16`                     | espeak-ng worker processes, and requests that may wait for one (more answer 503 "busy") |
//! | `SPEECH_CACHE_MB` | `64`                                           | synthesized audio kept by content hash |
//! | `SPEECH_WORKER_EXE` | this executable                              | program started as `<exe> speech-worker` |
//! | `CALL_PROVIDER`   | `sandbox`                                      | `sandbox` (calls kept and played at `/dev/calls`) or `twilio` (the Calls API with the `TWILIO_*` account) |
//! | `TWILIO_VOICE_FROM` | unset (required with `twilio` calls)         | the service's caller ID every called person sees |
//! | `CALL_TIMEOUT_SECS` | `10`                                         | time-out of each call-provider request; an unanswered one is reconciled, never repeated |
//! | `META_PIXEL_ID`, `META_ACCESS_TOKEN` | unset                        | Meta Conversions API pixel and token; without both, conversion events are only kept in `meta_events` (status `kept`) |
//! | `META_TEST_EVENT_CODE`, `META_GRAPH_URL`, `META_API_VERSION`, `META_TIMEOUT_SECS` | unset, `https://graph.facebook.com`, `v23.0`, `10` | test-events code, Graph API origin (tests: a loopback fake), version, time-out |
//! | `SHUTDOWN_GRACE_SECS` | `20`                                       | after SIGTERM/ctrl-c: time for requests and held jobs to finish; what is left is handed back |
//! | `WORKER_POLL_MS` / `WORKER_LEASE_SECS` | unset                      | tests only: shorter worker polls / leases (see [`WorkerSettings`]) |
//! | `DEV_TOOLS`       | `false`                                        | serve developer pages (`/dev/outbox`); only for local runs: the server refuses to start with it on together with a real provider (`SMS_PROVIDER=twilio`, `MAIL_TRANSPORT=smtp`) or a non-loopback `BIND_ADDR` |
//!
//! Secrets (the SMTP password, the Twilio auth token) stay here and never reach the WASM bundle: the
//! browser only sees [`app_core::config::PublicConfig`].
use anyhow::Result;
use std::{env, net::SocketAddr, path::PathBuf};

mod calls;
mod chat;
mod locate;
mod lookup;
mod meta;
pub mod payments;
mod providers;
mod safety;
mod speech;
mod vars;
mod voice;
mod workers;

pub use calls::{CallProvider, CallsConfig};
pub use chat::ChatSettings;
pub use locate::LocateSettings;
pub use lookup::LookupSettings;
pub use meta::MetaSettings;
pub use payments::{PaymentMode, PaymentsConfig};
pub use providers::{
    MailTransport, Secret, SmsProvider, SmtpConfig, SmtpTls, TwilioConfig, UnknownValue,
};
pub use speech::SpeechConfig;
use vars::Vars;
pub use voice::VoiceSettings;
pub use workers::WorkerSettings;

/// The server's settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// Listen address.
    pub bind_addr: SocketAddr,
    /// Database URL; the scheme picks the backend.
    pub database_url: String,
    /// The owner's URL migrations run over (PostgreSQL), when the service
    /// runs as its own role.
    pub migration_database_url: Option<String>,
    /// Connection pool size.
    pub db_max_connections: u32,
    /// How long a sign-in waits for a password-hashing slot before it hears
    /// "busy" (503). Hashing runs one at a time per core.
    pub hash_queue_wait_ms: u64,
    /// Pages rendered at the same time; past it a request waits up to
    /// `render_queue_wait_ms`, then hears "busy" (503).
    pub render_concurrency: usize,
    pub render_queue_wait_ms: u64,
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
    /// The keys sealing secrets at rest.
    pub secrets: crate::secrets::Keyring,
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
    /// Whether developer pages (`/dev/outbox`) are routed. Off unless asked
    /// for: they show reset codes and reveal links, so they are only allowed
    /// with the outbox transports on a loopback address (see [`Config::check_safe`]).
    pub dev_tools: bool,
    /// `METRICS_TOKEN`: bearer token of `GET /metrics`; unset = loopback clients only.
    pub metrics_token: Option<String>,
    /// Payment providers (sandbox by default).
    pub payments: PaymentsConfig,
    /// Voice message caps, quiet hours and delivery regions.
    pub voice: VoiceSettings,
    /// Speech synthesis workers and cache.
    pub speech: SpeechConfig,
    /// How voice message calls are placed.
    pub calls: CallsConfig,
    /// Reverse lookup and spam report limits.
    pub lookup: LookupSettings,
    /// Help chat limits and retention.
    pub chat: ChatSettings,
    /// Meta's Conversions API (off unless configured).
    pub meta: MetaSettings,
    /// Polls, leases and the shutdown grace of the background workers.
    pub workers: WorkerSettings,
}

impl Config {
    /// How long a sign-in waits for a password-hashing slot.
    pub fn hash_wait(&self) -> std::time::Duration {
        std::time::Duration::from_millis(self.hash_queue_wait_ms)
    }

    /// Reads the configuration from the process environment.
    ///
    /// # Errors
    /// When a variable is set to a value that does not parse, a provider lacks
    /// what it needs, or the settings are unsafe together ([`Config::check_safe`]).
    pub fn from_env() -> Result<Self> {
        Self::from_vars(&|name| env::var(name).ok())
    }

    /// The configuration with every variable at its default.
    #[cfg(test)]
    pub(crate) fn defaults_for_tests() -> Self {
        Self::from_vars(&|_| None).expect("defaults are valid")
    }

    /// Reads the configuration from `lookup` (the environment, or a test's map).
    ///
    /// # Errors
    /// As [`Config::from_env`].
    pub fn from_vars(lookup: &dyn Fn(&str) -> Option<String>) -> Result<Self> {
        let v = Vars(lookup);
        let mail_transport: MailTransport = v.parsed("MAIL_TRANSPORT", "outbox")?;
        if mail_transport == MailTransport::Smtp && v.optional("SMTP_HOST").is_none() {
            anyhow::bail!("MAIL_TRANSPORT=smtp needs SMTP_HOST");
        }
        let sms_provider: SmsProvider = v.parsed("SMS_PROVIDER", "outbox")?;
        let twilio = v.twilio_for(sms_provider)?;
        let config = Config {
            bind_addr: v.parsed("BIND_ADDR", "127.0.0.1:3000")?,
            database_url: v.var("DATABASE_URL", "sqlite://data/cool-tracker.db?mode=rwc"),
            migration_database_url: v.optional("MIGRATION_DATABASE_URL"),
            db_max_connections: v.parsed("DB_MAX_CONNECTIONS", "10")?,
            hash_queue_wait_ms: v.parsed("HASH_QUEUE_WAIT_MS", "2000")?,
            render_concurrency: v.parsed("RENDER_CONCURRENCY", "16")?,
            render_queue_wait_ms: v.parsed("RENDER_QUEUE_WAIT_MS", "2000")?,
            seed_data: v.parsed("SEED_DATA", "true")?,
            public_base_url: v
                .var("PUBLIC_BASE_URL", "http://127.0.0.1:3000")
                .trim_end_matches('/')
                .to_owned(),
            site_root: v.var("SITE_ROOT", "target/site").into(),
            public_dir: v.var("PUBLIC_DIR", "public").into(),
            support_email: v.var("SUPPORT_EMAIL", "support@cooltracker.example"),
            map_tile_url: v.var(
                "MAP_TILE_URL",
                "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
            ),
            geoip_db_path: v.optional("GEOIP_DB_PATH").map(PathBuf::from),
            trust_forwarded_for: v.parsed("TRUST_FORWARDED_FOR", "false")?,
            default_country: v.var("DEFAULT_COUNTRY", "US").to_ascii_uppercase(),
            log_format: v.var("LOG_FORMAT", "pretty"),
            ip_hash_key: v.optional("IP_HASH_KEY").unwrap_or_else(random_key),
            secrets: v.keyring()?,
            locate: v.locate()?,
            mail_transport,
            smtp: v.smtp()?,
            mail_from: v.var("MAIL_FROM", "Cool Tracker <no-reply@cooltracker.example>"),
            operator_name: v.var("OPERATOR_NAME", "Cool Tracker Ltd."),
            sms_provider,
            dev_tools: v.parsed("DEV_TOOLS", "false")?,
            metrics_token: v.optional("METRICS_TOKEN"),
            payments: PaymentsConfig::from_vars(lookup, random_key())?,
            voice: VoiceSettings::from_vars(lookup, random_key())?,
            speech: SpeechConfig::from_vars(lookup)?,
            lookup: LookupSettings::from_vars(lookup)?,
            chat: ChatSettings::from_vars(lookup)?,
            meta: MetaSettings::from_vars(lookup)?,
            workers: WorkerSettings::from_vars(lookup)?,
            calls: CallsConfig::from_vars(
                lookup,
                twilio.account_sid.as_deref(),
                twilio.auth_token.as_ref(),
            )?,
            twilio,
        };
        config.check_safe()?;
        Ok(config)
    }
}

/// 32 random bytes as hex: the per-process key when none is configured.
fn random_key() -> String {
    use rand_core::{OsRng, RngCore as _};
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
