//! Building blocks shared by pages.
mod account_forms;
mod auth_form;
mod auth_form_guard;
mod brand;
mod chat_launcher;
pub mod chrome_cache;
mod consent_banner;
mod country_options;
mod country_picker;
mod faq_data;
pub(crate) mod footer;
mod header;
mod local_time;
mod locate_result;
mod number_proof;
mod page_links;
// The head's tags: rendered by the server only.
#[cfg(feature = "ssr")]
mod page_meta;
mod payment_checkout;
mod per_language;
mod phone_search;
mod reason_field;
mod trial_price;

pub use account_forms::{LoginForm, ResetCodeForm, SendCodeForm};
pub use auth_form::{
    csrf_token, AuthField, FieldKind, FormMessages, FormState, HiddenFields, SlotField,
    FORM_MARKER, SLOT_MARKER,
};
pub use auth_form_guard::AuthFormGuard;
pub use brand::BrandMark;
pub use chat_launcher::ChatLauncher;
pub use consent_banner::{ConsentBanner, TrackingScript, TRACKING_SCRIPT_PATH};
pub use country_picker::{typed_number, CountryPicker};
pub use faq_data::FaqData;
pub use footer::Footer;
pub use header::Header;
pub use local_time::{format_offset_datetime, offset_label, LocalTime, TimedText};
pub use locate_result::LocateResult;
pub use number_proof::{CodeStep, NumberFields, NumberStep, ProofForms};
pub use page_links::PageLinks;
#[cfg(feature = "ssr")]
pub use page_meta::head_tags;
pub use payment_checkout::{
    country_options, field_labels, method_options, slot_of, CheckoutSetup, PaymentCheckout,
    LIMITS as PAY_FIELD_LIMITS,
};
pub use per_language::PerLanguage;
pub use phone_search::PhoneSearch;
pub use reason_field::ReasonField;
pub use trial_price::TrialPrice;
