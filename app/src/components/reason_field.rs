//! The requester's reason, chosen from [`LocateReason::ALL`] (a `<select>`
//! named `note`): the only words of a requester the phone's owner sees.
use crate::account::validation::{FieldErrors, Slot};
use crate::i18n::{use_i18n, Key};
use crate::model::reason::LocateReason;
use leptos::prelude::*;

/// The reason select with its hint and its error slot (`noteErrorMsg`).
/// `selected` is the code posted last (kept after an error); unknown or empty
/// values select "no reason given".
#[component]
pub fn ReasonField(
    prefix: &'static str,
    errors: FieldErrors,
    #[prop(optional)] selected: String,
) -> impl IntoView {
    let i18n = use_i18n();
    let input_id = format!("{prefix}-note");
    let error_id = format!("{prefix}-{}", Slot::Note.name());
    let hint_id = format!("{prefix}-note-hint");
    let selected = LocateReason::from_code(&selected).unwrap_or(LocateReason::NoReason);
    let error = errors.get(Slot::Note);
    view! {
        <div class="form-field">
            <label for=input_id.clone()>{i18n.text(Key::LocateFormNote)}</label>
            <select
                id=input_id
                name="note"
                aria-describedby=format!("{hint_id} {error_id}")
                aria-invalid=error.map(|_| "true")
            >
                {LocateReason::ALL
                    .into_iter()
                    .map(|reason| {
                        view! {
                            <option value=reason.code() selected=reason == selected>
                                {i18n.text(reason.key())}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
            <p id=hint_id class="field-hint">{i18n.text(Key::LocateFormNoteHint)}</p>
            <p id=error_id class="field-error" data-slot=Slot::Note.name() aria-live="polite">
                {error.map(|key| i18n.text(key))}
            </p>
        </div>
    }
}
