//! `<title>`, description, canonical and `hreflang` alternates of a page, and
//! what link previews show (Open Graph and Twitter cards). They depend on
//! the page, its language and the site's origin only, so the server renders
//! them once per page and language ([`head_tags`]).
use crate::i18n::{t, Key, Locale};
use crate::routes::{href, Page};
use leptos::prelude::*;

/// The link-preview picture (in `public/`), 1200×630 as the cards want it.
const PREVIEW_IMAGE: &str = "/og-image.png";

/// The head metadata of `page` in `locale` on the site at `base`, as HTML:
/// rendered on first use, then kept for the process's life.
pub fn head_tags(base: &str, locale: Locale, page: Page) -> std::sync::Arc<str> {
    use std::collections::HashMap;
    use std::sync::{Arc, LazyLock, RwLock};
    type Rendered = HashMap<String, HashMap<(Locale, Page), Arc<str>>>;
    static RENDERED: LazyLock<RwLock<Rendered>> = LazyLock::new(Default::default);
    let kept = RENDERED
        .read()
        .ok()
        .and_then(|sites| sites.get(base)?.get(&(locale, page)).cloned());
    if let Some(html) = kept {
        return html;
    }
    let base_owned = base.to_owned();
    let html: Arc<str> = Owner::new()
        .with(|| view! { <PageMeta base=base_owned locale=locale page=page/> }.to_html())
        // The head is never hydrated: no markers for absent parts.
        .replace("<!>", "")
        .into();
    if let Ok(mut sites) = RENDERED.write() {
        let site = sites.entry(base.to_owned()).or_default();
        site.insert((locale, page), html.clone());
    }
    html
}

/// Head metadata for `page` in `locale` on the site at `base`.
#[component]
fn PageMeta(base: String, locale: Locale, page: Page) -> impl IntoView {
    let title = format!(
        "{} | {}",
        t(locale, page.title_key()),
        t(locale, Key::SiteName)
    );
    let alternates = Locale::ALL
        .into_iter()
        .map(|alt| {
            view! { <link rel="alternate" hreflang=alt.html_lang() href=format!("{base}{}", href(alt, page))/> }
        })
        .collect_view();
    let canonical = format!("{base}{}", href(locale, page));
    view! {
        <title>{title.clone()}</title>
        <meta name="description" content=t(locale, page.description_key())/>
        {page.is_private().then(|| view! { <meta name="robots" content="noindex"/> })}
        <link rel="canonical" href=canonical.clone()/>
        {alternates}
        <link rel="alternate" hreflang="x-default" href=format!("{base}{}", href(Locale::En, page))/>
        <PreviewMeta locale=locale page=page title=title url=canonical image=format!("{base}{PREVIEW_IMAGE}")/>
    }
}

/// Open Graph and Twitter card tags: what a shared link shows.
#[component]
fn PreviewMeta(
    locale: Locale,
    page: Page,
    title: String,
    url: String,
    image: String,
) -> impl IntoView {
    let description = t(locale, page.description_key());
    let image_alt = t(locale, Key::OgImageAlt);
    let other_locales = Locale::ALL
        .into_iter()
        .filter(|alt| *alt != locale)
        .map(|alt| og("og:locale:alternate", og_locale(alt)))
        .collect_view();
    view! {
        {og("og:type", "website")}
        {og("og:site_name", t(locale, Key::SiteName))}
        {og("og:title", title.clone())}
        {og("og:description", description)}
        {og("og:url", url)}
        {og("og:locale", og_locale(locale))}
        {other_locales}
        {og("og:image", image.clone())}
        {og("og:image:type", "image/png")}
        {og("og:image:width", "1200")}
        {og("og:image:height", "630")}
        {og("og:image:alt", image_alt)}
        <meta name="twitter:card" content="summary_large_image"/>
        <meta name="twitter:title" content=title/>
        <meta name="twitter:description" content=description/>
        <meta name="twitter:image" content=image/>
        <meta name="twitter:image:alt" content=image_alt/>
    }
}

/// `<meta property=… content=…>`: Open Graph names its tags by `property`.
fn og(property: &'static str, content: impl Into<String>) -> impl IntoView {
    leptos::html::meta()
        .attr("property", property)
        .attr("content", content.into())
}

/// The `language_TERRITORY` form Open Graph uses.
const fn og_locale(locale: Locale) -> &'static str {
    match locale {
        Locale::En => "en_US",
        Locale::Id => "id_ID",
        Locale::Zh => "zh_CN",
    }
}
