//! The console's paths: under `/admin` in every locale, nothing else.
use super::{console_href, resolve, ConsolePage};
use crate::i18n::Locale;

#[test]
fn console_paths_resolve_in_every_locale() {
    assert_eq!(
        resolve("/admin"),
        Some((Locale::En, ConsolePage::Customers))
    );
    assert_eq!(
        resolve("/id/admin"),
        Some((Locale::Id, ConsolePage::Customers))
    );
    assert_eq!(
        resolve("/zh/admin/sign-in"),
        Some((Locale::Zh, ConsolePage::SignIn))
    );
    assert_eq!(
        resolve("/admin/customers/42"),
        Some((Locale::En, ConsolePage::Customer(42)))
    );
    assert_eq!(
        resolve("/id/admin/chats/7/"),
        Some((Locale::Id, ConsolePage::Chat(7)))
    );
    assert_eq!(
        resolve("/admin/abuse"),
        Some((Locale::En, ConsolePage::Abuse))
    );
    assert_eq!(
        resolve("/admin/audit"),
        Some((Locale::En, ConsolePage::Audit))
    );
}

#[test]
fn unknown_console_paths_are_console_404s_and_other_paths_are_not_the_console() {
    assert_eq!(
        resolve("/admin/customers/-1"),
        Some((Locale::En, ConsolePage::NotFound))
    );
    assert_eq!(
        resolve("/admin/customers/x"),
        Some((Locale::En, ConsolePage::NotFound))
    );
    assert_eq!(
        resolve("/admin/nope"),
        Some((Locale::En, ConsolePage::NotFound))
    );
    assert_eq!(resolve("/administrator"), None);
    assert_eq!(resolve("/"), None);
    assert_eq!(resolve("/id/billing"), None);
    assert_eq!(resolve("/fr/admin"), None);
}

#[test]
fn every_page_links_back_to_itself() {
    let pages = [
        ConsolePage::SignIn,
        ConsolePage::Customers,
        ConsolePage::Customer(3),
        ConsolePage::Abuse,
        ConsolePage::Chats,
        ConsolePage::Chat(9),
        ConsolePage::Audit,
    ];
    for locale in Locale::ALL {
        for page in pages {
            assert_eq!(
                resolve(&console_href(locale, page)),
                Some((locale, page)),
                "{page:?} in {locale:?}"
            );
        }
    }
}
