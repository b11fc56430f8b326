//! Public pages rendered once and reused for visitors without a session.
//!
//! Rendering a page costs a thousand times more than sending it, and most
//! requests are the same few pages seen by visitors who are not signed in.
//! What still differs between such visitors is put back per response:
//! - the Content-Security-Policy nonce, the anti-CSRF token and a form's
//!   idempotency key: the page is rendered with this process's random
//!   stand-ins for them, split where they occur, and joined with the
//!   response's own values (a fresh key for each response);
//! - the cookie consent (the banner, the tracking script): part of the key;
//! - the visitor's country by the payer rule (prices, the preselected
//!   country of a picker): part of the key;
//! - cookies to set and `Cache-Control`: added to every response outside
//!   the cached rendering.
//!
//! Only pages that read nothing else of the visitor are kept, only at their
//! canonical path without a query string, and only for visitors with no
//! session, no number owner's session and no help chat (see
//! [`PageCache::key`]). A kept page is fresh for [`FRESH_FOR_MS`]; a price
//! plan change forgotten by [`crate::services::pricing::PlansCache`] makes
//! every kept page stale at once.
use crate::tokens;
use app::consent::Consent;
use app::i18n::Locale;
use app::routes::{href, resolve, Page};
use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, Method, Request, StatusCode};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

pub mod br;
mod rendered;
use rendered::Hole;
pub use rendered::Rendered;

/// How long a kept page is served as it is.
pub const FRESH_FOR_MS: i64 = 2_000;
/// Past freshness, one request renders the page again while the others
/// keep getting the previous rendering, for at most this long.
const STALE_FOR_MS: i64 = 2_000;
/// Past this many kept renderings the cache starts over: the visitor's
/// country multiplies the keys.
const MAX_ENTRIES: usize = 512;

/// Pages that show the same to every visitor without a session (and
/// without a query string): no account data, no form outcome, no token in
/// the path.
const KEPT: [Page; 13] = [
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
];

/// Which rendering a request may share.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PageKey {
    page: Page,
    locale: Locale,
    consent: Option<(bool, bool)>,
    /// The visitor's country (ISO alpha-2), which decides the prices shown.
    country: [u8; 2],
}

#[derive(Debug)]
struct Entry {
    rendered_at: i64,
    plans_generation: u64,
    /// Taken by the one request that renders a stale page again.
    refreshing: AtomicBool,
    page: Arc<Rendered>,
}

/// What [`PageCache::lookup`] found.
pub enum Lookup {
    /// Serve this.
    Hit(Arc<Rendered>),
    /// Render with the stand-ins and [`PageCache::store`] the result.
    Miss,
}

/// The kept pages of this process and the stand-ins they were rendered with.
#[derive(Debug)]
pub struct PageCache {
    nonce_stand_in: String,
    csrf_stand_in: String,
    key_stand_in: String,
    entries: Mutex<HashMap<PageKey, Arc<Entry>>>,
    /// One render at a time per key: visitors arriving together on a page
    /// nobody has seen wait for that render instead of each making their own.
    flights: Mutex<HashMap<PageKey, Arc<tokio::sync::Mutex<()>>>>,
    /// Renderings kept since start (tests and metrics).
    stored: std::sync::atomic::AtomicU64,
}

impl Default for PageCache {
    fn default() -> Self {
        // Random per process and never sent: no visitor can place them in a page.
        PageCache {
            nonce_stand_in: leptos::nonce::Nonce::new().to_string(),
            csrf_stand_in: tokens::new_token(),
            key_stand_in: tokens::new_token()[..32].to_owned(),
            entries: Mutex::default(),
            flights: Mutex::default(),
            stored: std::sync::atomic::AtomicU64::new(0),
        }
    }
}

