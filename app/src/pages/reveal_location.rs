//! The phone owner's page, `/reveal-location?t=<token>` (no header, no
//! footer): what was asked, by which note, until when, and the owner's three
//! answers. "Share once" needs JavaScript (the [`RevealChoice`] island reads
//! the position and posts it to `POST /reveal/{token}`); Decline and Block are
//! plain forms (`form=reveal`) that work without it. No position is ever
//! shown unless the owner shared it.
use crate::account::forms::{AuthForm, FormOutcome};
use crate::account::plan::format_utc_datetime;
use crate::api::{encode, ApiClient};
use crate::components::{csrf_token, FormMessages, HiddenFields};
use crate::i18n::{provide_i18n, t, t_args, use_i18n, Key, Locale};
use crate::model::locate::{RevealDecision, RevealState, RevealView};
use crate::pages::dashboard_locations::position_text;
use crate::routes::{href, Page};
use crate::widgets::{GeoPoint, MapView};
use leptos::either::{Either, EitherOf5};
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

/// The path of the reveal page for `token` in `locale`.
pub fn reveal_href(locale: Locale, token: &str) -> String {
    format!("{}?t={}", href(locale, Page::RevealLocation), encode(token))
}

/// The reveal view.
#[component]
pub fn RevealLocationPage() -> impl IntoView {
    let i18n = use_i18n();
    let locale = i18n.locale();
    let token = use_query_map().with_untracked(|q| q.get("t")).unwrap_or_default();
    let client = ApiClient::new();
    let csrf = csrf_token();
    let view_token = token.clone();
    let reveal = Resource::new(
        || (),
        move |()| {
            let (client, token) = (client.clone(), view_token.clone());
            async move {
                if token.is_empty() {
                    return Ok(None);
                }
                client.reveal(locale, &token).await.map(Some)
            }
        },
    );
    let outcome = use_context::<FormOutcome>().filter(|o| o.form == AuthForm::Reveal);
    let langs_token = token.clone();
    view! {
        <main id="main" class="reveal">
            <nav class="reveal-lang-nav" aria-label=i18n.text(Key::NavLanguage)>
                <ul class="reveal-langs">
                    {Locale::ALL
                        .into_iter()
                        .map(|l| {
                            view! {
                                <li>
                                    <a
                                        href=reveal_href(l, &langs_token)
                                        hreflang=l.html_lang()
                                        lang=l.html_lang()
                                        aria-current=(l == locale).then_some("true")
                                    >
                                        {t(l, Key::LangName)}
                                    </a>
                                </li>
                            }
                        })
                        .collect_view()}
                </ul>
            </nav>
            <h1>{i18n.text(Key::TitleRevealLocation)}</h1>
            {outcome.map(|o| view! { <FormMessages errors=o.errors notice=o.notice/> })}
            <Suspense fallback=|| ()>
                {move || {
                    let (token, csrf) = (token.clone(), csrf.clone());
                    Suspend::new(async move {
                        match reveal.await {
                            Err(e) => Either::Left(view! { <p class="form-alert" role="alert">{e.msg}</p> }),
                            Ok(view) => Either::Right(view! { <RevealBody view=view token=token csrf=csrf/> }),
                        }
                    })
                }}
            </Suspense>
            <aside class="reveal-footer">
                <p>
                    <a id="reveal-never" href=href(locale, Page::DoNotLocate)>{i18n.text(Key::RevealNever)}</a>
                </p>
                <p class="reveal-service">
                    {t_args(locale, Key::RevealService, &[("site", t(locale, Key::SiteName))])}
                </p>
            </aside>
        </main>
    }
}

/// The page for one state of the link (`None`: no token at all, i.e. gone).
#[component]
fn RevealBody(view: Option<RevealView>, token: String, csrf: String) -> impl IntoView {
    let i18n = use_i18n();
    let locale = i18n.locale();
    let state = view.as_ref().map_or(RevealState::Gone, |v| v.state);
    let not_found = Signal::derive(|| Option::<GeoPoint>::None);
    let body = match (state, view) {
        (RevealState::Pending, Some(view)) => EitherOf5::A(view! {
            <section class="reveal-request" data-reveal-state="pending">
                <p class="lead">{i18n.text(Key::RevealAsked)}</p>
                <dl>
                    <dt>{i18n.text(Key::RevealNumber)}</dt>
                    <dd class="reveal-phone">{view.phone.clone()}</dd>
                    {(!view.note.is_empty())
                        .then(|| {
                            view! {
                                <dt>{i18n.text(Key::RevealNote)}</dt>
                                <dd class="reveal-note">{view.note.clone()}</dd>
                            }
                        })}
                </dl>
                <p class="reveal-expires">
                    {t_args(locale, Key::RevealExpires, &[("time", &format_utc_datetime(view.expires_at))])}
                </p>
            </section>
            <RevealChoice locale=locale token=token csrf=csrf/>
        }),
        (RevealState::Shared, view) => {
            let shared = view.and_then(|v| v.shared);
            EitherOf5::B(view! {
                <section data-reveal-state="shared">
                    <p class="form-notice" role="status">{i18n.text(Key::RevealShared)}</p>
                    <SharedPosition point=shared/>
                </section>
            })
        }
        (RevealState::Declined, _) => EitherOf5::C(view! {
            <section data-reveal-state="declined">
                <p class="form-notice" role="status">{i18n.text(Key::RevealDeclined)}</p>
                <MapView location=not_found/>
            </section>
        }),
        (RevealState::Blocked, _) => EitherOf5::D(view! {
            <section data-reveal-state="blocked">
                <p class="form-notice" role="status">{i18n.text(Key::RevealBlocked)}</p>
                <MapView location=not_found/>
            </section>
        }),
        _ => EitherOf5::E(view! {
            <section data-reveal-state="gone">
                <p class="form-alert" role="status">{i18n.text(Key::RevealGone)}</p>
                <MapView location=not_found/>
            </section>
        }),
    };
    body
}

