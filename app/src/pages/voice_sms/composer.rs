//! The composer island: number, message, language and voice, Preview and
//! Send. Rendered by the server as a plain POST form; once interactive,
//! both buttons work in place through the API. Without a subscription,
//! Send keeps the draft in this browser and goes to choose a plan; coming
//! back restores it.
use super::draft_store;
use super::fields::{LanguageAndVoice, MessageField};
use crate::account::validation::{Slot, PHONE_INPUT_MAX_LEN};
use crate::api::{ApiClient, VoiceSendError};
use crate::components::CountryPicker;
use crate::i18n::{provide_i18n, use_i18n, Key, Locale};
use crate::interactive::is_interactive;
use crate::model::voice::{VoiceDraft, VoiceMessageView, VoicePreview};
use crate::routes::{href, Page};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// Messages of a refused no-JS post, already localized.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ComposerErrors {
    pub phone: Option<String>,
    pub message: Option<String>,
    pub form: Option<String>,
}

/// The draft's signals.
#[derive(Clone, Copy)]
struct Draft {
    country: RwSignal<String>,
    phone: RwSignal<String>,
    message: RwSignal<String>,
    language: RwSignal<String>,
    voice: RwSignal<String>,
}

impl Draft {
    fn new(draft: VoiceDraft) -> Draft {
        Draft {
            country: RwSignal::new(draft.country),
            phone: RwSignal::new(draft.phone),
            message: RwSignal::new(draft.message),
            language: RwSignal::new(draft.language),
            voice: RwSignal::new(draft.voice),
        }
    }

    fn get(self) -> VoiceDraft {
        VoiceDraft {
            country: self.country.get_untracked(),
            phone: self.phone.get_untracked(),
            message: self.message.get_untracked(),
            language: self.language.get_untracked(),
            voice: self.voice.get_untracked(),
        }
    }

    fn restore(self, kept: VoiceDraft) {
        self.country.set(kept.country);
        self.phone.set(kept.phone);
        self.message.set(kept.message);
        self.language.set(kept.language);
        self.voice.set(kept.voice);
    }
}

impl Shown {
    /// A refusal in the server's words: beside the field it names, or in the
    /// "not sent" dialog when it names none.
    fn refused(self, error: &VoiceSendError) {
        let phone = error.field(Slot::Phone);
        let message = error.field(Slot::Message);
        let named_a_field = phone.is_some() || message.is_some();
        self.phone_error.set(phone);
        self.message_error.set(message);
        self.failed.set((!named_a_field).then(|| error.msg.clone()));
    }
}

/// What the page shows besides the form.
#[derive(Clone, Copy)]
struct Shown {
    preview: RwSignal<Option<VoicePreview>>,
    sent: RwSignal<Option<VoiceMessageView>>,
    failed: RwSignal<Option<String>>,
    phone_error: RwSignal<Option<String>>,
    message_error: RwSignal<Option<String>>,
    busy: RwSignal<bool>,
}

// A lazily loaded chunk of the hydrate WASM (split out by scripts/build.sh);
// a plain island elsewhere (the server, the widget gallery).
#[cfg_attr(feature = "hydrate", island(lazy))]
#[cfg_attr(not(feature = "hydrate"), island)]
pub fn VoiceComposer(
    locale: Locale,
    csrf: String,
    draft: VoiceDraft,
    preview: Option<VoicePreview>,
    errors: ComposerErrors,
    idempotency_key: String,
    signed_in: bool,
) -> impl IntoView {
    provide_i18n(Signal::derive(move || locale));
    let i18n = use_i18n();
    let fresh = draft.message.is_empty();
    let typed = draft_store::typed().filter(|typed| *typed != draft);
    let d = Draft::new(draft);
    let shown = Shown {
        preview: RwSignal::new(preview),
        sent: RwSignal::new(None),
        failed: RwSignal::new(errors.form.clone()),
        phone_error: RwSignal::new(errors.phone),
        message_error: RwSignal::new(errors.message),
        busy: RwSignal::new(false),
    };
    let key = StoredValue::new(idempotency_key.clone());
    // What was typed before the island woke stays; else a draft kept while
    // its writer chose a plan comes back (the server render has none).
    Effect::new(move |_| {
        if let Some(typed) = typed.clone() {
            d.restore(typed);
        } else if let (true, Some(kept)) = (fresh, draft_store::load()) {
            d.restore(kept);
        }
    });
    let on_preview = move |ev: leptos::ev::MouseEvent| {
        if is_interactive() {
            ev.prevent_default();
            run_preview(locale, d, shown);
        }
    };
    let on_send = move |ev: leptos::ev::MouseEvent| {
        if is_interactive() {
            ev.prevent_default();
            run_send(locale, d, shown, key, signed_in);
        }
    };
    view! {
        <form method="post" action=href(locale, Page::VoiceSms) class="voice-form" id="voice-form">
            <input type="hidden" name="csrf" value=csrf/>
            <input type="hidden" name="idempotencyKey" value=idempotency_key/>
            <NumberFields country=d.country phone=d.phone error=shown.phone_error/>
            <MessageField message=d.message error=shown.message_error/>
            <LanguageAndVoice language=d.language voice=d.voice/>
            <div class="voice-actions">
                <button type="submit" name="form" value="voice_preview" id="voice-preview" class="btn-secondary" disabled=move || shown.busy.get() on:click=on_preview>{i18n.text(Key::VoicePreview)}</button>
                <button type="submit" name="form" value="voice_send" id="voice-send" class="btn-primary" data-click="send" disabled=move || shown.busy.get() on:click=on_send>{i18n.text(Key::VoiceSend)}</button>
            </div>
        </form>
        <PreviewPlayer preview=shown.preview/>
        <Dialogs locale=locale shown=shown/>
    }
}

