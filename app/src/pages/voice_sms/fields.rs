//! The composer's inputs: the message with its counter, the language and
//! the voice. Plain form controls that post the same names without JavaScript.
use crate::i18n::{t, t_args, use_i18n, Key};
use crate::model::voice::{Voice, LANGUAGES, MESSAGE_MAX_CHARS};
use leptos::prelude::*;

/// The message, a live counter and the limit stated.
#[component]
pub fn MessageField(message: RwSignal<String>, error: RwSignal<Option<String>>) -> impl IntoView {
    let i18n = use_i18n();
    let max = MESSAGE_MAX_CHARS.to_string();
    let hint = t_args(i18n.locale(), Key::VoiceMessageHint, &[("max", &max)]);
    let counter = move || {
        let count = message.with(|m| m.chars().count()).to_string();
        t_args(
            i18n.locale(),
            Key::VoiceCounter,
            &[("count", &count), ("max", &MESSAGE_MAX_CHARS.to_string())],
        )
    };
    view! {
        <div class="voice-field">
            <label for="voice-message">{i18n.text(Key::VoiceMessageLabel)}</label>
            <textarea
                id="voice-message"
                name="message"
                rows="6"
                maxlength=MESSAGE_MAX_CHARS
                required=true
                aria-describedby="voice-message-hint voice-counter message-error"
                aria-invalid=move || error.with(Option::is_some).then_some("true")
                prop:value=move || message.get()
                on:input=move |ev| message.set(event_target_value(&ev))
            >
                {message.get_untracked()}
            </textarea>
            <p class="voice-hint" id="voice-message-hint">{hint}</p>
            <p class="voice-counter" id="voice-counter" aria-live="polite">{counter}</p>
            <p id="message-error" class="field-error" role="alert">{move || error.get()}</p>
        </div>
    }
}

/// The language (each under its own name) and the voice.
#[component]
pub fn LanguageAndVoice(language: RwSignal<String>, voice: RwSignal<String>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <div class="voice-field voice-choice">
            <label for="voice-language">{i18n.text(Key::VoiceLanguageLabel)}</label>
            <select id="voice-language" name="language" on:change=move |ev| language.set(event_target_value(&ev))>
                {LANGUAGES
                    .iter()
                    .map(|l| {
                        let selected = language.get_untracked() == l.code;
                        view! { <option value=l.code lang=l.bcp47 selected=selected>{l.endonym}</option> }
                    })
                    .collect_view()}
            </select>
        </div>
        <fieldset class="voice-field voice-voices">
            <legend>{i18n.text(Key::VoiceVoiceLabel)}</legend>
            {Voice::ALL
                .into_iter()
                .map(|v| {
                    let id = format!("voice-{}", v.code());
                    let label_for = id.clone();
                    view! {
                        <label class="voice-radio" for=label_for>
                            <input
                                type="radio"
                                id=id
                                name="voice"
                                value=v.code()
                                checked=voice.get_untracked() == v.code()
                                on:change=move |_| voice.set(v.code().to_owned())
                            />
                            {t(i18n.locale(), v.label_key())}
                        </label>
                    }
                })
                .collect_view()}
        </fieldset>
    }
}
