//! The header and footer a visitor sees, rendered once per language and
//! page and copied into every later render of that page: building them was
//! about a fifth of a page rendered per request (callgrind, release). What
//! would make them differ renders them afresh: a member's header (their
//! e-mail and badges) and an address with campaign pairs (carried on every
//! link). The footer's cookie settings link returns to the very
//! address: the one hole in the kept footer, filled per render. Only the
//! server renders the chrome (islands hydrate, the chrome never does), so
//! the browser build keeps nothing.
use crate::components::{Footer, Header};
use crate::routes::Page;
use leptos::either::Either;
use leptos::prelude::*;
use leptos::tachys::html::InertElement;

/// The site header of `page`.
pub fn header(page: Page) -> impl IntoView {
    match kept::header(page) {
        Some(html) => Either::Left(html),
        None => Either::Right(view! { <Header page=page/> }),
    }
}

/// The site footer of `page`.
pub fn footer(page: Page) -> impl IntoView {
    match kept::footer(page) {
        Some(html) => Either::Left(html),
        None => Either::Right(view! { <Footer/> }),
    }
}

#[cfg(feature = "hydrate")]
mod kept {
    use super::{InertElement, Page};

    pub fn header(_page: Page) -> Option<InertElement> {
        None
    }

    pub fn footer(_page: Page) -> Option<InertElement> {
        None
    }
}

#[cfg(not(feature = "hydrate"))]
mod kept {
    use super::{Footer, Header, InertElement, Page};
    use crate::account::use_viewer;
    use crate::config::use_public_config;
    use crate::consent::{current_query, tracked};
    use crate::i18n::{use_i18n, Locale};
    use crate::routes::resolve;
    use leptos::prelude::*;
    use leptos_router::hooks::use_location;
    use std::sync::{Arc, OnceLock, RwLock};

    /// Where the kept footer's cookie settings address goes: plain letters,
    /// which no escaping changes.
    const SETTINGS_HOLE: &str = "ct-kept-footer-settings-href";

    const LOCALES: usize = Locale::ALL.len();
    const PAGES: usize = Page::ALL.len();

    /// One rendering per language and page, with the support address it
    /// was rendered with (the footer names it).
    type Kept = [[RwLock<Option<(String, Arc<str>)>>; PAGES]; LOCALES];

    static HEADERS: OnceLock<Kept> = OnceLock::new();
    static FOOTERS: OnceLock<Kept> = OnceLock::new();

    /// Whether a header of `page` in `locale` is kept.
    #[cfg(test)]
    pub fn holds_header(page: Page, locale: Locale) -> bool {
        let at = Page::ALL.iter().position(|p| *p == page).unwrap_or(0);
        HEADERS.get().is_some_and(|kept| {
            let slot = kept[locale as usize][at].read();
            slot.is_ok_and(|s| s.is_some())
        })
    }

    pub fn header(page: Page) -> Option<InertElement> {
        // A member's header names them and their new answers.
        if use_viewer().is_some() {
            return None;
        }
        let html = kept(&HEADERS, page, || view! { <Header page=page/> }.to_html())?;
        Some(InertElement::new(String::from(&*html)))
    }

    pub fn footer(page: Page) -> Option<InertElement> {
        let html = kept(&FOOTERS, page, || {
            view! { <Footer settings=SETTINGS_HOLE.to_owned()/> }.to_html()
        })?;
        let settings = crate::components::footer::settings_href();
        let settings = html_escape::encode_double_quoted_attribute(&settings);
        Some(InertElement::new(html.replacen(
            SETTINGS_HOLE,
            &settings,
            1,
        )))
    }

    /// The kept rendering of `page` in the current language, rendered by
    /// `render` when there is none yet; `None` when the address's campaign
    /// makes it differ.
    fn kept(
        store: &'static OnceLock<Kept>,
        page: Page,
        render: impl FnOnce() -> String,
    ) -> Option<Arc<str>> {
        if !tracked(&current_query()).is_empty() {
            return None;
        }
        // Kept by what the chrome reads: the page and language of the
        // address (its links mark the page shown), and `page`.
        let locale = use_i18n().locale();
        let shown = resolve(&use_location().pathname.get_untracked());
        if shown.page.unwrap_or(Page::NotFound) != page || shown.locale != locale {
            return None;
        }
        let at = Page::ALL.iter().position(|p| *p == page)?;
        let slot = &store.get_or_init(Default::default)[locale as usize][at];
        let email = use_public_config().support_email;
        if let Some((kept_for, html)) = &*slot.read().unwrap_or_else(|e| e.into_inner()) {
            if *kept_for == email {
                return Some(html.clone());
            }
        }
        // A child owner: the render reads this render's contexts.
        let html: Arc<str> = Owner::new().with(render).into();
        *slot.write().unwrap_or_else(|e| e.into_inner()) = Some((email, html.clone()));
        Some(html)
    }
}

#[cfg(all(test, feature = "ssr"))]
mod tests {
    use super::*;
    use crate::account::{CurrentViewer, Viewer};
    use crate::i18n::{provide_i18n, Locale};
    use crate::routes::resolve;
    use leptos_router::components::Router;
    use leptos_router::location::RequestUrl;

    /// The header and footer at `path`, kept (`true`) or built afresh.
    fn chrome(path: &str, member: bool, kept: bool) -> String {
        let resolved = resolve(path.split('?').next().unwrap_or(path));
        Owner::new().with(|| {
            provide_context(RequestUrl::new(&format!("http://leptos.dev{path}")));
            provide_i18n(Signal::stored(resolved.locale));
            if member {
                provide_context(CurrentViewer(Some(Viewer {
                    email: "member@mail.com".into(),
                    payment_count: 1,
                    vip_time: 4_102_444_800_000,
                })));
            }
            let page = resolved.page.unwrap_or(Page::NotFound);
            // Inside the router, whose location the chrome reads.
            if kept {
                view! { <Router>{header(page)}{footer(page)}</Router> }.to_html()
            } else {
                view! { <Router><Header page=page/><Footer/></Router> }.to_html()
            }
        })
    }

    #[test]
    fn the_kept_chrome_is_the_chrome_built_afresh() {
        let addresses = [
            ("/contact-us?sent=0", false),
            ("/contact-us?sent=1&x=2", false),
            ("/zh/faq", false),
            ("/id?country=GB&phone=7400123456", false),
            ("/faq?gclid=abc&utm_source=news", false),
            ("/faq", true),
        ];
        // Twice: the first render keeps, the second copies.
        for _ in 0..2 {
            for (path, member) in addresses {
                assert_eq!(
                    chrome(path, member, true),
                    chrome(path, member, false),
                    "{path}"
                );
            }
        }
        assert!(kept::holds_header(Page::ContactUs, Locale::En));
        assert!(kept::holds_header(Page::Home, Locale::Id));
    }

    #[test]
    fn members_and_campaigns_get_their_own_chrome() {
        let member = chrome("/telecom", true, true);
        assert!(member.contains("member@mail.com"), "{member}");
        assert_eq!(member, chrome("/telecom", true, false));
        let campaign = chrome("/telecom?gclid=abc", false, true);
        assert!(campaign.contains("/faq?gclid=abc"), "{campaign}");
        // Neither is what a visitor of the plain address is shown.
        let plain = chrome("/telecom", false, true);
        assert!(!plain.contains("member@mail.com") && !plain.contains("gclid"));
        // The footer's settings link returns to each address it is on.
        let sent = chrome("/contact-us?sent=0", false, true);
        assert!(
            sent.contains("/contact-us?sent=0&amp;cookie_settings=1#"),
            "{sent}"
        );
    }
}
