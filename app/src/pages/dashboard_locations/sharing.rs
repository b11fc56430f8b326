//! What the requester sees of how the owner shares: when the last position
//! came, how precise it is, and for live sharing until when it runs (or
//! when it ended), with "Stop live sharing" while it runs (a plain form
//! `locate_action`, `action=stop_live`).
use crate::account::forms::AuthForm;
use crate::account::plan::now_ms;
use crate::components::{HiddenFields, TimedText};
use crate::i18n::{use_i18n, Key};
use crate::model::locate::GpsTrace;
use crate::routes::{href, Page};
use leptos::prelude::*;

/// The facts of `trace` once read; nothing before. A live sharing that
/// runs out while the page is open turns to "ended" (and loses its Stop
/// button) at its end time: no news comes from the server for a window
/// that simply closes.
#[component]
pub(super) fn SharingFacts(trace: Signal<Option<GpsTrace>>, csrf: String) -> impl IntoView {
    let i18n = use_i18n();
    let locale = i18n.locale();
    let action = href(locale, Page::DashboardLocations);
    let window_closed = RwSignal::new(0_u32);
    let woken_for = StoredValue::new(None::<i64>);
    move || {
        window_closed.track();
        let trace = trace.get();
        if let Some(until) = trace.as_ref().and_then(|t| t.live_until) {
            if until > now_ms() && woken_for.get_value() != Some(until) {
                woken_for.set_value(Some(until));
                wake_at(until, window_closed);
            }
        }
        facts(trace, &action, &csrf)
    }
}

/// Bumps `signal` just after `until` (ms), in the browser.
#[cfg_attr(
    not(feature = "browser"),
    allow(unused_variables, reason = "only the browser waits")
)]
fn wake_at(until: i64, signal: RwSignal<u32>) {
    #[cfg(feature = "browser")]
    {
        let wait = u64::try_from(until - now_ms()).unwrap_or(0) + 500;
        set_timeout(
            move || {
                let _ = signal.try_update(|n| *n += 1);
            },
            std::time::Duration::from_millis(wait),
        );
    }
}

/// The facts of one trace, or nothing before a position was read.
fn facts(trace: Option<GpsTrace>, action: &str, csrf: &str) -> AnyView {
    let i18n = use_i18n();
    let locale = i18n.locale();
    let Some(last) = trace
        .as_ref()
        .and_then(|t| t.points.last())
        .map(|p| p.shared_at)
    else {
        return ().into_any();
    };
    let trace = trace.unwrap_or_default();
    {
        let live = trace.live_until.map(|until| (until, until > now_ms()));
        let last_key = match live {
            Some(_) => Key::ShareLiveLast,
            None => Key::LocateSharedAt,
        };
        let precision = trace.precision.map(|p| {
            view! { <p class="sharing-precision" data-precision=p.code()>{i18n.text(p.label_key())}</p> }
        });
        let window = live.map(|(until, running)| {
            let key = if running {
                Key::ShareLiveUntil
            } else {
                Key::ShareLiveEnded
            };
            view! {
                <p class="sharing-live" data-live=running.to_string()>
                    <TimedText locale=locale key=key ms=until/>
                </p>
            }
        });
        let deleted = trace.delete_after.map(|at| {
            view! {
                <p class="sharing-delete-after">
                    <TimedText locale=locale key=Key::RevealDeleteAfter ms=at/>
                </p>
            }
        });
        let stop = live
            .filter(|(_, running)| *running)
            .map(|_| stop_form(trace.request_id, action, csrf));
        view! {
            <div class="sharing-facts">
                <p class="sharing-last" data-shared-at=last>
                    <TimedText locale=locale key=last_key ms=last/>
                </p>
                {precision}
                {window}
                {deleted}
            </div>
            {stop}
        }
        .into_any()
    }
}

/// "Stop live sharing": a plain form (`locate_action`, `action=stop_live`).
fn stop_form(request_id: i64, action: &str, csrf: &str) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <form method="post" action=action.to_owned() class="locate-action">
            <HiddenFields csrf=csrf.to_owned() form=AuthForm::LocateAction/>
            <input type="hidden" name="id" value=request_id/>
            <input type="hidden" name="action" value="stop_live"/>
            <button type="submit" class="btn-secondary locate-stop-live">
                {i18n.text(Key::LocateStopLive)}
            </button>
        </form>
    }
}
