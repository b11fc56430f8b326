//! Schema migrations. Only sea-query schema helpers are used, so every
//! migration runs unchanged on SQLite and PostgreSQL.
#![expect(
    elided_lifetimes_in_paths,
    reason = "every migration's `up`/`down` signature is dictated by sea-orm-migration's async_trait"
)]
use sea_orm_migration::prelude::*;

mod m20261120_000001_create_price_plans;
mod m20261121_000002_create_multilingual_words;
mod m20261121_000003_create_accounts;
mod m20261121_000004_create_dev_outbox;
mod m20261121_000005_create_locate;
mod m20261123_000006_create_job_queue;
mod m20261123_000007_sms_queue_uncertain;
mod m20261124_000008_create_billing;
mod m20261125_000009_create_voice;
mod m20261126_000010_create_lookup;
mod m20261127_000011_create_help_chat;
mod m20261127_000012_create_tracking;
mod m20261128_000013_create_console;
mod m20261129_000014_create_voice_previews;
mod m20261130_000015_event_parking;
mod m20261201_000016_create_usage_ledger;
mod m20261201_000017_charge_refund_ref;
mod m20261202_000018_outbox_message_id;
mod m20261203_000019_staff_totp_lock;
mod m20261203_000020_sealed_secrets;
mod m20261204_000021_charge_tax;
mod m20261204_000022_order_payer_device;
mod m20261205_000023_trial_grants;
mod m20261206_000024_reset_code_job;
mod m20261208_000027_locate_sharing;
mod m20261208_000028_locate_events;
mod m20261210_000029_locate_receipts_trust;
mod m20261210_000030_renewal_links;
mod m20261210_000031_subscription_price_country;
mod schema;

/// All migrations, oldest first.
pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261120_000001_create_price_plans::Migration),
            Box::new(m20261121_000002_create_multilingual_words::Migration),
            Box::new(m20261121_000003_create_accounts::Migration),
            Box::new(m20261121_000004_create_dev_outbox::Migration),
            Box::new(m20261121_000005_create_locate::Migration),
            Box::new(m20261123_000006_create_job_queue::Migration),
            Box::new(m20261123_000007_sms_queue_uncertain::Migration),
            Box::new(m20261124_000008_create_billing::Migration),
            Box::new(m20261125_000009_create_voice::Migration),
            Box::new(m20261126_000010_create_lookup::Migration),
            Box::new(m20261127_000011_create_help_chat::Migration),
            Box::new(m20261127_000012_create_tracking::Migration),
            Box::new(m20261128_000013_create_console::Migration),
            Box::new(m20261129_000014_create_voice_previews::Migration),
            Box::new(m20261130_000015_event_parking::Migration),
            Box::new(m20261201_000016_create_usage_ledger::Migration),
            Box::new(m20261201_000017_charge_refund_ref::Migration),
            Box::new(m20261202_000018_outbox_message_id::Migration),
            Box::new(m20261203_000019_staff_totp_lock::Migration),
            Box::new(m20261203_000020_sealed_secrets::Migration),
            Box::new(m20261204_000021_charge_tax::Migration),
            Box::new(m20261204_000022_order_payer_device::Migration),
            Box::new(m20261205_000023_trial_grants::Migration),
            Box::new(m20261206_000024_reset_code_job::Migration),
            Box::new(m20261208_000027_locate_sharing::Migration),
            Box::new(m20261208_000028_locate_events::Migration),
            Box::new(m20261210_000029_locate_receipts_trust::Migration),
            Box::new(m20261210_000030_renewal_links::Migration),
            Box::new(m20261210_000031_subscription_price_country::Migration),
        ]
    }
}
