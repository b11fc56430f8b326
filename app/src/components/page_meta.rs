//! `<title>`, description, canonical and `hreflang` alternates of a page, and
//! what link previews show (Open Graph and Twitter cards).
use crate::config::use_public_config;
use crate::i18n::{t, Key, Locale};
use crate::routes::{href, Page};
use leptos::prelude::*;
use leptos_meta::{Link, Meta, Title};

/// The link-preview picture (in `public/`), 1200×630 as the cards want it.
pub const PREVIEW_IMAGE: &str = "/og-image.png";

/// Head metadata for `page` in `locale`.
#[component]
pub fn PageMeta(locale: Locale, page: Page) -> impl IntoView {
    let base = use_public_config().base_url;
    let title = format!(
        "{} | {}",
        t(locale, page.title_key()),
        t(locale, Key::SiteName)
    );
    let alternates = Locale::ALL
        .into_iter()
        .map(|alt| {
            view! { <Link rel="alternate" hreflang=alt.html_lang() href=format!("{base}{}", href(alt, page))/> }
        })
        .collect_view();
    let canonical = format!("{base}{}", href(locale, page));
    view! {
        <Title text=title.clone()/>
        <Meta name="description" content=t(locale, page.description_key())/>
        {page.is_private().then(|| view! { <Meta name="robots" content="noindex"/> })}
        <Link rel="canonical" href=canonical.clone()/>
        {alternates}
        <Link rel="alternate" hreflang="x-default" href=format!("{base}{}", href(Locale::En, page))/>
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
        .map(|alt| view! { <Meta property="og:locale:alternate" content=og_locale(alt)/> })
        .collect_view();
    view! {
        <Meta property="og:type" content="website"/>
        <Meta property="og:site_name" content=t(locale, Key::SiteName)/>
        <Meta property="og:title" content=title.clone()/>
        <Meta property="og:description" content=description/>
        <Meta property="og:url" content=url/>
        <Meta property="og:locale" content=og_locale(locale)/>
        {other_locales}
        <Meta property="og:image" content=image.clone()/>
        <Meta property="og:image:type" content="image/png"/>
        <Meta property="og:image:width" content="1200"/>
        <Meta property="og:image:height" content="630"/>
        <Meta property="og:image:alt" content=image_alt/>
        <Meta name="twitter:card" content="summary_large_image"/>
        <Meta name="twitter:title" content=title/>
        <Meta name="twitter:description" content=description/>
        <Meta name="twitter:image" content=image/>
        <Meta name="twitter:image:alt" content=image_alt/>
    }
}

/// The `language_TERRITORY` form Open Graph uses.
const fn og_locale(locale: Locale) -> &'static str {
    match locale {
        Locale::En => "en_US",
        Locale::Id => "id_ID",
        Locale::Zh => "zh_CN",
    }
}
