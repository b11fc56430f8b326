use super::*;
use crate::account::{CurrentViewer, NotificationsTotal, Viewer};
use crate::i18n::{provide_i18n, Locale};
use crate::routes::resolve;
use leptos_router::components::Router;
use leptos_router::location::RequestUrl;

/// A member's e-mail and count of new updates.
type Member = Option<(&'static str, i64)>;

/// The header and footer at `path` for `member` (a visitor when `None`),
/// kept (`true`) or built afresh.
fn chrome(path: &str, member: Member, kept: bool) -> String {
    let resolved = resolve(path.split('?').next().unwrap_or(path));
    Owner::new().with(|| {
        provide_context(RequestUrl::new(&format!("http://leptos.dev{path}")));
        provide_i18n(Signal::stored(resolved.locale));
        if let Some((email, total)) = member {
            provide_context(CurrentViewer(Some(Viewer {
                email: email.into(),
                payment_count: 1,
                vip_time: 4_102_444_800_000,
            })));
            provide_context(NotificationsTotal(total));
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
        ("/contact-us?sent=0", None),
        ("/contact-us?sent=1&x=2", None),
        ("/zh/faq", None),
        ("/id?country=GB&phone=7400123456", None),
        ("/faq?gclid=abc&utm_source=news", None),
        ("/faq", Some(("member@mail.com", 0))),
        ("/dashboard/locations", Some(("a&b<c>@mail.com", 3))),
        ("/dashboard/locations", Some(("other@mail.com", 12))),
        ("/zh/dashboard/locations", Some(("member@mail.com", 1))),
        ("/account?gclid=abc", Some(("member@mail.com", 2))),
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
    let member = chrome("/telecom", Some(("member@mail.com", 4)), true);
    assert!(member.contains(">member@mail.com<"), "{member}");
    assert!(member.contains("data-notifications=\"4\""), "{member}");
    // The next member on the same page sees their own e-mail and no badge.
    let next = chrome("/telecom", Some(("next@mail.com", 0)), true);
    assert!(next.contains(">next@mail.com<"), "{next}");
    assert!(!next.contains("member@mail.com") && !next.contains("data-notifications"));
    let campaign = chrome("/telecom?gclid=abc", None, true);
    assert!(campaign.contains("/faq?gclid=abc"), "{campaign}");
    // Neither is what a visitor of the plain address is shown.
    let plain = chrome("/telecom", None, true);
    assert!(!plain.contains("viewer-email") && !plain.contains("gclid"));
    // The footer's settings link returns to each address it is on.
    let sent = chrome("/contact-us?sent=0", None, true);
    assert!(
        sent.contains("/contact-us?sent=0&amp;cookie_settings=1#"),
        "{sent}"
    );
}
