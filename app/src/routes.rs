//! The route table as data: which page a path shows, in which
//! locale, and the path of a page in a locale. Pure functions, shared by the
//! server (redirects, status codes) and the browser (client-side navigation).
use crate::i18n::{Key, Locale};

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
    pub const ALL: [Page; 27] = [
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
        )
    }

    /// Pages only a signed-in user sees; visitors are sent to the login page.
    pub const fn needs_login(self) -> bool {
        matches!(
            self,
            Page::DashboardLocations | Page::DashboardVoice | Page::Account | Page::Billing
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

    fn from_slug(slug: &str) -> Option<Page> {
        Page::ALL.into_iter().find(|p| p.slug() == slug)
    }
}

/// What a path shows: the locale always, the page unless it is unknown (404).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resolved {
    /// The locale of the page (English unless the path says otherwise).
    pub locale: Locale,
    /// The page, or `None` for a path with no route.
    pub page: Option<Page>,
}

/// Resolves a request path (without query) to a locale and a page.
///
/// The first segment is a locale code; a supported one selects the locale, an
/// unsupported code (two letters, optionally with a region) falls back to
/// English, and anything else is part of the page path.
pub fn resolve(path: &str) -> Resolved {
    let trimmed = path.trim_start_matches('/');
    let (first, rest) = trimmed.split_once('/').unwrap_or((trimmed, ""));
    let (locale, page_path) = match Locale::from_code(first) {
        Some(locale) if first == locale.code() => (locale, rest),
        _ if looks_like_locale_code(first) => (Locale::En, rest),
        _ => (Locale::En, trimmed),
    };
    let page_path = page_path.trim_end_matches('/');
    Resolved {
        locale,
        page: Page::from_slug(page_path),
    }
}

fn looks_like_locale_code(segment: &str) -> bool {
    let bytes = segment.as_bytes();
    let lang = |b: &[u8]| b.len() == 2 && b.iter().all(u8::is_ascii_lowercase);
    match bytes.len() {
        2 => lang(bytes),
        5 => {
            lang(&bytes[..2]) && bytes[2] == b'-' && bytes[3..].iter().all(u8::is_ascii_alphabetic)
        }
        _ => false,
    }
}

/// The path of `page` in `locale`, e.g. `/id/voice-sms`, `/id` or `/`.
pub fn href(locale: Locale, page: Page) -> String {
    match (locale.path_prefix(), page.slug()) {
        ("", "") => "/".to_owned(),
        (prefix, "") => prefix.to_owned(),
        (prefix, slug) => format!("{prefix}/{slug}"),
    }
}

/// The redirect for a path that is a locale with a trailing slash (`/id/` → `/id`),
/// which is answered with a permanent redirect that keeps the query.
pub fn locale_slash_redirect(path: &str, query: Option<&str>) -> Option<String> {
    let code = path.strip_prefix('/')?.strip_suffix('/')?;
    let locale = Locale::from_code(code).filter(|l| l.code() == code && *l != Locale::En)?;
    Some(match query {
        Some(q) if !q.is_empty() => format!("{}?{q}", locale.path_prefix()),
        _ => locale.path_prefix().to_owned(),
    })
}

#[cfg(test)]
#[path = "routes_tests.rs"]
mod tests;
