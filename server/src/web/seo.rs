//! What search engines read: `robots.txt`, which points at the sitemap on the
//! public origin, and `sitemap.xml`: every public page in every language,
//! each with its language alternates. Private pages (the ones rendered with
//! `noindex`) are left out.
use crate::html::escape_html;
use crate::state::AppState;
use app_core::i18n::Locale;
use app_core::routes::{href, Page};
use axum::{
    extract::State,
    http::header,
    response::{IntoResponse, Response},
    routing::get,
    Router,
};

const CACHE: &str = "public, max-age=3600";

/// `GET /robots.txt` and `GET /sitemap.xml`.
pub fn seo_router() -> Router<AppState> {
    Router::new()
        .route("/robots.txt", get(robots))
        .route("/sitemap.xml", get(sitemap))
}

async fn robots(State(state): State<AppState>) -> Response {
    let body = robots_txt(&state.public.base_url);
    (
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
            (header::CACHE_CONTROL, CACHE),
        ],
        body,
    )
        .into_response()
}

async fn sitemap(State(state): State<AppState>) -> Response {
    let body = sitemap_xml(&state.public.base_url);
    (
        [
            (header::CONTENT_TYPE, "application/xml; charset=utf-8"),
            (header::CACHE_CONTROL, CACHE),
        ],
        body,
    )
        .into_response()
}

/// Crawlers skip the API and the owner's reveal link (its URL carries a secret
/// token); private pages stay crawlable so their `noindex` is seen.
fn robots_txt(base: &str) -> String {
    let mut out =
        String::from("User-agent: *\nDisallow: /api_f/\nDisallow: /dev/\nDisallow: /sandbox/\n");
    for locale in Locale::ALL {
        out += &format!("Disallow: {}\n", href(locale, Page::RevealLocation));
    }
    out += &format!("\nSitemap: {base}/sitemap.xml\n");
    out
}

/// The pages in the sitemap: the public ones.
pub fn sitemap_pages() -> impl Iterator<Item = Page> {
    Page::ALL.into_iter().filter(|page| !page.is_private())
}

fn sitemap_xml(base: &str) -> String {
    let base = escape_html(base);
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" \
         xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
    );
    for page in sitemap_pages() {
        let alternates: String = Locale::ALL
            .into_iter()
            .map(|alt| (alt.html_lang(), alt))
            .chain(std::iter::once(("x-default", Locale::En)))
            .map(|(lang, alt)| {
                format!(
                    "    <xhtml:link rel=\"alternate\" hreflang=\"{lang}\" href=\"{base}{}\"/>\n",
                    href(alt, page)
                )
            })
            .collect();
        for locale in Locale::ALL {
            out += &format!(
                "  <url>\n    <loc>{base}{}</loc>\n{alternates}  </url>\n",
                href(locale, page)
            );
        }
    }
    out + "</urlset>\n"
}
