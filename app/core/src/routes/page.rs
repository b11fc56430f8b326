//! The pages of the site: each one's path segment, and how the site treats
//! it (chrome, privacy, hydration, who may see it).

/// A page of the site.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Page {
    Home,
    VoiceSms,
    Telecom,
    PhoneLocate,
    AboutUs,
    PrivacyPolicy,
    TermOfUse,
    Intellectual,
    CookiePolicy,
    ContactUs,
    Faq,
    Help,
    CancelSubscription,
    PayMethod,
    PayResult,
    RevealLocation,
    Unsubscribe,
    NotFound,
    Billing,
    Receipt,
    Login,
    ResetPassword,
    ResetCode,
    DashboardLocations,
    DashboardVoice,
    Account,
    DoNotLocate,
    TelecomOwner,
}

impl Page {
    /// Every page with a route.
    pub const ALL: [Page; 28] = [
        Page::Home,
        Page::VoiceSms,
        Page::Telecom,
        Page::PhoneLocate,
        Page::AboutUs,
        Page::PrivacyPolicy,
        Page::TermOfUse,
        Page::Intellectual,
        Page::CookiePolicy,
        Page::ContactUs,
        Page::Faq,
        Page::Help,
        Page::CancelSubscription,
        Page::PayMethod,
        Page::PayResult,
        Page::RevealLocation,
        Page::Unsubscribe,
        Page::NotFound,
        Page::Billing,
        Page::Receipt,
        Page::Login,
        Page::ResetPassword,
        Page::ResetCode,
        Page::DashboardLocations,
        Page::DashboardVoice,
        Page::Account,
        Page::DoNotLocate,
        Page::TelecomOwner,
    ];

    /// The path segment after the locale prefix (empty for the home page).
    pub const fn slug(self) -> &'static str {
        match self {
            Page::Home => "",
            Page::VoiceSms => "voice-sms",
            Page::Telecom => "telecom",
            Page::PhoneLocate => "phone-locate",
            Page::AboutUs => "about-us",
            Page::PrivacyPolicy => "privacy-policy",
            Page::TermOfUse => "term-of-use",
            Page::Intellectual => "intellectual",
            Page::CookiePolicy => "cookie-policy",
            Page::ContactUs => "contact-us",
            Page::Faq => "faq",
            Page::Help => "help",
            Page::CancelSubscription => "cancel-subscription",
            Page::PayMethod => "pay-method",
            Page::PayResult => "pay-result",
            Page::RevealLocation => "reveal-location",
            Page::Unsubscribe => "unsubscribe",
            Page::NotFound => "404",
            Page::Billing => "billing",
            Page::Receipt => "billing/receipt",
            Page::Login => "login",
            Page::ResetPassword => "reset-password",
            Page::ResetCode => "reset-code",
            Page::DashboardLocations => "dashboard/locations",
            Page::DashboardVoice => "dashboard/voice",
            Page::Account => "dashboard/account",
            Page::DoNotLocate => "do-not-locate",
            Page::TelecomOwner => "telecom/owner",
        }
    }

    /// Whether the page shows the site header and footer (all but
    /// the owner's reveal view, which must not look like a sales page).
    pub const fn has_chrome(self) -> bool {
        !matches!(self, Page::RevealLocation)
    }

    /// Whether the page is a private, per-person view search engines must skip.
    pub const fn is_private(self) -> bool {
        matches!(
            self,
            Page::RevealLocation
                | Page::PayResult
                | Page::Billing
                | Page::Receipt
                | Page::NotFound
                | Page::Login
                | Page::ResetPassword
                | Page::ResetCode
                | Page::DashboardLocations
                | Page::DashboardVoice
                | Page::Account
                | Page::TelecomOwner
        )
    }

    /// Whether the page's islands must run from the start (a search, a form
    /// checked as you type, a widget, a live list). The other pages are text:
    /// they load the app WASM only when an element marked `data-wake` is
    /// first used.
    pub const fn hydrates_at_once(self) -> bool {
        !matches!(
            self,
            Page::PhoneLocate
                | Page::AboutUs
                | Page::PrivacyPolicy
                | Page::TermOfUse
                | Page::Intellectual
                | Page::CookiePolicy
                | Page::ContactUs
                | Page::Faq
                | Page::Help
                | Page::CancelSubscription
                | Page::Unsubscribe
                | Page::NotFound
                | Page::Receipt
        )
    }

    /// Pages only a signed-in user sees; visitors are sent to the login page.
    pub const fn needs_login(self) -> bool {
        matches!(
            self,
            Page::DashboardLocations
                | Page::DashboardVoice
                | Page::Account
                | Page::Billing
                | Page::Receipt
        )
    }

    /// Landing and sign-in pages a signed-in user is sent past, to the
    /// dashboard. Legal and help pages stay readable for everyone, and so do
    /// the feature pages members use (voice messages, reverse lookup).
    pub const fn sends_members_to_dashboard(self) -> bool {
        matches!(
            self,
            Page::Home | Page::PhoneLocate | Page::Login | Page::ResetPassword | Page::ResetCode
        )
    }

    pub(super) fn from_slug(slug: &str) -> Option<Page> {
        Page::ALL.into_iter().find(|p| p.slug() == slug)
    }
}
