//! Live sharing on the owner's page: while the sharing runs and this page
//! is open, the browser's `watchPosition` feeds `POST /reveal/{token}/position`,
//! at most one position per [`MIN_INTERVAL_MS`] and only after moving
//! [`MIN_MOVE_M`] (or after [`MAX_SILENCE_MS`] without sending). The watch
//! pauses while the page is hidden and ends by itself at the chosen time;
//! the banner "Sharing live … until … — Stop" stays on screen throughout.
use crate::account::forms::AuthForm;
use crate::account::plan::now_ms;
use crate::components::{HiddenFields, TimedText};
use crate::i18n::{use_i18n, Key, Locale};
use crate::model::locate::{RevealDecision, RevealView};
use crate::widgets::GeoPoint;
use leptos::prelude::*;

/// Least time between two positions sent (ms).
#[cfg_attr(
    not(feature = "browser"),
    allow(dead_code, reason = "the throttle runs in the browser")
)]
pub const MIN_INTERVAL_MS: i64 = 10_000;
/// Least movement worth sending before [`MAX_SILENCE_MS`] (metres).
#[cfg_attr(
    not(feature = "browser"),
    allow(dead_code, reason = "the throttle runs in the browser")
)]
pub const MIN_MOVE_M: f64 = 25.0;
/// Longest time without a position while the page is open (ms).
#[cfg_attr(
    not(feature = "browser"),
    allow(dead_code, reason = "the throttle runs in the browser")
)]
pub const MAX_SILENCE_MS: i64 = 60_000;

/// Whether a position seen at `now` should be sent, the last one sent being
/// `last` (time and point).
#[cfg_attr(
    not(feature = "browser"),
    allow(dead_code, reason = "the throttle runs in the browser")
)]
pub fn should_send(last: Option<(i64, GeoPoint)>, now: i64, point: GeoPoint) -> bool {
    match last {
        None => true,
        Some((at, sent)) => {
            let waited = now - at;
            waited >= MIN_INTERVAL_MS
                && (distance_m(sent, point) >= MIN_MOVE_M || waited >= MAX_SILENCE_MS)
        }
    }
}

/// Distance between two points in metres (haversine).
#[cfg_attr(
    not(feature = "browser"),
    allow(dead_code, reason = "the throttle runs in the browser")
)]
pub fn distance_m(a: GeoPoint, b: GeoPoint) -> f64 {
    const EARTH_RADIUS_M: f64 = 6_371_000.0;
    let (la1, la2) = (a.lat.to_radians(), b.lat.to_radians());
    let dlat = la2 - la1;
    let dlng = (b.lng - a.lng).to_radians();
    let h = (dlat / 2.0).sin().powi(2) + la1.cos() * la2.cos() * (dlng / 2.0).sin().powi(2);
    2.0 * EARTH_RADIUS_M * h.sqrt().asin()
}

/// Whether `view`'s live sharing runs at `now`.
pub fn is_live(view: &RevealView, now: i64) -> bool {
    view.live_until.is_some_and(|until| until > now)
}

/// The banner and the watch, while `view`'s live sharing runs.
#[component]
pub(super) fn LiveSharing(
    locale: Locale,
    token: String,
    csrf: String,
    view: RwSignal<RevealView>,
) -> impl IntoView {
    let i18n = use_i18n();
    let live = RwSignal::new(view.with_untracked(|v| is_live(v, now_ms())));
    let failed = RwSignal::new(Option::<String>::None);
    #[cfg(feature = "browser")]
    watch::start(locale, token.clone(), view, live, failed);
    let action = super::reveal_href(locale, &token);
    let stop_token = token.clone();
    // A plain form (works without JavaScript); with it, posted through the
    // API. The banner stays until the server's answer says the sharing
    // ended (a refusal shows in it).
    let stop = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        super::post(
            locale,
            stop_token.clone(),
            RevealDecision::StopLive,
            view,
            failed,
        );
    };
    let offset = view.with_untracked(|v| v.utc_offset_min.unwrap_or(0));
    move || {
        let until = view.with(|v| v.live_until)?;
        let error = failed.get();
        live.get().then(|| {
            view! {
                <div class="live-banner" role="status" data-live-until=until>
                    <span>
                        <TimedText locale=locale key=Key::ShareLiveBanner ms=until offset_min=offset/>
                    </span>
                    " — "
                    <form method="post" action=action.clone() class="reveal-decision" on:submit=stop.clone()>
                        <HiddenFields csrf=csrf.clone() form=AuthForm::Reveal/>
                        <input type="hidden" name="t" value=token.clone()/>
                        <input type="hidden" name="decision" value=RevealDecision::StopLive.code()/>
                        <button type="submit" id="reveal-stop-live" class="btn-primary">
                            {i18n.text(Key::ShareLiveStop)}
                        </button>
                    </form>
                    {error.map(|m| view! { <p class="form-alert" role="alert">{m}</p> })}
                </div>
            }
        })
    }
}

#[cfg(feature = "browser")]
mod watch {
    use super::{should_send, GeoPoint};
    use crate::account::plan::now_ms;
    use crate::i18n::Locale;
    use crate::model::locate::RevealView;
    use leptos::prelude::*;
    use wasm_bindgen::prelude::*;

