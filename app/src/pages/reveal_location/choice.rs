//! The pending page's answers: "Share" as the owner chooses — once, precise
//! or approximate, or live for a set time — (needs JavaScript: reads the
//! position and posts it), Decline and Block (plain forms). After sharing,
//! the island shows the decision and the actions still open in place.
use super::decided::AfterDecision;
use super::trust::TrustedRequester;
use super::{reveal_href, RevealRequest};
use crate::account::forms::AuthForm;
use crate::components::HiddenFields;
use crate::i18n::{provide_i18n, use_i18n, Key, Locale};
use crate::model::locate::{RevealDecision, RevealView, ShareMode};
use crate::widgets::{GeoPoint, MapView};
use leptos::prelude::*;

/// Where the owner's "Share once" stands in the browser.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    not(feature = "hydrate"),
    allow(dead_code, reason = "built by the browser-side share flow")
)]
enum Share {
    /// Nothing asked yet.
    Idle,
    /// Waiting for the browser's position and the server's answer.
    Locating,
    /// No position (refused, unavailable, timed out) or the post failed.
    Failed(Option<String>),
    /// Shared: the server's answer (with the position, this once).
    Done(Box<RevealView>),
}

/// The question (heading and request) and the three answers. Without
/// JavaScript, "Share once" stays disabled with a short explanation; Decline
/// and Block post the page's own form. Once shared, the heading and the page
/// say so in place of the question.
// A lazily loaded chunk of the hydrate WASM (split out by scripts/build.sh);
// a plain island elsewhere (the server, the widget gallery).
#[cfg_attr(feature = "hydrate", island(lazy))]
#[cfg_attr(not(feature = "hydrate"), island)]
pub fn RevealChoice(
    locale: Locale,
    token: String,
    csrf: String,
    view: RevealView,
) -> impl IntoView {
    provide_i18n(Signal::derive(move || locale));
    let i18n = use_i18n();
    let stage = RwSignal::new(Share::Idle);
    let (after_token, after_csrf, share_token) = (token.clone(), csrf.clone(), token.clone());
    let decline = view! {
        <DecisionForm locale=locale token=token.clone() csrf=csrf.clone() decision=RevealDecision::Decline key=Key::RevealDecline id="reveal-decline"/>
    };
    let block = view! {
        <DecisionForm locale=locale token=token csrf=csrf decision=RevealDecision::Block key=Key::RevealBlock id="reveal-block"/>
    };
    let done = move || match stage.get() {
        Share::Done(view) => Some(view),
        _ => None,
    };
    let trusted = view! {
        <TrustedRequester locale=locale token=share_token.clone() csrf=after_csrf.clone() view=view.clone()/>
    };
    let request = view;
    view! {
        <div class="reveal-choice">
            <div class="reveal-question" hidden=move || done().is_some()>
                <h1>{i18n.text(Key::TitleRevealLocation)}</h1>
                <RevealRequest view=request/>
            </div>
            {move || {
                done()
                    .map(|view| {
                        view! {
                            <AfterDecision
                                locale=locale
                                token=after_token.clone()
                                csrf=after_csrf.clone()
                                view=RwSignal::new(*view)
                            />
                        }
                    })
            }}
            <div class="reveal-actions" hidden=move || done().is_some()>
                {trusted}
                <p class="share-explain">{i18n.text(Key::RevealShareExplain)}</p>
                <ShareControls locale=locale token=share_token stage=stage/>
                {decline}
                {block}
            </div>
        </div>
    }
}

/// "Share once" (disabled until the page is interactive), the no-JS hint and
/// the failure with "Try again".
#[component]
fn ShareControls(locale: Locale, token: String, stage: RwSignal<Share>) -> impl IntoView {
    let i18n = use_i18n();
    let ready = RwSignal::new(false);
    Effect::new(move |_| ready.set(true));
    let mode = RwSignal::new(ShareMode::Once);
    let share = move |_: leptos::ev::MouseEvent| {
        if stage.get_untracked() != Share::Locating {
            stage.set(Share::Locating);
            start_share(locale, token.clone(), mode.get_untracked(), stage);
        }
    };
    let share_retry = share.clone();
    view! {
        <ModeChoice mode=mode/>
        <button
            type="button"
            id="reveal-share"
            class="btn-primary"
            disabled=move || !ready.get() || stage.get() == Share::Locating
            aria-describedby="reveal-needs-js"
            on:click=share
        >
            {move || {
                if stage.get() == Share::Locating {
                    i18n.t(Key::RevealLocating)
                } else {
                    i18n.t(Key::RevealShare)
                }
            }}
        </button>
        <p id="reveal-needs-js" class="field-hint" hidden=move || ready.get()>
            {i18n.text(Key::RevealNeedsJs)}
        </p>
        {move || match stage.get() {
            Share::Failed(message) => Some(view! {
                <div class="share-failed" role="alert">
                    <MapView location=Signal::derive(|| Option::<GeoPoint>::None)/>
                    {message.map(|m| view! { <p class="form-alert">{m}</p> })}
                    <button type="button" id="reveal-retry" class="btn-secondary" on:click=share_retry.clone()>
                        {i18n.text(Key::RevealRetry)}
                    </button>
                </div>
            }),
            _ => None,
        }}
    }
}

