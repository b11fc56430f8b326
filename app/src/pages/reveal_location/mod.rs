//! The phone owner's page, `/reveal-location?t=<token>`: a stranger's first
//! contact with us, so it says who we are (the mark, the name, one line on
//! the service, about and privacy) without the site's navigation or chat;
//! then what was asked, for which reason, until when, exactly what sharing
//! sends and how long it is kept, and the owner's three answers. The heading
//! always names the state. "Share once" needs JavaScript (the [`RevealChoice`] island
//! reads the position and posts it to `POST /reveal/{token}`); Decline and
//! Block are plain forms (`form=reveal`) that work without it. Once decided,
//! the page shows the decision and the actions still open ([`RevealAfter`]).
//! No position is ever shown unless the owner shared it, and only in the
//! answer to sharing.
mod choice;
mod decided;
mod decision_form;
mod live;
mod trust;

pub use choice::RevealChoice;
pub use decided::RevealAfter;

use crate::account::forms::{AuthForm, FormOutcome};
use crate::api::ApiClient;
use crate::components::{csrf_token, BrandMark, FormMessages, TimedText};
use crate::i18n::{t, t_args, use_i18n, Key, Locale};
use crate::model::locate::{RevealDecision, RevealState, RevealView};
use crate::model::reason::LocateReason;
use crate::routes::{href, Page};
use crate::widgets::{GeoPoint, MapView};
use leptos::either::{Either, EitherOf3};
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

pub use crate::routes::reveal_link::reveal_href;

/// The reveal view.
#[component]
pub fn RevealLocationPage() -> impl IntoView {
    let i18n = use_i18n();
    let locale = i18n.locale();
    let token = use_query_map()
        .with_untracked(|q| q.get("t"))
        .unwrap_or_default();
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
        <header class="reveal-header">
            <a class="brand" href=href(locale, Page::Home)>
                <BrandMark/>
                <span>{i18n.text(Key::SiteName)}</span>
            </a>
            <RevealLanguages token=langs_token/>
        </header>
        <main id="main" class="reveal">
            <WhoWeAre/>
            {outcome.map(|o| view! { <FormMessages errors=o.errors notice=o.notice/> })}
            <Suspense fallback=|| ()>
                {move || {
                    let (token, csrf) = (token.clone(), csrf.clone());
                    Suspend::new(async move {
                        match reveal.await {
                            Err(e) => Either::Left(view! {
                                <h1>{i18n.text(Key::TitleRevealLocation)}</h1>
                                <p class="form-alert" role="alert">{e.msg}</p>
                            }),
                            Ok(view) => Either::Right(view! { <RevealBody view=view token=token csrf=csrf/> }),
                        }
                    })
                }}
            </Suspense>
            <aside class="reveal-footer">
                <p>
                    <a id="reveal-never" href=href(locale, Page::DoNotLocate)>{i18n.text(Key::RevealNever)}</a>
                </p>
            </aside>
        </main>
    }
}

/// Who sends this page: the service in one line, with who runs it and how
/// it treats the owner's data one tap away.
#[component]
fn WhoWeAre() -> impl IntoView {
    let locale = use_i18n().locale();
    view! {
        <section class="reveal-intro" aria-label=t(locale, Key::RevealWhoWeAre)>
            <p class="reveal-service">
                {t_args(locale, Key::RevealService, &[("site", t(locale, Key::SiteName))])}
            </p>
            <p class="reveal-about">
                <a id="reveal-about" href=href(locale, Page::AboutUs)>{t(locale, Key::FooterAbout)}</a>
                <span aria-hidden="true">" · "</span>
                <a id="reveal-privacy" href=href(locale, Page::PrivacyPolicy)>{t(locale, Key::FooterPrivacy)}</a>
            </p>
        </section>
    }
}

