//! Public pages rendered once and reused for visitors without a session.
//!
//! Rendering a page costs a thousand times more than sending it, and most
//! requests are the same few pages seen by visitors who are not signed in.
//! What still differs between such visitors is put back per response:
//! - the Content-Security-Policy nonce, the anti-CSRF token and a form's
//!   idempotency key: the page is rendered with this process's random
//!   stand-ins for them, split where they occur, and joined with the
//!   response's own values (a fresh key for each response);
//! - the cookie consent (the banner, the tracking script) and whether the
//!   address reopens the cookie settings: part of the key;
//! - a form's outcome the address names with one of a few exact pairs
//!   (`?sent=1`, [`app_core::page_query::SHARED_PAIRS`]): part of the key;
//! - the visitor's country by the payer rule (prices, the preselected
//!   country of a picker): part of the key;
//! - the campaign parameters of an ad's address, which internal links carry
//!   on: rendered as one stand-in pair and put back as the address's pairs
//!   (whether there are any is part of the key);
//! - cookies to set and `Cache-Control`: added to every response outside
//!   the cached rendering.
//!
//! Only pages that read nothing else of the visitor are kept, only at their
//! canonical path with a query naming nothing the page reads
//! ([`app_core::page_query`]), and only for visitors with no session, no number
//! owner's session and no help chat (see [`SharedPage::of`]). A kept page
//! is fresh for [`FRESH_FOR_MS`]; a price plan change forgotten by
//! [`crate::services::pricing::PlansCache`] makes every kept page stale at
//! once.
use crate::tokens;
use axum::body::Bytes;
use axum::http::{HeaderMap, StatusCode, Uri};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

pub mod br;
mod key;
mod rendered;
#[cfg(test)]
mod tests;
pub use key::{PageKey, SharedPage};
use rendered::Hole;
pub use rendered::{Fill, Rendered};

/// How long a kept page is served as it is.
pub const FRESH_FOR_MS: i64 = 2_000;
/// Past freshness, one request renders the page again while the others
/// keep getting the previous rendering, for at most this long.
const STALE_FOR_MS: i64 = 2_000;
/// The campaign parameter a page with a campaign is rendered with.
const CAMPAIGN_STAND_IN_NAME: &str = "utm_source";
/// Past this many kept renderings those no longer served are dropped, and
/// if all still are, the cache starts over: the visitor's country
/// multiplies the keys.
const MAX_ENTRIES: usize = 512;

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
    /// The value of the one campaign pair a page with a campaign is
    /// rendered with.
    campaign_stand_in: String,
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
            campaign_stand_in: tokens::new_token()[..32].to_owned(),
            entries: Mutex::default(),
            flights: Mutex::default(),
            stored: std::sync::atomic::AtomicU64::new(0),
        }
    }
}

impl PageCache {
    /// The nonce to render a kept page with.
    pub fn nonce_stand_in(&self) -> leptos::nonce::Nonce {
        leptos::nonce::Nonce::from_value(self.nonce_stand_in.as_str())
    }

    /// The anti-CSRF token to render a kept page with.
    pub fn csrf_stand_in(&self) -> &str {
        &self.csrf_stand_in
    }

    /// The idempotency key to render a kept page with.
    pub fn key_stand_in(&self) -> app_core::checkout::IdempotencyStandIn {
        app_core::checkout::IdempotencyStandIn(self.key_stand_in.clone())
    }

    /// The address to render a kept page with: its path, for a page with a
    /// campaign one stand-in campaign pair instead of its query, then the
    /// shared pairs it names and the cookie settings' parameter where the
    /// address names it.
    pub fn address_stand_in(&self, key: PageKey, uri: &Uri) -> Uri {
        let mut pairs = Vec::new();
        if key.campaign {
            pairs.push(self.campaign_pair());
        }
        pairs.extend(key.shared_pairs().map(|(k, v)| format!("{k}={v}")));
        if key.settings {
            pairs.push(format!("{}=1", app_core::consent::SETTINGS_PARAM));
        }
        let address = if pairs.is_empty() {
            uri.path().to_owned()
        } else {
            format!("{}?{}", uri.path(), pairs.join("&"))
        };
        address.parse().unwrap_or_else(|_| uri.clone())
    }

    fn campaign_pair(&self) -> String {
        format!("{}={}", CAMPAIGN_STAND_IN_NAME, self.campaign_stand_in)
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
        let campaign = self.campaign_pair();
        let stand_ins = [
            (self.nonce_stand_in.as_bytes(), Hole::Nonce),
            (self.csrf_stand_in.as_bytes(), Hole::Csrf),
            (self.key_stand_in.as_bytes(), Hole::Key),
            (campaign.as_bytes(), Hole::Campaign),
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
            // Past its freshness and staleness an entry is never served again.
            entries.retain(|_, kept| now - kept.rendered_at < FRESH_FOR_MS + STALE_FOR_MS);
            if entries.len() >= MAX_ENTRIES {
                entries.clear();
            }
        }
        entries.insert(key, Arc::new(entry));
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<PageKey, Arc<Entry>>> {
        self.entries.lock().unwrap_or_else(PoisonError::into_inner)
    }
}