    #[wasm_bindgen(inline_js = r#"
        export function watch_position(onPoint) {
          const geo = navigator.geolocation;
          let id = null;
          const start = () => {
            if (id === null && geo) {
              id = geo.watchPosition(
                (p) => onPoint(p.coords.latitude, p.coords.longitude, p.coords.accuracy),
                () => {},
                { enableHighAccuracy: true, maximumAge: 5000, timeout: 30000 });
            }
          };
          const pause = () => { if (id !== null) { geo.clearWatch(id); id = null; } };
          const onVisibility = () => (document.hidden ? pause() : start());
          document.addEventListener("visibilitychange", onVisibility);
          if (!document.hidden) start();
          return () => { pause(); document.removeEventListener("visibilitychange", onVisibility); };
        }
    "#)]
    extern "C" {
        fn watch_position(on_point: &Closure<dyn FnMut(f64, f64, f64)>) -> js_sys::Function;
    }

    /// Watches the position until the sharing ends (its time, Stop, or the
    /// server refusing further positions). The watch keeps the latest
    /// position; a tick (on each new position and every
    /// [`super::MIN_INTERVAL_MS`]) sends it when [`should_send`] says so, so
    /// a move made too soon after the last send still goes out.
    pub(super) fn start(
        locale: Locale,
        token: String,
        view: RwSignal<RevealView>,
        live: RwSignal<bool>,
        failed: RwSignal<Option<String>>,
    ) {
        if !live.get_untracked() {
            return;
        }
        let latest = StoredValue::new(Option::<GeoPoint>::None);
        let last = StoredValue::new(Option::<(i64, GeoPoint)>::None);
        let tick = move || {
            let Some(point) = latest.get_value() else {
                return;
            };
            let now = now_ms();
            if !live.get_untracked() || page_hidden() || !should_send(last.get_value(), now, point)
            {
                return;
            }
            last.set_value(Some((now, point)));
            leptos::task::spawn_local(send(locale, token.clone(), point, view, failed));
        };
        let on_point_tick = tick.clone();
        let on_point = Closure::<dyn FnMut(f64, f64, f64)>::new(move |lat, lng, accuracy: f64| {
            latest.set_value(Some(GeoPoint {
                lat,
                lng,
                accuracy: accuracy.is_finite().then_some(accuracy),
            }));
            on_point_tick();
        });
        let stop_watch = watch_position(&on_point);
        let every = std::time::Duration::from_millis(super::MIN_INTERVAL_MS.unsigned_abs());
        let ticking = set_interval_with_handle(tick, every).ok();
        let handles = StoredValue::new_local(Some((on_point, stop_watch, ticking)));
        // Runs from the effect below, which reads `live`: it writes `live`
        // only while it is still on, or the effect would wake itself forever.
        let end = move || {
            if live.get_untracked() {
                live.set(false);
            }
            if let Some((_closure, stop, ticking)) =
                handles.try_update_value(Option::take).flatten()
            {
                let _ = stop.call0(&JsValue::NULL);
                if let Some(ticking) = ticking {
                    ticking.clear();
                }
            }
        };
        end_when_over(view, live, end);
    }

    /// Calls `end` at the chosen time, and when stopped from anywhere.
    fn end_when_over(
        view: RwSignal<RevealView>,
        live: RwSignal<bool>,
        end: impl Fn() + Copy + 'static,
    ) {
        let until = view.with_untracked(|v| v.live_until).unwrap_or(0);
        let wait = u64::try_from(until - now_ms()).unwrap_or(0);
        set_timeout(end, std::time::Duration::from_millis(wait));
        Effect::new(move |_| {
            let running = view.with(|v| super::is_live(v, now_ms()));
            if !running || !live.get() {
                end();
            }
        });
    }

    /// Posts one position; on a refusal the page reads its state again
    /// (stopped or deleted elsewhere ends the watch through `view`).
    async fn send(
        locale: Locale,
        token: String,
        point: GeoPoint,
        view: RwSignal<RevealView>,
        failed: RwSignal<Option<String>>,
    ) {
        let client = crate::api::ApiClient::new();
        match client.reveal_position(locale, &token, point).await {
            Ok(next) => {
                failed.set(None);
                view.set(next);
            }
            Err(e) => {
                failed.set(Some(e.msg));
                if let Ok(now) = client.reveal(locale, &token).await {
                    view.set(now);
                }
            }
        }
    }

    fn page_hidden() -> bool {
        web_sys::window()
            .and_then(|w| w.document())
            .is_some_and(|d| d.hidden())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(lat: f64, lng: f64) -> GeoPoint {
        GeoPoint {
            lat,
            lng,
            accuracy: Some(5.0),
        }
    }

    #[test]
    fn sends_the_first_then_only_after_a_pause_and_a_move_or_a_long_silence() {
        let here = at(-6.2, 106.8);
        assert!(should_send(None, 0, here));
        let sent = Some((0, here));
        // ~111 m north: a move, but too soon.
        let moved = at(-6.199, 106.8);
        assert!(!should_send(sent, MIN_INTERVAL_MS - 1, moved));
        assert!(should_send(sent, MIN_INTERVAL_MS, moved));
        // Standing still: only after the long silence.
        assert!(!should_send(sent, MAX_SILENCE_MS - 1, here));
        assert!(should_send(sent, MAX_SILENCE_MS, here));
    }

    #[test]
    fn distance_is_about_right() {
        let d = distance_m(at(0.0, 0.0), at(0.01, 0.0));
        assert!((d - 1_111.95).abs() < 1.0, "{d}");
        assert_eq!(distance_m(at(1.0, 2.0), at(1.0, 2.0)), 0.0);
    }
}
