//! Refreshing the statuses in the browser while a request can still change.
use crate::api::{ApiClient, LOCATE_PAGE_SIZE};
use crate::i18n::Locale;
use crate::model::locate::{any_pending, GpsTrace, LocateRequestView};
use leptos::prelude::*;

/// How often the statuses are refreshed while a request can still change.
const POLL: std::time::Duration = std::time::Duration::from_secs(5);

/// Schedules the next refresh unless every request is final.
pub(super) fn start(
    locale: Locale,
    rows: RwSignal<Vec<LocateRequestView>>,
    traces: RwSignal<Vec<GpsTrace>>,
) {
    let client = ApiClient::new();
    // Rows rendered located before hydration may lack their trace.
    fetch_missing_traces(&client, locale, rows, traces);
    schedule(client, locale, rows, traces);
}

fn schedule(
    client: ApiClient,
    locale: Locale,
    rows: RwSignal<Vec<LocateRequestView>>,
    traces: RwSignal<Vec<GpsTrace>>,
) {
    if !rows.try_with_untracked(|r| any_pending(r)).unwrap_or(false) {
        return;
    }
    set_timeout(
        move || {
            if tab_hidden() {
                // No calls from a background tab; look again later.
                schedule(client, locale, rows, traces);
                return;
            }
            leptos::task::spawn_local(async move {
                if let Ok(list) = client.locate_list(locale, 1, LOCATE_PAGE_SIZE).await {
                    let changed = rows
                        .try_with_untracked(|r| *r != list.items)
                        .unwrap_or(false);
                    if changed {
                        rows.set(list.items);
                    }
                    fetch_missing_traces(&client, locale, rows, traces);
                }
                schedule(client, locale, rows, traces);
            });
        },
        POLL,
    );
}

/// Reads, once, the position of each located request that has none yet.
fn fetch_missing_traces(
    client: &ApiClient,
    locale: Locale,
    rows: RwSignal<Vec<LocateRequestView>>,
    traces: RwSignal<Vec<GpsTrace>>,
) {
    let missing: Vec<i64> = rows
        .try_with_untracked(|rows| {
            traces.with_untracked(|traces| {
                rows.iter()
                    .filter(|r| r.has_location && !traces.iter().any(|t| t.request_id == r.id))
                    .map(|r| r.id)
                    .collect()
            })
        })
        .unwrap_or_default();
    for id in missing {
        // Mark it as read (an empty trace) so a failure is not retried every 5 s.
        traces.update(|t| {
            t.push(GpsTrace {
                request_id: id,
                ..GpsTrace::default()
            })
        });
        let client = client.clone();
        leptos::task::spawn_local(async move {
            if let Ok(trace) = client.gps_trace(locale, id).await {
                traces.update(|t| {
                    t.retain(|x| x.request_id != id);
                    t.push(trace);
                });
            }
        });
    }
}

fn tab_hidden() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .is_some_and(|d| d.hidden())
}
