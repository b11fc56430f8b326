//! Where a request enters, one module per feature: each holds the feature's
//! REST handlers (`api.rs`, under `/api_f/v1`), its no-JavaScript forms
//! (`forms.rs`, posted to the page they sit on) and its route list with
//! paths (`routes()` in its `mod.rs`). Every handler and form is a thin
//! adapter over one use case of `services::<feature>`; the plumbing they
//! share is `http/` (envelope, extractors, the OpenAPI description) and
//! `web/` (the page forms' submission, redirects, rendering).
//!
//! | feature | API | forms | rule |
//! |---|---|---|---|
//! | [`accounts`] | sign-in, sessions, passwords | log in, codes, password | `services::accounts` |
//! | [`billing`] | price list, checkout, orders, refunds, payment webhook | pay, cancel, refund; the hosted sandbox checkout and the claim link | `services::billing` |
//! | [`locate`] | requests, the owner's answer, live positions, do-not-locate | create, act, reveal, registry | `services::locate` |
//! | [`voice`] | previews, messages, audio | preview, send | `services::voice` |
//! | [`lookup`] | number facts, reports, the owner's entry | report, owner's code, dispute, entry, opt-out | `services::lookup` |
//! | [`chat`] | the help chat | the contact form | `services::help_chat` |
//! | [`tracking`] | click points, events, conversions | the cookie banner | `services::tracking` |
//! | [`console`] | the support console's calls | the console's pages and forms | `services::console` |
pub mod accounts;
pub mod billing;
pub mod chat;
pub mod console;
pub mod locate;
pub mod lookup;
pub mod tracking;
pub mod voice;
