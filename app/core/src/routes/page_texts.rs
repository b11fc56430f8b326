//! The title and meta description of each page, as locale keys.
use super::Page;
use crate::i18n::Key;

impl Page {
    /// The `<title>` (and heading) of the page.
    pub const fn title_key(self) -> Key {
        match self {
            Page::Home => Key::TitleHome,
            Page::VoiceSms => Key::TitleVoiceSms,
            Page::Telecom => Key::TitleTelecom,
            Page::PhoneLocate => Key::TitlePhoneLocate,
            Page::AboutUs => Key::TitleAboutUs,
            Page::PrivacyPolicy => Key::TitlePrivacyPolicy,
            Page::TermOfUse => Key::TitleTermOfUse,
            Page::Intellectual => Key::TitleIntellectual,
            Page::CookiePolicy => Key::TitleCookiePolicy,
            Page::ContactUs => Key::TitleContactUs,
            Page::Faq => Key::TitleFaq,
            Page::Help => Key::TitleHelp,
            Page::CancelSubscription => Key::TitleCancelSubscription,
            Page::PayMethod => Key::TitlePayMethod,
            Page::PayResult => Key::TitlePayResult,
            Page::RevealLocation => Key::TitleRevealLocation,
            Page::Unsubscribe => Key::TitleUnsubscribe,
            Page::NotFound => Key::TitleNotFound,
            Page::Billing => Key::TitleBilling,
            Page::Receipt => Key::TitleReceipt,
            Page::Login => Key::TitleLogin,
            Page::ResetPassword => Key::TitleResetPassword,
            Page::ResetCode => Key::TitleResetCode,
            Page::DashboardLocations => Key::TitleDashboardLocations,
            Page::DashboardVoice => Key::TitleDashboardVoice,
            Page::Account => Key::TitleAccount,
            Page::DoNotLocate => Key::TitleDoNotLocate,
            Page::TelecomOwner => Key::TitleTelecomOwner,
        }
    }

    /// The meta description of the page.
    pub const fn description_key(self) -> Key {
        match self {
            Page::Home => Key::DescHome,
            Page::VoiceSms => Key::DescVoiceSms,
            Page::Telecom => Key::DescTelecom,
            Page::PhoneLocate => Key::DescPhoneLocate,
            Page::AboutUs => Key::DescAboutUs,
            Page::PrivacyPolicy => Key::DescPrivacyPolicy,
            Page::TermOfUse => Key::DescTermOfUse,
            Page::Intellectual => Key::DescIntellectual,
            Page::CookiePolicy => Key::DescCookiePolicy,
            Page::ContactUs => Key::DescContactUs,
            Page::Faq => Key::DescFaq,
            Page::Help => Key::DescHelp,
            Page::CancelSubscription => Key::DescCancelSubscription,
            Page::PayMethod => Key::DescPayMethod,
            Page::PayResult => Key::DescPayResult,
            Page::RevealLocation => Key::DescRevealLocation,
            Page::Unsubscribe => Key::DescUnsubscribe,
            Page::NotFound => Key::DescNotFound,
            Page::Billing => Key::DescBilling,
            Page::Receipt => Key::DescReceipt,
            Page::Login => Key::DescLogin,
            Page::ResetPassword => Key::DescResetPassword,
            Page::ResetCode => Key::DescResetCode,
            Page::DashboardLocations => Key::DescDashboardLocations,
            Page::DashboardVoice => Key::DescDashboardVoice,
            Page::Account => Key::DescAccount,
            Page::DoNotLocate => Key::DescDoNotLocate,
            Page::TelecomOwner => Key::DescTelecomOwner,
        }
    }
}
