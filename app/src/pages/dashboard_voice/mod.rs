//! `/dashboard/voice`: the member's voice messages, newest first, with
//! where each stands (queued, calling, delivered, no answer, failed, opted
//! out) and their own audio to replay while it is kept.
use crate::api::ApiClient;
use crate::dates::format_local_date;
use crate::i18n::{t, t_args, use_i18n, Key, Locale};
use crate::model::voice::{language, VoiceMessageView};
use crate::routes::{href, Page};
use leptos::either::EitherOf3;
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

/// Messages per page.
pub const PAGE_SIZE: u32 = 20;

/// The list, or its empty state.
#[component]
pub fn DashboardVoicePage() -> impl IntoView {
    let i18n = use_i18n();
    let locale = i18n.locale();
    let page = use_query_map()
        .with_untracked(|q| q.get("page"))
        .and_then(|p| p.parse::<u32>().ok())
        .filter(|p| *p >= 1)
        .unwrap_or(1);
    let client = ApiClient::new();
    let loaded = Resource::new(
        || (),
        move |()| {
            let client = client.clone();
            async move { client.voice_list(locale, page, PAGE_SIZE).await }
        },
    );
    view! {
        <section class="dashboard voice-dashboard">
            <h1>{i18n.text(Page::DashboardVoice.title_key())}</h1>
            <p><a class="btn-primary" href=href(locale, Page::VoiceSms)>{i18n.text(Key::VoiceListNew)}</a></p>
            <Suspense fallback=|| ()>
                {move || Suspend::new(async move {
                    match loaded.await {
                        Err(e) => EitherOf3::A(view! { <p class="form-alert" role="alert">{e.msg}</p> }),
                        Ok(list) if list.items.is_empty() => EitherOf3::B(view! { <p class="empty-state" id="voice-empty">{t(locale, Key::VoiceListEmpty)}</p> }),
                        Ok(list) => {
                            let total = list.page.map_or(0, |p| p.total);
                            EitherOf3::C(view! {
                                <ul class="voice-list" id="voice-list">
                                    {list.items.into_iter().map(|m| view! { <MessageRow locale=locale message=m/> }).collect_view()}
                                </ul>
                                <Pager locale=locale page=page total=total/>
                            })
                        }
                    }
                })}
            </Suspense>
        </section>
    }
}

/// One message: to whom, in what language, where it stands, the replay.
#[component]
fn MessageRow(locale: Locale, message: VoiceMessageView) -> impl IntoView {
    let language =
        language(&message.language).map_or(message.language.clone(), |l| l.endonym.to_owned());
    let excerpt: String = message.message.chars().take(120).collect();
    let attempts = message.attempts.to_string();
    let status = message.status.code();
    view! {
        <li class="voice-row" data-id=message.id data-status=status>
            <p class="voice-row-head">
                <strong>{message.to.clone()}</strong>
                " · " <span lang=crate::model::voice::language(&message.language).map_or("", |l| l.bcp47)>{language}</span>
                " · " <span class=format!("voice-status voice-status-{status}")>{t(locale, message.status.label_key())}</span>
            </p>
            <p class="voice-row-text">
                {if excerpt.is_empty() { t(locale, Key::VoiceListDeleted).to_owned() } else { excerpt }}
            </p>
            <p class="voice-row-meta">
                {format_local_date(message.created_at, locale)} " · " {t_args(locale, Key::VoiceListAttempts, &[("count", &attempts)])}
            </p>
            {message.audio_url.map(|url| view! {
                <audio class="voice-replay" controls=true preload="none" src=url aria-label=t(locale, Key::VoiceListReplay)></audio>
            })}
        </li>
    }
}

/// Older and newer pages.
#[component]
fn Pager(locale: Locale, page: u32, total: u64) -> impl IntoView {
    let base = href(locale, Page::DashboardVoice);
    let more = u64::from(page) * u64::from(PAGE_SIZE) < total;
    view! {
        <nav class="voice-pager" aria-label=t(locale, Key::VoiceListPages)>
            {(page > 1).then(|| view! { <a href=format!("{base}?page={}", page - 1)>{t(locale, Key::VoiceListNewer)}</a> })}
            {more.then(|| view! { <a href=format!("{base}?page={}", page + 1)>{t(locale, Key::VoiceListOlder)}</a> })}
        </nav>
    }
}
