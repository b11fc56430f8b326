//! Building blocks of the account forms: hidden fields, a labelled input with
//! its error slot, and the form-level message box. Server-rendered plain
//! HTML; the `AuthFormGuard` island finds the pieces by the `data-` attributes
//! set here and the `name`s of the contract (`crate::account::forms`).
use crate::account::forms::{AuthForm, CsrfToken, FormOutcome, CSRF_FIELD};
use crate::account::validation::{FieldErrors, Slot, CODE_MAX_DIGITS, EMAIL_MAX_LEN, PASSWORD_LEN};
use crate::i18n::{use_i18n, Key};
use leptos::prelude::*;

/// Attribute marking an account form; its value is the `form` field value.
pub const FORM_MARKER: &str = "data-auth-form";
/// Attribute marking an error slot; its value is the slot's spec name.
pub const SLOT_MARKER: &str = "data-slot";

/// What a form shows on this render: the e-mail to prefill, the messages of
/// its slots and a notice.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FormState {
    /// The e-mail to prefill.
    pub email: String,
    /// Per-slot messages.
    pub errors: FieldErrors,
    /// A success notice.
    pub notice: Option<Key>,
}

impl FormState {
    /// The server's [`FormOutcome`] if it is about `form` (a page can hold two forms).
    pub fn from_outcome(form: AuthForm) -> FormState {
        use_context::<FormOutcome>()
            .filter(|outcome| outcome.form == form)
            .map(|o| FormState {
                email: o.email,
                errors: o.errors,
                notice: o.notice,
            })
            .unwrap_or_default()
    }

    /// Adds a form-level message unless the outcome already has one.
    pub fn with_form_error(mut self, key: Option<Key>) -> FormState {
        if self.errors.get(Slot::Form).is_none() && key.is_some() {
            self.errors.set(Slot::Form, key);
        }
        self
    }

    /// Shows `notice` unless the outcome already has a message.
    pub fn with_notice(mut self, notice: Option<Key>) -> FormState {
        if self.notice.is_none() && self.errors.is_empty() {
            self.notice = notice;
        }
        self
    }
}

/// The render's anti-CSRF token (empty outside the server's render).
pub fn csrf_token() -> String {
    use_context::<CsrfToken>().unwrap_or_default().0
}

/// The hidden `csrf`, `form` and (optionally) `redirect` fields.
#[component]
pub fn HiddenFields(
    csrf: String,
    form: AuthForm,
    #[prop(default = None)] redirect: Option<&'static str>,
) -> impl IntoView {
    view! {
        <input type="hidden" name=CSRF_FIELD value=csrf/>
        <input type="hidden" name="form" value=form.param()/>
        {redirect.map(|value| view! { <input type="hidden" name="redirect" value=value/> })}
    }
}

/// The kinds of input an account form has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldKind {
    /// The login e-mail (`email`).
    Email,
    /// The password in use (`password`).
    CurrentPassword,
    /// A password being chosen (`newPassword`).
    NewPassword,
    /// The e-mailed code (`code`).
    Code,
}

impl FieldKind {
    /// The error slot (and through it the field name).
    pub const fn slot(self) -> Slot {
        match self {
            FieldKind::Email => Slot::Email,
            FieldKind::CurrentPassword => Slot::Password,
            FieldKind::NewPassword => Slot::NewPassword,
            FieldKind::Code => Slot::Code,
        }
    }

    const fn input_type(self) -> &'static str {
        match self {
            FieldKind::Email => "email",
            FieldKind::CurrentPassword | FieldKind::NewPassword => "password",
            FieldKind::Code => "text",
        }
    }

    const fn autocomplete(self) -> &'static str {
        match self {
            FieldKind::Email => "email",
            FieldKind::CurrentPassword => "current-password",
            FieldKind::NewPassword => "new-password",
            FieldKind::Code => "one-time-code",
        }
    }

    const fn max_len(self) -> usize {
        match self {
            FieldKind::Email => EMAIL_MAX_LEN,
            FieldKind::CurrentPassword | FieldKind::NewPassword => *PASSWORD_LEN.end(),
            FieldKind::Code => CODE_MAX_DIGITS,
        }
    }
}

/// A labelled account input with its error slot below it: a [`SlotField`]
/// shaped by its [`FieldKind`]. Passwords are never filled back in.
#[component]
pub fn AuthField(
    prefix: &'static str,
    kind: FieldKind,
    label: Key,
    errors: FieldErrors,
    #[prop(optional)] value: String,
) -> impl IntoView {
    let is_password = matches!(kind, FieldKind::CurrentPassword | FieldKind::NewPassword);
    view! {
        <SlotField
            prefix=prefix
            field=kind.slot()
            label=label
            errors=errors
            max_len=kind.max_len()
            value=if is_password { String::new() } else { value }
            input_type=kind.input_type()
            autocomplete=kind.autocomplete()
            inputmode=(kind == FieldKind::Code).then_some("numeric")
            required=true
        />
    }
}

/// A labelled input with its error slot below it and an optional hint. Ids:
/// `{prefix}-{field}` for the input, `{prefix}-{slot name}` for the slot, so the
/// same form can appear on a page and in a dialog.
#[component]
pub fn SlotField(
    prefix: &'static str,
    field: Slot,
    label: Key,
    errors: FieldErrors,
    max_len: usize,
    #[prop(optional)] value: String,
    #[prop(default = "text")] input_type: &'static str,
    #[prop(optional)] autocomplete: Option<&'static str>,
    #[prop(default = None, into)] inputmode: Option<&'static str>,
    #[prop(optional)] required: bool,
    #[prop(optional)] hint: Option<Key>,
) -> impl IntoView {
    let i18n = use_i18n();
    let name = field.field().unwrap_or_default();
    let input_id = format!("{prefix}-{name}");
    let error_id = format!("{prefix}-{}", field.name());
    let hint_id = format!("{prefix}-{name}-hint");
    let described_by = match hint {
        Some(_) => format!("{hint_id} {error_id}"),
        None => error_id.clone(),
    };
    let error = errors.get(field);
    view! {
        <div class="form-field">
            <label for=input_id.clone()>{i18n.text(label)}</label>
            <input
                id=input_id
                name=name
                type=input_type
                autocomplete=autocomplete
                inputmode=inputmode
                maxlength=max_len
                required=required
                value=value
                aria-describedby=described_by
                aria-invalid=error.map(|_| "true")
            />
            {hint.map(|key| view! { <p id=hint_id class="field-hint">{i18n.text(key)}</p> })}
            <p id=error_id class="field-error" data-slot=field.name() aria-live="polite">
                {error.map(|key| i18n.text(key))}
            </p>
        </div>
    }
}

/// The form-level message (`role="alert"`) or notice (`role="status"`).
#[component]
pub fn FormMessages(errors: FieldErrors, notice: Option<Key>) -> impl IntoView {
    let i18n = use_i18n();
    let error = errors.get(Slot::Form);
    view! {
        {error.map(|key| view! { <div class="form-alert" role="alert" data-slot=Slot::Form.name()>{i18n.text(key)}</div> })}
        {notice.filter(|_| error.is_none()).map(|key| view! { <div class="form-notice" role="status">{i18n.text(key)}</div> })}
    }
}
