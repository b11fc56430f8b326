//! `/voice-sms`: write an anonymous voice message, hear it, send it as a
//! call. The form works without JavaScript (Preview and Send post to this
//! page: `?preview=<token>` shows a preview with its draft, `?sent=<id>`
//! the "message sent" notice, a refusal comes back with the draft kept);
//! the [`VoiceComposer`] island does the same in place, with a live
//! character counter, the audio played in the page, and dialogs.
mod composer;
mod draft_store;
mod fields;

use crate::account::forms::{AuthForm, FormOutcome};
use crate::account::use_viewer;
use crate::account::validation::Slot;
use crate::api::ApiClient;
use crate::components::csrf_token;
use crate::i18n::{t, t_args, use_i18n, Key, Locale};
use crate::model::voice::{default_language, Voice, VoiceDraft, VoicePreview};
use crate::routes::{href, Page};
use composer::{ComposerErrors, VoiceComposer};
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

/// The draft to show: a refused post's values, else the preview's draft,
/// else an empty one in the page's language.
fn initial_draft(
    locale: Locale,
    outcome: Option<&FormOutcome>,
    previewed: Option<&VoiceDraft>,
) -> VoiceDraft {
    if let Some(o) = outcome {
        let value = |name: &str| o.value(name).unwrap_or_default().to_owned();
        return VoiceDraft {
            country: value("country"),
            phone: value("phone"),
            message: value("message"),
            language: value("language"),
            voice: value("voice"),
        };
    }
    previewed.cloned().unwrap_or_else(|| VoiceDraft {
        country: crate::countries::offered_or_default(None, locale),
        language: default_language(locale.code()).code.to_owned(),
        voice: Voice::Female.code().to_owned(),
        ..VoiceDraft::default()
    })
}

fn errors_of(locale: Locale, outcome: Option<&FormOutcome>) -> ComposerErrors {
    let message = |slot: Slot| {
        outcome
            .and_then(|o| o.errors.get(slot))
            .map(|key| t(locale, key).to_owned())
    };
    ComposerErrors {
        phone: message(Slot::Phone),
        message: message(Slot::Message),
        form: message(Slot::Form),
    }
}

/// The page: what the called person hears and may do, then the composer.
#[component]
pub fn VoiceSmsPage() -> impl IntoView {
    let i18n = use_i18n();
    let locale = i18n.locale();
    let (preview_token, sent) =
        use_query_map().with_untracked(|q| (q.get("preview"), q.get("sent")));
    let outcome = use_context::<FormOutcome>()
        .filter(|o| matches!(o.form, AuthForm::VoicePreview | AuthForm::VoiceSend));
    let key = outcome
        .as_ref()
        .and_then(|o| o.value("idempotencyKey").map(str::to_owned))
        .unwrap_or_else(crate::checkout::new_idempotency_key);
    let signed_in = use_viewer().is_some();
    let csrf = csrf_token();
    let client = ApiClient::new();
    let token = preview_token.clone();
    let previewed = Resource::new(
        || (),
        move |()| {
            let (client, token) = (client.clone(), token.clone());
            async move {
                match token {
                    Some(token) => client.voice_preview_get(locale, &token).await.ok(),
                    None => None,
                }
            }
        },
    );
    view! {
        <section class="voice-page">
            <h1>{i18n.text(Page::VoiceSms.title_key())}</h1>
            <p class="lead">{i18n.text(Page::VoiceSms.description_key())}</p>
            {sent.map(|_| view! { <SentNotice locale=locale/> })}
            <Suspense fallback=|| ()>
                {move || {
                    let (outcome, csrf, key) = (outcome.clone(), csrf.clone(), key.clone());
                    Suspend::new(async move {
                        let loaded = previewed.await;
                        let draft = initial_draft(locale, outcome.as_ref(), loaded.as_ref().map(|p| &p.draft));
                        let preview: Option<VoicePreview> = if outcome.is_none() { loaded.map(|p| p.preview) } else { None };
                        let errors = errors_of(locale, outcome.as_ref());
                        view! {
                            <VoiceComposer locale=locale csrf=csrf draft=draft preview=preview errors=errors idempotency_key=key signed_in=signed_in/>
                        }
                    })
                }}
            </Suspense>
            <Protections locale=locale signed_in=signed_in/>
        </section>
    }
}

/// After Send without JavaScript (`?sent=<id>`).
#[component]
fn SentNotice(locale: Locale) -> impl IntoView {
    view! {
        <div class="form-notice voice-sent-notice" role="status" id="voice-sent-notice">
            <p><strong>{t(locale, Key::VoiceSentTitle)}</strong></p>
            <p>{t(locale, Key::VoiceSentBody)}</p>
            <a href=href(locale, Page::DashboardVoice)>{t(locale, Key::VoiceSentLink)}</a>
        </div>
    }
}

/// What protects the person called, stated plainly.
#[component]
fn Protections(locale: Locale, signed_in: bool) -> impl IntoView {
    let max = crate::model::voice::MESSAGE_MAX_CHARS.to_string();
    view! {
        <section class="voice-protections" aria-labelledby="voice-protections-title">
            <h2 id="voice-protections-title">{t(locale, Key::VoiceProtectionsTitle)}</h2>
            <ul>
                <li>{t(locale, Key::VoiceProtectionDisclosure)}</li>
                <li>{t(locale, Key::VoiceProtectionKeys)}</li>
                <li>{t(locale, Key::VoiceProtectionNight)}</li>
                <li>{t_args(locale, Key::VoiceProtectionRules, &[("max", &max)])}</li>
                <li>{t(locale, Key::VoiceProtectionRecords)}</li>
            </ul>
            {(!signed_in).then(|| view! {
                <p class="voice-visitor-note" id="voice-visitor-note">
                    {t(locale, Key::VoiceVisitorNote)} " "
                    <a href=href(locale, Page::PayMethod)>{t(locale, Key::VoiceVisitorCta)}</a>
                </p>
            })}
        </section>
    }
}
