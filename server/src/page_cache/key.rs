//! Which requests may share a rendering, and under which key.
use app_core::consent::{Consent, SETTINGS_PARAM};
use app_core::i18n::Locale;
use app_core::page_query::{self, QueryBearing};
use app_core::routes::{href, resolve, Page};
use axum::body::Body;
use axum::http::{Method, Request};

/// Pages that show the same to every visitor without a session, whatever
/// their query names beyond the campaign's and what the page reads: no
/// account data, no token in the path, no form outcome but one an exact
/// pair of the address names alike for everyone.
const KEPT: [Page; 18] = [
    Page::Home,
    Page::VoiceSms,
    Page::PhoneLocate,
    Page::Telecom,
    Page::AboutUs,
    Page::PrivacyPolicy,
    Page::TermOfUse,
    Page::Intellectual,
    Page::CookiePolicy,
    Page::ContactUs,
    Page::Faq,
    Page::Help,
    Page::Login,
    Page::ResetPassword,
    Page::CancelSubscription,
    Page::Unsubscribe,
    Page::DoNotLocate,
    Page::TelecomOwner,
];

/// How many shared pairs one address may name.
const SHARED: usize = page_query::SHARED_PAIRS.len();
/// See [`PageKey::pairs`].
type SharedPairs = [u8; SHARED];

/// Which rendering a request may share.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PageKey {
    page: Page,
    locale: Locale,
    consent: Option<(bool, bool)>,
    /// The visitor's country (ISO alpha-2), which decides the prices shown.
    country: [u8; 2],
    /// The address carries campaign parameters: the links carry them on.
    pub(super) campaign: bool,
    /// The address reopens the cookie settings.
    pub(super) settings: bool,
    /// The [`page_query::SHARED_PAIRS`] the address names, as their index
    /// plus one in its order; zero past the last.
    pub(super) pairs: SharedPairs,
}

/// A request that may be served a shared rendering.
#[derive(Clone, Debug)]
pub struct SharedPage {
    pub key: PageKey,
    /// The address's campaign pairs as the page's links carry them,
    /// escaped for HTML (`gclid=…&amp;utm_term=…`); empty without one.
    pub campaign: String,
}

impl SharedPage {
    /// The shared page of `request`, `None` when it must be rendered for
    /// this visitor alone. `anonymous`: no session cookie, no number
    /// owner's session, no help chat, no form outcome. `country`: the
    /// visitor's by the payer rule (a page showing prices differs by it);
    /// anything but two ASCII letters is not kept.
    pub fn of(
        request: &Request<Body>,
        anonymous: bool,
        csrf: &str,
        consent: Option<Consent>,
        country: &str,
    ) -> Option<SharedPage> {
        let country: [u8; 2] = country
            .as_bytes()
            .try_into()
            .ok()
            .filter(|c: &[u8; 2]| c.iter().all(u8::is_ascii_alphabetic))?;
        let read = matches!(*request.method(), Method::GET | Method::HEAD);
        // Only tokens this site draws can stand where the stand-in stood.
        let csrf_ok = csrf.len() == 64 && csrf.bytes().all(|b| b.is_ascii_hexdigit());
        if !(anonymous && read && csrf_ok) {
            return None;
        }
        let (campaign, settings, pairs) = shared_query(request)?;
        let path = request.uri().path();
        let resolved = resolve(path);
        let page = resolved.page.filter(|p| KEPT.contains(p))?;
        // One entry per page and language however the path was spelled.
        let key = PageKey {
            page,
            locale: resolved.locale,
            consent: consent.map(|c| (c.analytics, c.marketing)),
            country,
            campaign: !campaign.is_empty(),
            settings,
            pairs,
        };
        (href(resolved.locale, page) == path).then_some(SharedPage { key, campaign })
    }
}

/// The campaign pairs of the request's query as links carry them, whether
/// it names the cookie settings, and the shared pairs it names (as in
/// [`PageKey::pairs`]); `None` when the page reads it for this visitor.
fn shared_query(request: &Request<Body>) -> Option<(String, bool, SharedPairs)> {
    if request.uri().query().is_none() {
        return Some((String::new(), false, [0; SHARED]));
    }
    let address = request.uri().path_and_query().map_or("/", |pq| pq.as_str());
    let query = page_query::parse(address);
    let settings = query.iter().any(|(k, _)| k == SETTINGS_PARAM);
    let QueryBearing::Shared { campaign, pairs } = page_query::bearing(&query) else {
        return None;
    };
    let campaign = campaign
        .iter()
        .map(|(k, v)| format!("{}={}", app_core::api::encode(k), app_core::api::encode(v)))
        .collect::<Vec<_>>()
        .join("&amp;");
    let mut named = [0; SHARED];
    for (slot, at) in named.iter_mut().zip(pairs) {
        *slot = u8::try_from(at + 1).ok()?;
    }
    Some((campaign, settings, named))
}

impl PageKey {
    /// The plain home page's key for a visitor from `country`.
    #[cfg(test)]
    pub(super) fn home_from(country: [u8; 2]) -> PageKey {
        PageKey {
            page: Page::Home,
            locale: Locale::En,
            consent: None,
            country,
            campaign: false,
            settings: false,
            pairs: [0; SHARED],
        }
    }

    /// The shared pairs this key's address names, in its order.
    pub(super) fn shared_pairs(&self) -> impl Iterator<Item = (&'static str, &'static str)> + '_ {
        self.pairs
            .iter()
            .take_while(|&&at| at > 0)
            .map(|&at| page_query::SHARED_PAIRS[usize::from(at) - 1])
    }
}
