//! A decision of the owner's page after the first answer (stop sharing,
//! block, trust, stop trusting) as a plain form that works without
//! JavaScript.
use super::reveal_href;
use crate::account::forms::AuthForm;
use crate::components::HiddenFields;
use crate::i18n::{use_i18n, Key, Locale};
use crate::model::locate::{RevealDecision, RevealView};
use leptos::prelude::*;

/// One decision of the owner's page as a plain form (button `#reveal-<code>`);
/// with `live` (the decided page's view and its error line) JavaScript posts
/// it through the API and the page shows the answer in place.
pub(super) fn decision_form(
    locale: Locale,
    token: String,
    csrf: String,
    decision: RevealDecision,
    key: Key,
    id: String,
    live: Option<(RwSignal<RevealView>, RwSignal<Option<String>>)>,
) -> impl IntoView {
    let i18n = use_i18n();
    let action = reveal_href(locale, &token);
    let hidden_token = token.clone();
    let submit = move |ev: leptos::ev::SubmitEvent| {
        if let Some((view, failed)) = live {
            ev.prevent_default();
            super::post(locale, token.clone(), decision, view, failed);
        }
    };
    view! {
        <form method="post" action=action class="reveal-decision" on:submit=submit>
            <HiddenFields csrf=csrf form=AuthForm::Reveal/>
            <input type="hidden" name="t" value=hidden_token/>
            <input type="hidden" name="decision" value=decision.code()/>
            <button type="submit" id=id class="btn-secondary">{i18n.text(key)}</button>
        </form>
    }
}
