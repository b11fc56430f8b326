//! What every handler can reach.
use crate::config::Config;
use crate::mail::templates::Brand;
use crate::mail::Mailer;
use crate::services::visitor::GeoIpReader;
use crate::services::{Cx, Wakers};
use crate::sms::SmsSender;
use app_core::config::PublicConfig;
use sea_orm::DatabaseConnection;
use std::sync::Arc;

/// Shared application state: one reference-counted pointer, so the copy
/// every handler, middleware and in-process API call takes costs one
/// count instead of one per part (some thirty atomic counts, each a cache
/// line that both cores write, cloned and dropped several times a page).
#[derive(Clone)]
pub struct AppState(Arc<StateParts>);

impl AppState {
    /// The state holding `parts`.
    pub fn new(parts: StateParts) -> Self {
        AppState(Arc::new(parts))
    }
}

impl std::ops::Deref for AppState {
    type Target = StateParts;

    fn deref(&self) -> &StateParts {
        &self.0
    }
}

/// What [`AppState`] holds.
pub struct StateParts {
    /// The database pool.
    pub db: DatabaseConnection,
    /// What time it is for handlers and jobs (tests set it).
    pub clock: crate::clock::Clock,
    /// Server configuration.
    pub config: Arc<Config>,
    /// What the browser may see (rendered into every page).
    pub public: Arc<PublicConfig>,
    /// The IP-to-country database, when one is configured.
    pub geoip: Option<Arc<GeoIpReader>>,
    /// Outgoing e-mail (SMTP, or the dev outbox): `state.mailer.send(mail::templates::…)`.
    pub mailer: Arc<Mailer>,
    /// Outgoing SMS (Twilio, or the dev outbox): `state.sms.send(&sms::templates::locate_request_sms(…))`.
    pub sms: Arc<SmsSender>,
    /// Wake the background workers early (they also poll).
    pub wakers: Wakers,
    /// Payment providers (the sandbox, or the configured real ones).
    pub gateways: Arc<crate::payments::Gateways>,
    /// Speech synthesis (espeak-ng worker processes), bounded.
    pub speech: Arc<crate::speech::Speech>,
    /// Voice message previews of the last hour.
    /// Places voice message calls (Twilio, or the developer outbox).
    pub calls: Arc<crate::calls::CallPlacer>,
    /// Live delivery of help chat messages (bounded streams).
    pub chat: Arc<crate::services::help_chat::live::ChatHub>,
    /// Live delivery of locate request changes to the requesters' dashboards.
    pub locate_live: Arc<crate::services::live_feed::LiveHub>,
    /// Meta's Conversions API, when configured (`META_PIXEL_ID` and `META_ACCESS_TOKEN`).
    pub meta: Option<Arc<crate::meta::MetaClient>>,
    /// Slots for rendering pages (`RENDER_CONCURRENCY`).
    pub render_slots: Arc<tokio::sync::Semaphore>,
    /// The process's caches, one per type (the lookup's facts of numbers…).
    pub caches: crate::services::Caches,
    /// Recently read price plans (every home page shows one).
    pub plans: Arc<crate::services::pricing::PlansCache>,
    /// Public pages rendered for visitors without a session.
    pub page_cache: Arc<crate::page_cache::PageCache>,
    /// The pages' renderers (`app::views()`, given by the binary).
    pub views: app_core::views::Views,
}

impl AppState {
    /// The context a use case runs in, now.
    pub fn cx(&self) -> Cx {
        Cx {
            db: self.db.clone(),
            config: self.config.clone(),
            now: self.clock.now_ms(),
            wake: self.wakers.clone(),
            caches: self.caches.clone(),
        }
    }

    /// Milliseconds since the Unix epoch, by the application's clock.
    pub fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    /// Who the e-mails say they come from.
    pub fn brand(&self) -> Brand {
        Brand::from_config(&self.config)
    }
}