/// This page in every language, for the same link (the owner may not read
/// the language of their number's country).
#[component]
fn RevealLanguages(token: String) -> impl IntoView {
    let i18n = use_i18n();
    let current = i18n.locale();
    let item = move |l: Locale| {
        view! {
            <li>
                <a
                    href=reveal_href(l, &token)
                    hreflang=l.html_lang()
                    lang=l.html_lang()
                    aria-current=(l == current).then_some("true")
                >
                    {t(l, Key::LangName)}
                </a>
            </li>
        }
    };
    view! {
        <nav class="reveal-lang-nav" aria-label=i18n.text(Key::NavLanguage)>
            <ul class="reveal-langs">{Locale::ALL.into_iter().map(item).collect_view()}</ul>
        </nav>
    }
}

/// The page for one state of the link (`None`: no token at all, i.e. gone).
#[component]
fn RevealBody(view: Option<RevealView>, token: String, csrf: String) -> impl IntoView {
    let i18n = use_i18n();
    let locale = i18n.locale();
    // The islands carry the view into the page's HTML: a stored note from
    // before preset reasons existed never travels with it.
    let view = view.map(|mut v| {
        v.note = LocateReason::from_code(&v.note)
            .map(|r| r.code().to_owned())
            .unwrap_or_default();
        v
    });
    match view {
        Some(view) if view.state == RevealState::Pending => EitherOf3::A(view! {
            <RevealChoice locale=locale token=token csrf=csrf view=view/>
        }),
        Some(view) if view.state != RevealState::Gone => {
            EitherOf3::B(view! { <RevealAfter locale=locale token=token csrf=csrf view=view/> })
        }
        _ => EitherOf3::C(view! {
            <h1>{i18n.text(Key::RevealHeadingGone)}</h1>
            <section data-reveal-state="gone">
                <p class="form-alert" role="status">{i18n.text(Key::RevealGone)}</p>
                // Nothing was shared through this link: the map says so.
                <MapView location=Signal::derive(|| Option::<GeoPoint>::None)/>
            </section>
        }),
    }
}

/// What is asked: the number, the requester's reason and until when; then
/// exactly what sharing sends, who sees it and how long it is kept.
#[component]
pub(super) fn RevealRequest(view: RevealView) -> impl IntoView {
    let i18n = use_i18n();
    let locale = i18n.locale();
    let keep = view.retention_days.map(|days| {
        view! { <li>{t_args(locale, Key::RevealWhatKeep, &[("days", &days.to_string())])}</li> }
    });
    view! {
        <section class="reveal-request" data-reveal-state="pending">
            <p class="lead">{i18n.text(Key::RevealAsked)}</p>
            <dl>
                <dt>{i18n.text(Key::RevealNumber)}</dt>
                <dd class="reveal-phone">{view.phone.clone()}</dd>
                <dt>{i18n.text(Key::RevealNote)}</dt>
                <dd class="reveal-note">{LocateReason::text_of(&view.note, locale)}</dd>
            </dl>
            <p class="reveal-expires">
                <TimedText
                    locale=locale
                    key=Key::RevealExpires
                    ms=view.expires_at
                    offset_min=view.utc_offset_min.unwrap_or(0)
                />
            </p>
        </section>
        <section class="reveal-what" aria-labelledby="reveal-what-title">
            <h2 id="reveal-what-title">{i18n.text(Key::RevealWhatTitle)}</h2>
            <ul>
                <li>{i18n.text(Key::RevealWhatPosition)}</li>
                <li>{i18n.text(Key::RevealWhatWho)}</li>
                {keep}
                <li>{i18n.text(Key::RevealWhatDecline)}</li>
            </ul>
        </section>
    }
}

/// Posts an after-decision action through the API and shows the answer.
#[cfg_attr(
    not(feature = "browser"),
    allow(unused_variables, reason = "only the browser posts")
)]
pub(super) fn post(
    locale: Locale,
    token: String,
    decision: RevealDecision,
    view: RwSignal<RevealView>,
    failed: RwSignal<Option<String>>,
) {
    #[cfg(feature = "browser")]
    leptos::task::spawn_local(async move {
        match crate::api::ApiClient::new()
            .reveal_decide(locale, &token, decision, None)
            .await
        {
            Ok(next) => {
                failed.set(None);
                view.set(next);
            }
            Err(e) => failed.set(Some(e.msg)),
        }
    });
}