/// The owner's choice of how to share: once (precise or approximate) or
/// live for a set time, with what each means.
#[component]
fn ModeChoice(mode: RwSignal<ShareMode>) -> impl IntoView {
    let i18n = use_i18n();
    let option = move |m: ShareMode| {
        let id = format!("share-mode-{}", m.code());
        let label_for = id.clone();
        view! {
            <label class="share-mode" for=label_for>
                <input
                    type="radio"
                    name="mode"
                    id=id
                    value=m.code()
                    checked={m == ShareMode::Once}
                    on:change=move |_| mode.set(m)
                />
                " "
                {i18n.text(m.label_key())}
            </label>
        }
    };
    view! {
        <fieldset class="share-modes">
            <legend>{i18n.text(Key::ShareHow)}</legend>
            {ShareMode::ALL.into_iter().map(option).collect_view()}
            <p class="field-hint">{i18n.text(Key::ShareApproximateHint)}</p>
            <p class="field-hint">{i18n.text(Key::ShareLiveHint)}</p>
        </fieldset>
    }
}

/// Reads the position and posts it as `mode` says (an approximate one is
/// rounded before it is sent); `stage` ends `Done` or `Failed`.
#[cfg_attr(
    not(feature = "browser"),
    allow(unused_variables, reason = "only the browser shares")
)]
fn start_share(locale: Locale, token: String, mode: ShareMode, stage: RwSignal<Share>) {
    #[cfg(feature = "browser")]
    leptos::task::spawn_local(async move {
        let next = match geo::current_position().await {
            None => Share::Failed(None),
            Some(point) => {
                match crate::api::ApiClient::new()
                    .reveal_share(locale, &token, mode, point)
                    .await
                {
                    Ok(mut view) if view.state == crate::model::locate::RevealState::Shared => {
                        let sent = crate::model::sharing::at_precision(point, mode.precision());
                        view.shared = view.shared.or(Some(sent));
                        Share::Done(Box::new(view))
                    }
                    Ok(_) => {
                        Share::Failed(Some(crate::i18n::t(locale, Key::RevealGone).to_owned()))
                    }
                    Err(e) => Share::Failed(Some(e.msg)),
                }
            }
        };
        stage.set(next);
    });
}

/// A plain form posting one answer (`form=reveal`, `decision`) to the page.
#[component]
fn DecisionForm(
    locale: Locale,
    token: String,
    csrf: String,
    decision: RevealDecision,
    key: Key,
    id: &'static str,
) -> impl IntoView {
    let i18n = use_i18n();
    let action = reveal_href(locale, &token);
    view! {
        <form method="post" action=action class="reveal-decision">
            <HiddenFields csrf=csrf form=AuthForm::Reveal/>
            <input type="hidden" name="t" value=token/>
            <input type="hidden" name="decision" value=decision.code()/>
            <button type="submit" id=id class="btn-secondary">{i18n.text(key)}</button>
        </form>
    }
}

#[cfg(feature = "browser")]
mod geo {
    use crate::widgets::GeoPoint;
    use js_sys::{Function, Object, Promise, Reflect};
    use wasm_bindgen::{JsCast, JsValue};
    use wasm_bindgen_futures::JsFuture;

    /// Spec: high accuracy, 20 s timeout, no cached position.
    const TIMEOUT_MS: f64 = 20_000.0;

    /// `navigator.geolocation.getCurrentPosition`, through `Reflect` so the
    /// WASM needs no extra `web-sys` bindings. `None` when the browser has no
    /// geolocation, the owner refuses or no position arrives in time.
    pub(super) async fn current_position() -> Option<GeoPoint> {
        let navigator = web_sys::window()?.navigator();
        let geolocation = Reflect::get(&navigator, &"geolocation".into())
            .ok()
            .filter(|g| g.is_object())?;
        let get: Function = Reflect::get(&geolocation, &"getCurrentPosition".into())
            .ok()?
            .dyn_into()
            .ok()?;
        let options = Object::new();
        let _ = Reflect::set(&options, &"enableHighAccuracy".into(), &JsValue::TRUE);
        let _ = Reflect::set(&options, &"timeout".into(), &JsValue::from(TIMEOUT_MS));
        let _ = Reflect::set(&options, &"maximumAge".into(), &JsValue::from(0.0_f64));
        let promise = Promise::new(&mut |resolve, reject| {
            if get
                .call3(&geolocation, &resolve, &reject, &options)
                .is_err()
            {
                let _ = reject.call0(&JsValue::NULL);
            }
        });
        let position = JsFuture::from(promise).await.ok()?;
        let coords = Reflect::get(&position, &"coords".into()).ok()?;
        let number = |name: &str| {
            Reflect::get(&coords, &name.into())
                .ok()
                .and_then(|v| v.as_f64())
        };
        Some(GeoPoint {
            lat: number("latitude")?,
            lng: number("longitude")?,
            accuracy: number("accuracy"),
        })
    }
}