impl PageCache {
    /// The key of a page request that may share a rendering, `None` when it
    /// must be rendered for this visitor alone. `anonymous`: no session
    /// cookie, no number owner's session, no help chat, no form outcome.
    /// `country`: the visitor's by the payer rule (a page showing prices
    /// differs by it); anything but two ASCII letters is not kept.
    pub fn key(
        request: &Request<Body>,
        anonymous: bool,
        csrf: &str,
        consent: Option<Consent>,
        country: &str,
    ) -> Option<PageKey> {
        let country: [u8; 2] = country
            .as_bytes()
            .try_into()
            .ok()
            .filter(|c: &[u8; 2]| c.iter().all(u8::is_ascii_alphabetic))?;
        let plain = matches!(*request.method(), Method::GET | Method::HEAD)
            && request.uri().query().is_none();
        // Only tokens this site draws can stand where the stand-in stood.
        let csrf_ok = csrf.len() == 64 && csrf.bytes().all(|b| b.is_ascii_hexdigit());
        if !(anonymous && plain && csrf_ok) {
            return None;
        }
        let path = request.uri().path();
        let resolved = resolve(path);
        let page = resolved.page.filter(|p| KEPT.contains(p))?;
        // One entry per page and language however the path was spelled.
        (href(resolved.locale, page) == path).then_some(PageKey {
            page,
            locale: resolved.locale,
            consent: consent.map(|c| (c.analytics, c.marketing)),
            country,
        })
    }

    /// The nonce to render a kept page with.
    pub fn nonce_stand_in(&self) -> leptos::nonce::Nonce {
        leptos::nonce::Nonce::from_value(self.nonce_stand_in.as_str())
    }

    /// The anti-CSRF token to render a kept page with.
    pub fn csrf_stand_in(&self) -> &str {
        &self.csrf_stand_in
    }

    /// The idempotency key to render a kept page with.
    pub fn key_stand_in(&self) -> app::checkout::IdempotencyStandIn {
        app::checkout::IdempotencyStandIn(self.key_stand_in.clone())
    }

    /// The kept rendering of `key` if it may still be served.
    pub fn lookup(&self, key: PageKey, plans_generation: u64, now: i64) -> Lookup {
        let Some(entry) = self.lock().get(&key).cloned() else {
            return Lookup::Miss;
        };
        let age = now - entry.rendered_at;
        if entry.plans_generation != plans_generation
            || !(0..FRESH_FOR_MS + STALE_FOR_MS).contains(&age)
        {
            return Lookup::Miss;
        }
        if age < FRESH_FOR_MS || entry.refreshing.swap(true, Ordering::AcqRel) {
            return Lookup::Hit(entry.page.clone());
        }
        Lookup::Miss
    }

    /// The kept rendering of `key` only while it is fresh: what a request
    /// that waited for another one's render looks for.
    pub fn lookup_fresh(
        &self,
        key: PageKey,
        plans_generation: u64,
        now: i64,
    ) -> Option<Arc<Rendered>> {
        let entry = self.lock().get(&key).cloned()?;
        let fresh = entry.plans_generation == plans_generation
            && (0..FRESH_FOR_MS).contains(&(now - entry.rendered_at));
        fresh.then(|| entry.page.clone())
    }

    /// How many renderings were kept since start.
    pub fn renders_kept(&self) -> u64 {
        self.stored.load(Ordering::Relaxed)
    }

    /// Cuts a rendering made with the stand-ins.
    pub fn cut(&self, status: StatusCode, headers: HeaderMap, html: &Bytes) -> Rendered {
        let stand_ins = [
            (self.nonce_stand_in.as_bytes(), Hole::Nonce),
            (self.csrf_stand_in.as_bytes(), Hole::Csrf),
            (self.key_stand_in.as_bytes(), Hole::Key),
        ];
        Rendered::cut(status, headers, html, &stand_ins)
    }

    /// The turn to render `key` (a finite set: pages x languages x consent
    /// x countries).
    pub fn flight(&self, key: PageKey) -> Arc<tokio::sync::Mutex<()>> {
        self.flights
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .entry(key)
            .or_default()
            .clone()
    }

    /// Keeps a page rendered with the stand-ins; only successful pages are kept.
    pub fn store(&self, key: PageKey, page: Arc<Rendered>, plans_generation: u64, now: i64) {
        if page.status != StatusCode::OK {
            return;
        }
        self.stored.fetch_add(1, Ordering::Relaxed);
        let entry = Entry {
            rendered_at: now,
            plans_generation,
            refreshing: AtomicBool::new(false),
            page,
        };
        let mut entries = self.lock();
        if entries.len() >= MAX_ENTRIES && !entries.contains_key(&key) {
            entries.clear();
        }
        entries.insert(key, Arc::new(entry));
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<PageKey, Arc<Entry>>> {
        self.entries.lock().unwrap_or_else(PoisonError::into_inner)
    }
}
