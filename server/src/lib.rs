//! The Cool Tracker server. Requests enter through `entry` (one module per
//! feature: its REST handlers and its no-JavaScript forms), on the plumbing
//! of `http` (the `/api_f/v1` API) and `web` (pages); rules live in
//! `services`; rows in `persistence`.
#![recursion_limit = "256"] // Deeply nested Leptos view types (static page trees).
pub mod calls;
pub mod cli;
pub mod clock;
pub mod config;
pub mod cookies;
pub mod domain;
pub mod entry;
pub mod html;
pub mod http;
pub mod jobs;
pub mod mail;
pub mod meta;
pub mod metrics;
pub mod page_cache;
pub mod payments;
pub mod persistence;
pub mod rsa_keys;
pub mod secrets;
pub mod services;
pub mod signing;
pub mod sms;
pub mod speech;
pub mod startup;
pub mod state;
pub mod telemetry;
pub mod text_rules;
pub mod tokens;
pub mod twilio;
pub mod web;
