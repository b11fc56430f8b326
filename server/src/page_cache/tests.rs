use super::{Lookup, PageCache, PageKey, FRESH_FOR_MS, MAX_ENTRIES, STALE_FOR_MS};
use axum::body::Bytes;
use axum::http::{HeaderMap, StatusCode};
use std::sync::Arc;

fn page(cache: &PageCache) -> Arc<super::Rendered> {
    Arc::new(cache.cut(
        StatusCode::OK,
        HeaderMap::new(),
        &Bytes::from("<p>page</p>"),
    ))
}

/// A distinct key per number (two letters from it).
fn key(n: usize) -> PageKey {
    let letter = |d: usize| b'A' + u8::try_from(d % 26).unwrap();
    PageKey::home_from([letter(n / 26), letter(n)])
}

#[test]
fn a_full_cache_drops_what_it_no_longer_serves_and_keeps_what_it_does() {
    let cache = PageCache::default();
    for n in 1..MAX_ENTRIES {
        cache.store(key(n), page(&cache), 0, 0);
    }
    let hot_at = FRESH_FOR_MS + STALE_FOR_MS - 1_000;
    cache.store(key(0), page(&cache), 0, hot_at);
    // Full: one more key drops the renderings past their staleness only.
    let now = FRESH_FOR_MS + STALE_FOR_MS;
    cache.store(key(MAX_ENTRIES), page(&cache), 0, now);
    assert!(matches!(cache.lookup(key(0), 0, now), Lookup::Hit(_)));
    assert!(matches!(
        cache.lookup(key(MAX_ENTRIES), 0, now),
        Lookup::Hit(_)
    ));
    assert_eq!(cache.lock().len(), 2);
}

#[test]
fn a_cache_full_of_pages_still_served_starts_over() {
    let cache = PageCache::default();
    for n in 0..MAX_ENTRIES {
        cache.store(key(n), page(&cache), 0, 0);
    }
    cache.store(key(MAX_ENTRIES), page(&cache), 0, 1);
    assert!(matches!(cache.lookup(key(0), 0, 1), Lookup::Miss));
    assert!(matches!(
        cache.lookup(key(MAX_ENTRIES), 0, 1),
        Lookup::Hit(_)
    ));
    assert_eq!(cache.lock().len(), 1);
}
