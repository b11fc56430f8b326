//! The live owner session: reports and the dispute, the directory entry,
//! the opt-out. `?done=` after a choice says what changed.
use crate::account::forms::{kept_value, AuthForm, FormOutcome};
use crate::account::validation::Slot;
use crate::components::{csrf_token, FormMessages, FormState, HiddenFields, SlotField};
use crate::i18n::{t, t_args, use_i18n, Key, Locale};
use crate::model::lookup::{OwnerView, DIRECTORY_FIELD_MAX_CHARS};
use crate::routes::{href, Page};
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

fn done_notice(done: Option<&str>) -> Option<Key> {
    match done? {
        "disputed" => Some(Key::OwnerDisputed),
        "published" => Some(Key::OwnerPublished),
        "unpublished" => Some(Key::OwnerUnpublished),
        "saved" => Some(Key::OwnerSaved),
        _ => None,
    }
}

/// One small form of the panel: hidden fields, extra inputs, one button.
#[component]
fn ChoiceForm(
    locale: Locale,
    form: AuthForm,
    id: &'static str,
    button: Key,
    /// Inputs besides the hidden fields, if the choice needs any.
    #[prop(optional)]
    children: Option<Children>,
) -> impl IntoView {
    view! {
        <form method="post" action=href(locale, Page::TelecomOwner) id=id data-auth-form=form.param()>
            <HiddenFields csrf=csrf_token() form=form/>
            {children.map(|c| c())}
            <button type="submit" class="btn-secondary">{t(locale, button)}</button>
        </form>
    }
}

/// Everything the owner can do, with the current state of each.
#[component]
pub fn ManagePanel(view: OwnerView) -> impl IntoView {
    let locale = use_i18n().locale();
    let done = use_query_map().with_untracked(|q| q.get("done"));
    let failed = use_context::<FormOutcome>().filter(|o| {
        matches!(
            o.form,
            AuthForm::OwnerDispute | AuthForm::OwnerUnpublish | AuthForm::OwnerOptOut
        )
    });
    let state = FormState::from_outcome(failed.map_or(AuthForm::OwnerDispute, |o| o.form))
        .with_notice(done_notice(done.as_deref()));
    let (visible, disputed) = (
        view.visible_reports.to_string(),
        view.disputed_reports.to_string(),
    );
    let entry_text = view.entry.as_ref().map(|e| {
        if e.city.is_empty() {
            e.name.clone()
        } else {
            format!("{} · {}", e.name, e.city)
        }
    });
    view! {
        <div class="owner-panel" id="owner-panel">
            <FormMessages errors=state.errors notice=state.notice/>
            <p id="owner-number"><strong>{t_args(locale, Key::OwnerNumber, &[("number", &view.number)])}</strong></p>
            <p class="field-hint">{t(locale, Key::OwnerSessionNote)}</p>
            <section>
                <h2>{t(locale, Key::LookupSpamHeading)}</h2>
                <p id="owner-reports">{t_args(locale, Key::OwnerReports, &[("visible", &visible), ("disputed", &disputed)])}</p>
                <p class="field-hint">{t(locale, Key::OwnerDisputeExplain)}</p>
                <ChoiceForm locale=locale form=AuthForm::OwnerDispute id="owner-dispute-form" button=Key::OwnerDispute/>
            </section>
            <EntrySection locale=locale entry_text=entry_text/>
            <OptOutSection locale=locale opted_out=view.opted_out/>
        </div>
    }
}

/// The directory entry: what is published (or nothing), the form to
/// publish, and Unpublish when there is an entry.
#[component]
fn EntrySection(locale: Locale, entry_text: Option<String>) -> impl IntoView {
    view! {
        <section>
            <h2>{t(locale, Key::OwnerEntryHeading)}</h2>
            <p id="owner-entry">
                {match entry_text.clone() {
                    Some(text) => t_args(locale, Key::OwnerEntryCurrent, &[("name", &text)]),
                    None => t(locale, Key::OwnerEntryNone).to_owned(),
                }}
            </p>
            <PublishForm locale=locale/>
            {entry_text.map(|_| view! {
                <ChoiceForm locale=locale form=AuthForm::OwnerUnpublish id="owner-unpublish-form" button=Key::OwnerUnpublish/>
            })}
        </section>
    }
}

/// Whether lookups of the number are refused, and the form to switch.
#[component]
fn OptOutSection(locale: Locale, opted_out: bool) -> impl IntoView {
    view! {
        <section>
            <h2>{t(locale, Key::OwnerOptHeading)}</h2>
            <p id="owner-opt-state" data-opted-out=opted_out.to_string()>
                {t(locale, if opted_out { Key::OwnerOptedOutState } else { Key::OwnerOptedInState })}
            </p>
            <ChoiceForm
                locale=locale
                form=AuthForm::OwnerOptOut
                id="owner-opt-form"
                button=if opted_out { Key::OwnerOptIn } else { Key::OwnerOptOut }
            >
                <input type="hidden" name="optOut" value=if opted_out { "0" } else { "1" }/>
            </ChoiceForm>
        </section>
    }
}

/// Name (required) and city (optional) to publish.
#[component]
fn PublishForm(locale: Locale) -> impl IntoView {
    let state = FormState::from_outcome(AuthForm::OwnerDirectory);
    let outcome = use_context::<FormOutcome>().filter(|o| o.form == AuthForm::OwnerDirectory);
    let kept = |name: &str| kept_value(outcome.as_ref(), name).unwrap_or_default();
    view! {
        <form method="post" action=href(locale, Page::TelecomOwner) id="owner-publish-form" data-auth-form=AuthForm::OwnerDirectory.param()>
            <HiddenFields csrf=csrf_token() form=AuthForm::OwnerDirectory/>
            <FormMessages errors=state.errors.clone() notice=None/>
            <SlotField prefix="owner" field=Slot::Name label=Key::OwnerNameLabel errors=state.errors.clone() max_len=DIRECTORY_FIELD_MAX_CHARS value=kept("name") required=true/>
            <SlotField prefix="owner" field=Slot::City label=Key::OwnerCityLabel errors=state.errors max_len=DIRECTORY_FIELD_MAX_CHARS value=kept("city")/>
            <button type="submit" class="btn-primary" id="owner-publish">{t(locale, Key::OwnerPublish)}</button>
        </form>
    }
}
