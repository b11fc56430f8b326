//! Tracking jobs: conversion events leave for Meta here, never inside a
//! request; click points and operation-log rows past retention are deleted.
use crate::services::tracking::{delivery, events};
use crate::state::AppState;
use std::time::Duration;

/// How often queued events are looked for when nobody wakes the sender.
const POLL: Duration = Duration::from_secs(2);
/// How often old rows are deleted (tests shorten it with the worker poll).
const RETENTION_EVERY: Duration = Duration::from_secs(3600);
const BATCH: u64 = 20;

/// Starts the tracking jobs; returns their tasks.
pub fn spawn(state: &AppState) -> Vec<tokio::task::JoinHandle<()>> {
    let mut tasks = Vec::new();
    if let Some(meta) = state.meta.clone() {
        let state = state.clone();
        tasks.push(tokio::spawn(async move {
            while !state.wakers.stop.requested() {
                match delivery::send_due(&state.cx(), &meta, BATCH).await {
                    Ok(n) if n as u64 == BATCH => continue,
                    Ok(_) => {}
                    Err(e) => tracing::error!(error = %e, "conversion sender round failed"),
                }
                if !super::idle(&state, POLL, &state.wakers.jobs).await {
                    break;
                }
            }
        }));
    }
    let state = state.clone();
    tasks.push(tokio::spawn(async move {
        let mut tick = tokio::time::interval(state.config.workers.poll_or(RETENTION_EVERY));
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                () = state.wakers.stop.wait() => break,
            }
            match events::delete_old(&state.db, state.now_ms()).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(deleted = n, "tracking rows past retention deleted"),
                Err(e) => tracing::error!(error = %e, "deleting old tracking rows failed"),
            }
        }
    }));
    tasks
}
