//! "Report this number": a plain form for members (the server redirects
//! back with `reported=1`, where the form has closed into its thank-you), a
//! sign-in link for visitors.
use super::Searched;
use crate::account::forms::{kept_value, AuthForm};
use crate::account::use_viewer;
use crate::account::validation::Slot;
use crate::components::{csrf_token, FormMessages, FormState, HiddenFields};
use crate::i18n::{t, use_i18n, Key};
use crate::model::lookup::{SpamCategory, COMMENT_MAX_CHARS};
use crate::routes::{href, Page};
use leptos::either::EitherOf3;
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

/// The report form, or the way to sign in first.
#[component]
pub fn ReportSection(search: Searched) -> impl IntoView {
    let locale = use_i18n().locale();
    let reported = use_query_map()
        .with_untracked(|q| q.get("reported"))
        .as_deref()
        == Some("1");
    let refused = use_context::<crate::account::forms::FormOutcome>()
        .is_some_and(|o| o.form == AuthForm::SpamReport);
    let body = if reported && !refused {
        EitherOf3::A(view! {
            <p class="form-notice" id="lookup-reported" role="status">{t(locale, Key::LookupReported)}</p>
        })
    } else if use_viewer().is_some() {
        EitherOf3::B(view! { <ReportForm search=search/> })
    } else {
        EitherOf3::C(view! {
            <p><a href=href(locale, Page::Login) id="lookup-report-login">{t(locale, Key::LookupReportLogin)}</a></p>
        })
    };
    view! {
        <section class="lookup-report">
            <h3>{t(locale, Key::LookupReportHeading)}</h3>
            {body}
        </section>
    }
}

#[component]
fn ReportForm(search: Searched) -> impl IntoView {
    let locale = use_i18n().locale();
    let state = FormState::from_outcome(AuthForm::SpamReport);
    let outcome = use_context::<crate::account::forms::FormOutcome>()
        .filter(|o| o.form == AuthForm::SpamReport);
    let kept = |name: &str| kept_value(outcome.as_ref(), name).unwrap_or_default();
    let chosen = kept("category");
    let comment_error = state.errors.get(Slot::Comment);
    let phone_error = state.errors.get(Slot::Phone);
    view! {
        <form method="post" action=href(locale, Page::Telecom) class="lookup-report-form" id="lookup-report-form" data-auth-form=AuthForm::SpamReport.param()>
            <HiddenFields csrf=csrf_token() form=AuthForm::SpamReport/>
            <input type="hidden" name="country" value=search.country/>
            <input type="hidden" name="phone" value=search.phone/>
            <FormMessages errors=state.errors.clone() notice=state.notice/>
            {phone_error.map(|key| view! { <p class="field-error" data-slot=Slot::Phone.name()>{t(locale, key)}</p> })}
            <fieldset class="lookup-categories">
                <legend>{t(locale, Key::LookupReportCategory)}</legend>
                {SpamCategory::ALL
                    .into_iter()
                    .enumerate()
                    .map(|(i, c)| {
                        let checked = if chosen.is_empty() { i == 0 } else { chosen == c.code() };
                        view! {
                            <label class="radio">
                                <input type="radio" name="category" value=c.code() checked=checked/>
                                {t(locale, c.label_key())}
                            </label>
                        }
                    })
                    .collect_view()}
            </fieldset>
            <div class="form-field">
                <label for="report-comment">{t(locale, Key::LookupReportComment)}</label>
                <textarea id="report-comment" name="comment" maxlength=COMMENT_MAX_CHARS rows="3" aria-describedby="report-commentErrorMsg">
                    {kept("comment")}
                </textarea>
                <p id="report-commentErrorMsg" class="field-error" data-slot=Slot::Comment.name() aria-live="polite">
                    {comment_error.map(|key| t(locale, key))}
                </p>
            </div>
            <button type="submit" class="btn-primary" id="lookup-report-submit">{t(locale, Key::LookupReportSubmit)}</button>
        </form>
    }
}
