use super::member::{MemberHeader, EMAIL_HOLE, TOTAL_HOLE};
use super::{Footer, Header, InertElement, Page};
use crate::account::{use_notifications_total, use_viewer, CurrentViewer, NotificationsTotal};
use crate::config::PublicConfig;
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
type Kept<T> = [[RwLock<Option<(String, Arc<T>)>>; PAGES]; LOCALES];

static HEADERS: OnceLock<Kept<str>> = OnceLock::new();
static FOOTERS: OnceLock<Kept<str>> = OnceLock::new();
/// Members' headers without and with the badge of new updates.
static MEMBER_HEADERS: [OnceLock<Kept<MemberHeader>>; 2] = [OnceLock::new(), OnceLock::new()];

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
    if let Some(viewer) = use_viewer() {
        return member_header(page, &viewer.email);
    }
    let html = kept(&HEADERS, page, || {
        view! { <Header page=page/> }.to_html().into()
    })?;
    Some(InertElement::new(String::from(&*html)))
}

/// A member's header: kept with holes for what names them (their e-mail,
/// their count of new updates), filled per render.
fn member_header(page: Page, email: &str) -> Option<InertElement> {
    let total = use_notifications_total();
    let store = &MEMBER_HEADERS[usize::from(total > 0)];
    let template = kept(store, page, || {
        // Rendered with stand-ins in their place.
        provide_context(CurrentViewer(Some(crate::account::Viewer {
            email: EMAIL_HOLE.to_owned(),
            payment_count: 0,
            vip_time: 0,
        })));
        provide_context(NotificationsTotal(if total > 0 { TOTAL_HOLE } else { 0 }));
        let html = view! { <Header page=page/> }.to_html();
        Arc::new(MemberHeader::new(&html))
    })?;
    Some(InertElement::new(template.fill(email, total)))
}

pub fn footer(page: Page) -> Option<InertElement> {
    let html = kept(&FOOTERS, page, || {
        view! { <Footer settings=SETTINGS_HOLE.to_owned()/> }
            .to_html()
            .into()
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
fn kept<T: ?Sized>(
    store: &'static OnceLock<Kept<T>>,
    page: Page,
    render: impl FnOnce() -> Arc<T>,
) -> Option<Arc<T>> {
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
    // The address alone, not a copy of the whole config.
    let email =
        with_context::<Arc<PublicConfig>, _>(|c| c.support_email.clone()).unwrap_or_default();
    if let Some((kept_for, html)) = &*slot.read().unwrap_or_else(|e| e.into_inner()) {
        if *kept_for == email {
            return Some(html.clone());
        }
    }
    // A child owner: the render reads this render's contexts.
    let html = Owner::new().with(render);
    *slot.write().unwrap_or_else(|e| e.into_inner()) = Some((email, html.clone()));
    Some(html)
}