/// The shared position as text (for people and tests) and on the map.
#[component]
fn SharedPosition(point: Option<GeoPoint>) -> impl IntoView {
    let i18n = use_i18n();
    let locale = i18n.locale();
    view! {
        {point
            .map(|p| {
                view! {
                    <p class="located-position" data-lat=p.lat data-lng=p.lng>
                        {position_text(locale, p)}
                    </p>
                }
            })}
        <MapView location=Signal::stored(point)/>
    }
}

/// Where the owner's "Share once" stands in the browser.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(not(feature = "hydrate"), allow(dead_code, reason = "built by the browser-side share flow"))]
enum Share {
    /// Nothing asked yet.
    Idle,
    /// Waiting for the browser's position and the server's answer.
    Locating,
    /// No position (refused, unavailable, timed out) or the post failed.
    Failed(Option<String>),
    /// Shared: the link is used up.
    Done(Option<GeoPoint>),
}

/// The three answers. Without JavaScript, "Share once" stays disabled with a
/// short explanation; Decline and Block post the page's own form.
#[island]
pub fn RevealChoice(locale: Locale, token: String, csrf: String) -> impl IntoView {
    provide_i18n(Signal::derive(move || locale));
    let i18n = use_i18n();
    let ready = RwSignal::new(false);
    Effect::new(move |_| ready.set(true));
    let stage = RwSignal::new(Share::Idle);
    let share_token = token.clone();
    let share = move |_: leptos::ev::MouseEvent| {
        if stage.get_untracked() == Share::Locating {
            return;
        }
        stage.set(Share::Locating);
        #[cfg(feature = "browser")]
        {
            let token = share_token.clone();
            leptos::task::spawn_local(async move {
                let next = match geo::current_position().await {
                    None => Share::Failed(None),
                    Some(point) => {
                        match crate::api::ApiClient::new()
                            .reveal_decide(locale, &token, RevealDecision::Share, Some(point))
                            .await
                        {
                            Ok(view) if view.state == RevealState::Shared => Share::Done(view.shared.or(Some(point))),
                            Ok(_) => Share::Failed(Some(t(locale, Key::RevealGone).to_owned())),
                            Err(e) => Share::Failed(Some(e.msg)),
                        }
                    }
                };
                stage.set(next);
            });
        }
        #[cfg(not(feature = "browser"))]
        let _ = &share_token;
    };
    let share_retry = share.clone();
    let action = reveal_href(locale, &token);
    let decision_form = move |decision: RevealDecision, key: Key, id: &'static str| {
        view! {
            <form method="post" action=action.clone() class="reveal-decision">
                <HiddenFields csrf=csrf.clone() form=AuthForm::Reveal/>
                <input type="hidden" name="t" value=token.clone()/>
                <input type="hidden" name="decision" value=decision.code()/>
                <button type="submit" id=id class="btn-secondary">{i18n.text(key)}</button>
            </form>
        }
    };
    let decline = decision_form(RevealDecision::Decline, Key::RevealDecline, "reveal-decline");
    let block = decision_form(RevealDecision::Block, Key::RevealBlock, "reveal-block");
    let done = move || match stage.get() {
        Share::Done(point) => Some(point),
        _ => None,
    };
    view! {
        <div class="reveal-choice">
            {move || {
                done()
                    .map(|point| {
                        view! {
                            <section data-reveal-state="shared">
                                <p class="form-notice" role="status">{i18n.text(Key::RevealShared)}</p>
                                <SharedPosition point=point/>
                            </section>
                        }
                    })
            }}
            <div class="reveal-actions" hidden=move || done().is_some()>
                <p class="share-explain">{i18n.text(Key::RevealShareExplain)}</p>
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
                {decline}
                {block}
            </div>
        </div>
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
        let geolocation = Reflect::get(&navigator, &"geolocation".into()).ok().filter(|g| g.is_object())?;
        let get: Function = Reflect::get(&geolocation, &"getCurrentPosition".into()).ok()?.dyn_into().ok()?;
        let options = Object::new();
        let _ = Reflect::set(&options, &"enableHighAccuracy".into(), &JsValue::TRUE);
        let _ = Reflect::set(&options, &"timeout".into(), &JsValue::from(TIMEOUT_MS));
        let _ = Reflect::set(&options, &"maximumAge".into(), &JsValue::from(0.0_f64));
        let promise = Promise::new(&mut |resolve, reject| {
            if get.call3(&geolocation, &resolve, &reject, &options).is_err() {
                let _ = reject.call0(&JsValue::NULL);
            }
        });
        let position = JsFuture::from(promise).await.ok()?;
        let coords = Reflect::get(&position, &"coords".into()).ok()?;
        let number = |name: &str| Reflect::get(&coords, &name.into()).ok().and_then(|v| v.as_f64());
        Some(GeoPoint { lat: number("latitude")?, lng: number("longitude")?, accuracy: number("accuracy") })
    }
}
