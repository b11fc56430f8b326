//! A list of links to pages of the site, in the current language, carrying
//! the tracked campaign parameters of the current address.
use crate::consent::{current_query, tracked_href};
use crate::i18n::{use_i18n, Key};
use crate::routes::{href, resolve, Page};
use leptos::prelude::*;
use leptos_router::hooks::use_location;

/// `<li>` items linking each page to its name (put them in a `<ul>`); the
/// link to the page being shown is marked as such.
///
/// Plain anchors, not the router's `<A>`: navigation is by page load, and
/// `<A>` builds a memo and an active-state closure per link on every render.
#[component]
pub fn PageLinks(links: Vec<(Page, Key)>) -> impl IntoView {
    let i18n = use_i18n();
    let query = current_query();
    let shown = shown_page();
    links
        .into_iter()
        .map(|(target, key)| {
            view! {
                <li>
                    <a
                        href=tracked_href(&href(i18n.locale(), target), &query, &[])
                        aria-current=(shown == Some(target)).then_some("page")
                    >
                        {i18n.text(key)}
                    </a>
                </li>
            }
        })
        .collect_view()
}

/// The page the current address shows, whatever its query.
pub fn shown_page() -> Option<Page> {
    resolve(&use_location().pathname.get_untracked()).page
}

#[cfg(all(test, feature = "ssr"))]
mod tests {
    use super::*;
    use leptos_router::components::Router;
    use leptos_router::location::RequestUrl;

    fn render(path: &str) -> String {
        Owner::new().with(|| {
            provide_context(RequestUrl::new(&format!("http://leptos.dev{path}")));
            crate::i18n::provide_i18n(Signal::stored(resolve(path).locale));
            let links = vec![(Page::Faq, Key::NavFaq), (Page::Telecom, Key::NavLookup)];
            let list = view! { <Router><ul><PageLinks links=links/></ul></Router> };
            list.to_html()
        })
    }

    #[test]
    fn only_the_link_to_the_page_shown_is_marked_current() {
        let faq = render("/id/faq?x=1");
        assert!(
            faq.contains(r#"<a href="/id/faq" aria-current="page">"#),
            "{faq}"
        );
        assert!(faq.contains(r#"<a href="/id/telecom">"#), "{faq}");
        // A page under another one is not that page.
        let owner = render("/telecom/owner");
        assert!(!owner.contains("aria-current"), "{owner}");
    }
}
