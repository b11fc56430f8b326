//! Integration tests: the real router on a real database. Every test runs on
//! SQLite, and on PostgreSQL too when `TEST_DATABASE_URL` points at one.
mod util;

mod account_pages;
mod api_accounts;
mod api_locate;
mod api_password_reset;
mod api_paths;
mod api_other;
mod api_portal;
mod assets;
mod billing_checkout;
mod billing_live;
mod billing_refunds;
mod billing_renewals;
mod billing_util;
mod billing_webhooks;
mod dev_tools;
mod geoip;
mod health;
mod job_queue;
mod limits;
mod locate_bursts;
mod locate_reasons;
mod mail;
mod pages;
mod payments_payermax;
mod payments_paypal;
mod reveal_after_decision;
mod phone_corpus;
mod security_headers;
mod sms;
mod sms_exactly_once;
mod payments_fake;
mod payments_paddle;
mod payments_fastspring;
mod payments_dlocal;
