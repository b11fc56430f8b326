//! The route table as data: which page a path shows, in which
//! locale, and the path of a page in a locale. Pure functions, shared by the
//! server (redirects, status codes) and the browser (client-side navigation).
use crate::i18n::Locale;

mod page;
mod page_texts;
pub mod reveal_link;

pub use page::Page;

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
