//! Trusting the requester, on the owner's page: after deciding, "Trust this
//! requester" (their later requests open with a one-tap Share, each still
//! the owner's decision); on any page while trusted, what that means and
//! "Stop trusting this requester". Plain forms (`decision=trust|untrust`)
//! that work without JavaScript; with it they post through the API and the
//! page shows the answer in place.
use super::decision_form::decision_form;
use crate::i18n::{t_args, use_i18n, Key, Locale};
use crate::model::locate::{RevealDecision, RevealView};
use leptos::prelude::*;

/// The trust line and its action on the decided page, following `view`.
#[component]
pub(super) fn TrustActions(
    locale: Locale,
    token: String,
    csrf: String,
    view: RwSignal<RevealView>,
    failed: RwSignal<Option<String>>,
) -> impl IntoView {
    let i18n = use_i18n();
    move || {
        let (trusted, can_trust) = view.with(|v| (v.trusted, v.can_trust));
        let (token, csrf) = (token.clone(), csrf.clone());
        let form = move |decision, key| {
            decision_form(
                locale,
                token,
                csrf,
                decision,
                key,
                trust_id(decision),
                Some((view, failed)),
            )
        };
        if trusted {
            Some(
                view! {
                    <div class="reveal-trust" data-trusted="true">
                        <p class="reveal-trusted-now">{i18n.text(Key::RevealTrustedNow)}</p>
                        {form(RevealDecision::Untrust, Key::RevealUntrust)}
                    </div>
                }
                .into_any(),
            )
        } else if can_trust {
            Some(
                view! {
                    <div class="reveal-trust" data-trusted="false">
                        {form(RevealDecision::Trust, Key::RevealTrust)}
                        <p class="field-hint">{i18n.text(Key::RevealTrustHint)}</p>
                    </div>
                }
                .into_any(),
            )
        } else {
            None
        }
    }
}

/// On a pending page from an account the owner trusts: who it is, that a
/// tap on Share is all it takes, and "Stop trusting" (a plain form).
#[component]
pub(super) fn TrustedRequester(
    locale: Locale,
    token: String,
    csrf: String,
    view: RevealView,
) -> impl IntoView {
    view.trusted.then(|| {
        let who = view.requester.clone().unwrap_or_default();
        let line = t_args(locale, Key::RevealTrusted, &[("who", &who)]);
        view! {
            <div class="reveal-trust" data-trusted="true">
                <p class="form-notice reveal-trusted">{line}</p>
                {decision_form(locale, token, csrf, RevealDecision::Untrust, Key::RevealUntrust, trust_id(RevealDecision::Untrust), None)}
            </div>
        }
    })
}

/// The trust buttons' ids: `#reveal-trust`, `#reveal-untrust`.
fn trust_id(decision: RevealDecision) -> String {
    format!("reveal-{}", decision.code())
}
