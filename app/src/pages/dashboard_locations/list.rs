//! The member's requests as an island: rendered by the server, kept up to
//! date in the browser.
use super::row::{position_of, LocateRow};
use crate::i18n::{provide_i18n, Locale};
use crate::model::locate::{GpsTrace, LocateRequestView};
use leptos::prelude::*;

/// The member's requests. Rendered by the server with what it loaded; in the
/// browser it polls `GET /spyContent` every 5 s while a request is not final
/// (skipping while the tab is hidden), reads the shared position of a
/// request that became located once, and follows the live stream of changes
/// (statuses, live positions, stops) without reloading.
// A lazily loaded chunk of the hydrate WASM (split out by scripts/build.sh);
// a plain island elsewhere (the server, the widget gallery).
#[cfg_attr(feature = "hydrate", island(lazy))]
#[cfg_attr(not(feature = "hydrate"), island)]
pub fn LocateRequests(
    locale: Locale,
    csrf: String,
    requests: Vec<LocateRequestView>,
    traces: Vec<GpsTrace>,
    created: Option<i64>,
) -> impl IntoView {
    provide_i18n(Signal::derive(move || locale));
    let rows = RwSignal::new(requests);
    let traces = RwSignal::new(traces);
    Effect::new(move |_| {
        #[cfg(feature = "browser")]
        {
            super::poll::start(locale, rows, traces);
            super::live::listen(locale, rows, traces);
        }
    });
    let csrf = StoredValue::new(csrf);
    view! {
        <ul class="locate-list" id="locate-list">
            <For
                each=move || rows.get()
                key=|r| (r.id, r.status, r.has_location, r.can_resend, r.label.clone())
                children=move |request| {
                    let id = request.id;
                    let position = Signal::derive(move || traces.with(|t| position_of(t, id)));
                    let trace = Signal::derive(move || {
                        traces.with(|t| t.iter().find(|x| x.request_id == id).cloned())
                    });
                    view! {
                        <LocateRow
                            request=request
                            position=position
                            trace=trace
                            csrf=csrf.get_value()
                            highlight=created == Some(id)
                        />
                    }
                }
            />
        </ul>
    }
}
