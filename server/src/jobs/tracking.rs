//! Tracking jobs: conversion events leave for Meta here, never inside a
//! request; click points and operation-log rows past retention are deleted.
use crate::services::tracking::{delivery, events};
use crate::state::AppState;
use std::time::Duration;

/// How often queued events are looked for when nobody wakes the sender.
const POLL: Duration = Duration::from_secs(2);
/// How often old rows are deleted.
const RETENTION_EVERY: Duration = Duration::from_secs(3600);
const BATCH: u64 = 20;

/// Starts the tracking jobs.
pub fn spawn(state: &AppState) {
    if let Some(meta) = state.meta.clone() {
        let state = state.clone();
        tokio::spawn(async move {
            loop {
                match delivery::send_due(&state.cx(), &meta, BATCH).await {
                    Ok(n) if n as u64 == BATCH => continue,
                    Ok(_) => {}
                    Err(e) => tracing::error!(error = %e, "conversion sender round failed"),
                }
                let _ = tokio::time::timeout(POLL, state.wakers.jobs.notified()).await;
            }
        });
    }
    let state = state.clone();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(RETENTION_EVERY);
        loop {
            tick.tick().await;
            match events::delete_old(&state.db, crate::clock::now_ms()).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(deleted = n, "tracking rows past retention deleted"),
                Err(e) => tracing::error!(error = %e, "deleting old tracking rows failed"),
            }
        }
    });
}