/// The recipient: country code and number.
#[component]
fn NumberFields(
    country: RwSignal<String>,
    phone: RwSignal<String>,
    error: RwSignal<Option<String>>,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <div class="voice-number">
            <CountryPicker selected=country/>
            <div class="phone-field">
                <label for="phone">{i18n.text(Key::VoicePhoneLabel)}</label>
                <input id="phone" name="phone" type="tel" inputmode="tel" autocomplete="off" maxlength=PHONE_INPUT_MAX_LEN
                    aria-describedby="phone-error" aria-invalid=move || error.with(Option::is_some).then_some("true")
                    value=phone.get_untracked() prop:value=move || phone.get() on:input=move |ev| phone.set(event_target_value(&ev))/>
                <p id="phone-error" class="field-error" role="alert">{move || error.get()}</p>
            </div>
        </div>
    }
}

/// The synthesized audio, played in the page.
#[component]
fn PreviewPlayer(preview: RwSignal<Option<VoicePreview>>) -> impl IntoView {
    let i18n = use_i18n();
    move || {
        preview.get().map(|p| {
            view! {
                <section class="voice-preview" aria-labelledby="voice-preview-title">
                    <h2 id="voice-preview-title">{i18n.text(Key::VoicePreviewTitle)}</h2>
                    <audio id="voice-audio" controls=true autoplay=is_interactive() preload="auto" src=p.audio_url></audio>
                </section>
            }
        })
    }
}

/// The "message sent" and "not sent" dialogs (the draft stays in the form).
#[component]
fn Dialogs(locale: Locale, shown: Shown) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        {move || shown.sent.get().map(|_| view! {
            <div class="voice-dialog" role="dialog" aria-modal="true" aria-labelledby="voice-sent-title" id="voice-sent">
                <h2 id="voice-sent-title">{i18n.text(Key::VoiceSentTitle)}</h2>
                <p>{i18n.text(Key::VoiceSentBody)}</p>
                <a class="btn-primary" href=href(locale, Page::DashboardVoice)>{i18n.text(Key::VoiceSentLink)}</a>
                <button type="button" class="btn-secondary" on:click=move |_| shown.sent.set(None)>{i18n.text(Key::VoiceClose)}</button>
            </div>
        })}
        {move || shown.failed.get().map(|message| view! {
            <div class="voice-dialog voice-failed" role="alertdialog" aria-modal="true" aria-labelledby="voice-failed-title" aria-describedby="voice-form-error" id="voice-failed">
                <h2 id="voice-failed-title">{i18n.text(Key::VoiceFailedTitle)}</h2>
                <p id="voice-form-error">{message}</p>
                <button type="button" class="btn-secondary" on:click=move |_| shown.failed.set(None)>{i18n.text(Key::VoiceClose)}</button>
            </div>
        })}
    }
}

fn run_preview(locale: Locale, d: Draft, shown: Shown) {
    shown.busy.set(true);
    let draft = d.get();
    leptos::task::spawn_local(async move {
        let result = ApiClient::new().voice_preview(locale, &draft).await;
        shown.busy.set(false);
        match result {
            Ok(preview) => {
                shown.phone_error.set(None);
                shown.message_error.set(None);
                shown.failed.set(None);
                shown.preview.set(Some(preview));
            }
            Err(e) => shown.refused(&e),
        }
    });
}

fn run_send(locale: Locale, d: Draft, shown: Shown, key: StoredValue<String>, signed_in: bool) {
    let draft = d.get();
    if !signed_in {
        draft_store::save(&draft);
        draft_store::go_to(&href(locale, Page::PayMethod));
        return;
    }
    shown.busy.set(true);
    leptos::task::spawn_local(async move {
        let result = ApiClient::new()
            .voice_send(locale, &draft, &key.get_value())
            .await;
        shown.busy.set(false);
        match result {
            Ok(view) => {
                draft_store::clear();
                key.set_value(crate::checkout::new_idempotency_key());
                shown.failed.set(None);
                shown.phone_error.set(None);
                shown.message_error.set(None);
                shown.sent.set(Some(view));
            }
            Err(e) if e.needs_subscription() => {
                draft_store::save(&draft);
                draft_store::go_to(&href(locale, Page::PayMethod));
            }
            Err(e) => shown.refused(&e),
        }
    });
}
