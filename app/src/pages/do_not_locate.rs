//! `/do-not-locate`: anyone can put their number on the do-not-locate list.
//! Two plain forms posted to the page itself: `dnl_code` (country + phone →
//! an SMS code; the server redirects to `?sent=1`) and `dnl_confirm`
//! (country + phone + code; redirect to `?done=1`). `country` and `phone`
//! in the query (or the failed post's values) prefill the second step.
use crate::account::forms::{AuthForm, FormOutcome};
use crate::components::{CodeStep, NumberFields, NumberStep, ProofForms};
use crate::i18n::{t, t_args, use_i18n, Key};
use crate::routes::Page;
use leptos::either::EitherOf3;
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

const FORMS: ProofForms = ProofForms {
    page: Page::DoNotLocate,
    prefix: "dnl",
    send: AuthForm::DnlCode,
    confirm: AuthForm::DnlConfirm,
    send_label: Key::DnlSendCode,
    sent_notice: Key::DnlCodeSent,
    code_label: Key::DnlCodeLabel,
    confirm_label: Key::DnlConfirm,
};

/// Which step the page shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// Enter the number.
    Number,
    /// Enter the code we texted.
    Code,
    /// The number is on the list.
    Done,
}

/// Which step to show: a failed post shows its own form again; otherwise
/// the query tells (`?sent=1` after the code went out, `?done=1` at the end).
fn step_of(outcome: Option<&FormOutcome>, sent: Option<&str>, done: Option<&str>) -> Step {
    match (outcome, done, sent) {
        (Some(o), _, _) if o.form == AuthForm::DnlConfirm => Step::Code,
        (Some(_), _, _) => Step::Number,
        (None, Some("1"), _) => Step::Done,
        (None, _, Some("1")) => Step::Code,
        _ => Step::Number,
    }
}

/// The explanation, then the step's form or the success notice.
#[component]
pub fn DoNotLocatePage() -> impl IntoView {
    let i18n = use_i18n();
    let locale = i18n.locale();
    let (sent, done) = use_query_map().with_untracked(|q| (q.get("sent"), q.get("done")));
    let outcome = use_context::<FormOutcome>()
        .filter(|o| matches!(o.form, AuthForm::DnlCode | AuthForm::DnlConfirm));
    let step = step_of(outcome.as_ref(), sent.as_deref(), done.as_deref());
    let number = NumberFields::prefilled(FORMS);
    let intro = t_args(locale, Key::DnlIntro, &[("site", t(locale, Key::SiteName))]);
    let body = match step {
        Step::Done => EitherOf3::A(view! {
            <div class="form-notice" role="status" id="dnl-done">{i18n.text(Key::DnlDone)}</div>
        }),
        Step::Number => EitherOf3::B(view! { <NumberStep forms=FORMS number=number/> }),
        Step::Code => EitherOf3::C(
            view! { <CodeStep forms=FORMS number=number code_sent=sent.as_deref() == Some("1")/> },
        ),
    };
    view! {
        <section class="auth-page do-not-locate">
            <h1>{i18n.text(Page::DoNotLocate.title_key())}</h1>
            <p class="lead">{i18n.text(Page::DoNotLocate.description_key())}</p>
            <p>{intro}</p>
            {body}
        </section>
    }
}
