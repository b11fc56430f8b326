//! Assembling the application: database, state, router, listener, shutdown.
pub mod entry;
pub mod hand_back;
mod router;
mod serve;

pub use router::build_router;
pub use serve::Application;

use crate::services::visitor::GeoIpReader;
use crate::{
    config::Config,
    persistence,
    state::{AppState, StateParts},
    web,
};
use anyhow::{Context as _, Result};
use app_core::config::PublicConfig;
use app_core::views::Views;
use std::sync::Arc;

/// Connects, migrates, seals secrets left in plain text and seeds;
/// instances starting together take turns.
async fn prepare_database(config: &Config) -> Result<sea_orm::DatabaseConnection> {
    let lock = persistence::startup_lock::StartupLock::acquire(&config.database_url).await?;
    let db = persistence::open(
        &config.database_url,
        config.migration_database_url.as_deref(),
        config.db_max_connections,
    )
    .await?;
    let sealed = crate::services::sealed::seal_legacy(&db, &config.secrets)
        .await
        .context("sealing secrets kept in plain text")?;
    if sealed != crate::services::sealed::Resealed::default() {
        tracing::info!(?sealed, "secrets kept in plain text are now sealed");
    }
    if config.seed_data {
        persistence::seed::apply(&db, crate::clock::now_ms())
            .await
            .context("applying seed data")?;
    }
    crate::services::words::seed(&db, &app_core::i18n::Key::ALL)
        .await
        .context("storing texts")?;
    lock.release().await;
    Ok(db)
}

/// Builds the state: connects, migrates, seeds, loads the asset manifest;
/// pages are rendered by `views`.
///
/// # Errors
/// Database or migration failures.
pub async fn build_state(config: Config, views: Views) -> Result<AppState> {
    register_reactions();
    crate::domain::phone_data::PhoneData::load_in_background();
    let db = prepare_database(&config).await?;
    let geoip = open_geoip(&config)?;
    let (mailer, sms) = messengers(&config, &db)?;
    if config.dev_tools {
        tracing::warn!(
            "DEV_TOOLS is on: /dev/outbox shows every kept message; never enable it in production"
        );
    }
    let public = public_config(&config);
    let meta = crate::meta::MetaClient::from_settings(&config.meta).map(Arc::new);
    let wakers = crate::services::Wakers::default();
    let render_slots = Arc::new(tokio::sync::Semaphore::new(
        config.render_concurrency.max(1),
    ));
    let gateways = Arc::new(crate::payments::setup::gateways(&config, &db)?);
    let speech = start_speech(&config);
    let calls = Arc::new(crate::calls::CallPlacer::from_config(&config, db.clone())?);
    let streams = |n: i32| usize::try_from(n).unwrap_or(1);
    let bounds = crate::services::help_chat::live::StreamBounds {
        total: streams(config.chat.max_streams),
        per_topic: streams(config.chat.streams_per_conversation),
        per_address: streams(config.chat.streams_per_address),
    };
    let chat = crate::services::help_chat::live::hub(db.clone(), bounds, wakers.chat.clone());
    let locate_live =
        crate::services::locate::events::hub(db.clone(), bounds, wakers.locate.clone());
    Ok(AppState::new(StateParts {
        db,
        clock: crate::clock::Clock::system(),
        config: Arc::new(config),
        public: Arc::new(public),
        geoip,
        mailer,
        sms,
        wakers,
        gateways,
        speech,
        calls,
        chat,
        locate_live,
        meta,
        render_slots,
        caches: Default::default(),
        plans: Arc::default(),
        page_cache: Arc::default(),
        views,
    }))
}

/// What each feature does when a change made outside it ends its work
/// (`services::reactions`): the features that queue work for a member stop
/// it when the member's access ends; locating ends what is pending for a
/// number that opts out of all contact.
fn register_reactions() {
    use crate::services::{locate, reactions, voice};
    reactions::register(reactions::Reactions {
        access_ended: vec![voice::on_access_ended, locate::on_access_ended],
        number_opted_out: vec![locate::on_number_opted_out],
    });
}

/// The GeoIP database, when a path is configured.
fn open_geoip(config: &Config) -> Result<Option<Arc<GeoIpReader>>> {
    let Some(path) = &config.geoip_db_path else {
        return Ok(None);
    };
    let reader = maxminddb::Reader::open_readfile(path)
        .with_context(|| format!("opening {}", path.display()))?;
    Ok(Some(Arc::new(reader)))
}

/// The e-mail and SMS senders the configuration chooses.
fn messengers(
    config: &Config,
    db: &sea_orm::DatabaseConnection,
) -> Result<(Arc<crate::mail::Mailer>, Arc<crate::sms::SmsSender>)> {
    let mailer = Arc::new(
        crate::mail::Mailer::from_config(config, db.clone()).context("setting up e-mail")?,
    );
    tracing::info!(transport = mailer.name(), "mail ready");
    let sms =
        Arc::new(crate::sms::SmsSender::from_config(config, db.clone()).context("setting up SMS")?);
    tracing::info!(provider = sms.name(), "sms ready");
    Ok((mailer, sms))
}

/// What the pages may know of the configuration.
fn public_config(config: &Config) -> PublicConfig {
    PublicConfig {
        base_url: config.public_base_url.clone(),
        support_email: config.support_email.clone(),
        map_tile_url: config.map_tile_url.clone(),
        assets: web::load_manifest(&config.site_root),
        meta_pixel_id: config.meta.pixel_id.clone().unwrap_or_default(),
    }
}

/// The speech engine; without it voice previews and calls answer 503.
fn start_speech(config: &Config) -> Arc<crate::speech::Speech> {
    Arc::new(crate::speech::Speech::start(&config.speech).unwrap_or_else(|e| {
        tracing::warn!(error = %e, "speech synthesis is unavailable: voice previews and calls answer 503");
        crate::speech::Speech::unavailable()
    }))
}
