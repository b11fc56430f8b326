//! `<title>`, description, canonical and `hreflang` alternates of a page.
use crate::config::use_public_config;
use crate::i18n::{t, Locale};
use crate::routes::{href, Page};
use leptos::prelude::*;
use leptos_meta::{Link, Meta, Title};

/// Head metadata for `page` in `locale`.
#[component]
pub fn PageMeta(locale: Locale, page: Page) -> impl IntoView {
    let base = use_public_config().base_url;
    let title = format!("{} | {}", t(locale, page.title_key()), t(locale, crate::i18n::Key::SiteName));
    let alternates = Locale::ALL
        .into_iter()
        .map(|alt| {
            view! { <Link rel="alternate" hreflang=alt.html_lang() href=format!("{base}{}", href(alt, page))/> }
        })
        .collect_view();
    view! {
        <Title text=title/>
        <Meta name="description" content=t(locale, page.description_key())/>
        {page.is_private().then(|| view! { <Meta name="robots" content="noindex"/> })}
        <Link rel="canonical" href=format!("{base}{}", href(locale, page))/>
        {alternates}
        <Link rel="alternate" hreflang="x-default" href=format!("{base}{}", href(Locale::En, page))/>
    }
}
