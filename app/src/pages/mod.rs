//! One component per screen of the site.
mod account;
mod billing;
mod cancel_subscription;
mod contact_form;
mod dashboard_locations;
mod dashboard_voice;
mod do_not_locate;
mod home;
mod home_art;
mod home_sections;
mod info;
mod info_sections;
mod login;
mod not_found;
mod pay_method;
mod pay_result;
mod phone_locate;
mod reset_code;
mod reset_password;
mod reveal_location;
mod telecom;
mod telecom_owner;
mod voice_sms;

#[cfg(test)]
mod account_render_tests;
#[cfg(test)]
mod billing_render_tests;
#[cfg(test)]
mod checkout_entry_render_tests;
#[cfg(test)]
mod checkout_render_tests;
#[cfg(test)]
mod do_not_locate_render_tests;
#[cfg(test)]
mod locate_render_tests;
#[cfg(test)]
mod pay_result_render_tests;
#[cfg(test)]
mod receipt_render_tests;
#[cfg(test)]
mod render_harness;
#[cfg(test)]
mod reveal_render_tests;
#[cfg(test)]
mod reveal_trust_render_tests;
#[cfg(test)]
mod voice_render_tests;

pub use account::AccountPage;
pub use billing::{BillingPage, BillingPanel, ReceiptPage};
pub use cancel_subscription::CancelSubscriptionPage;
pub use dashboard_locations::{DashboardLocationsPage, LocateRequests};
pub use dashboard_voice::DashboardVoicePage;
pub use do_not_locate::DoNotLocatePage;
pub use home::HomePage;
pub use info::InfoPage;
pub use login::LoginPage;
pub use not_found::NotFoundPage;
pub use pay_method::{PayMethodForm, PayMethodPage};
pub use pay_result::{PayResultPage, PayResultView};
pub use phone_locate::PhoneLocatePage;
pub use reset_code::ResetCodePage;
pub use reset_password::ResetPasswordPage;
pub use reveal_location::{reveal_href, RevealAfter, RevealChoice, RevealLocationPage};
pub use telecom::TelecomPage;
pub use telecom_owner::TelecomOwnerPage;
pub use voice_sms::VoiceSmsPage;
