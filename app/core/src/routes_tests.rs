use super::*;

#[test]
fn every_page_resolves_in_every_locale() {
    for locale in Locale::ALL {
        for page in Page::ALL {
            let path = href(locale, page);
            assert_eq!(
                resolve(&path),
                Resolved {
                    locale,
                    page: Some(page)
                },
                "{path}"
            );
        }
    }
}

#[test]
fn do_not_locate_is_a_public_page() {
    assert_eq!(href(Locale::Id, Page::DoNotLocate), "/id/do-not-locate");
    assert_eq!(resolve("/do-not-locate").page, Some(Page::DoNotLocate));
    assert!(!Page::DoNotLocate.needs_login() && !Page::DoNotLocate.is_private());
    assert!(Page::DoNotLocate.has_chrome() && !Page::DoNotLocate.sends_members_to_dashboard());
}

#[test]
fn home_paths() {
    assert_eq!(href(Locale::En, Page::Home), "/");
    assert_eq!(href(Locale::Id, Page::Home), "/id");
    assert_eq!(
        resolve("/"),
        Resolved {
            locale: Locale::En,
            page: Some(Page::Home)
        }
    );
    assert_eq!(
        resolve(""),
        Resolved {
            locale: Locale::En,
            page: Some(Page::Home)
        }
    );
}

#[test]
fn unsupported_or_missing_prefix_falls_back_to_english() {
    assert_eq!(
        resolve("/fr/faq"),
        Resolved {
            locale: Locale::En,
            page: Some(Page::Faq)
        }
    );
    assert_eq!(
        resolve("/pt-BR/faq"),
        Resolved {
            locale: Locale::En,
            page: Some(Page::Faq)
        }
    );
    assert_eq!(
        resolve("/faq"),
        Resolved {
            locale: Locale::En,
            page: Some(Page::Faq)
        }
    );
    assert_eq!(
        resolve("/fr"),
        Resolved {
            locale: Locale::En,
            page: Some(Page::Home)
        }
    );
}

#[test]
fn unknown_paths_have_no_page_but_keep_their_locale() {
    assert_eq!(
        resolve("/nope"),
        Resolved {
            locale: Locale::En,
            page: None
        }
    );
    assert_eq!(
        resolve("/id/nope"),
        Resolved {
            locale: Locale::Id,
            page: None
        }
    );
    assert_eq!(
        resolve("/zh/faq/extra"),
        Resolved {
            locale: Locale::Zh,
            page: None
        }
    );
    // Only the exact lowercase code selects a locale.
    assert_eq!(resolve("/ID/faq").locale, Locale::En);
}

#[test]
fn locale_slash_redirects_keep_the_query() {
    assert_eq!(
        locale_slash_redirect("/id/", Some("a=1&b=2")).as_deref(),
        Some("/id?a=1&b=2")
    );
    assert_eq!(locale_slash_redirect("/zh/", None).as_deref(), Some("/zh"));
    assert_eq!(locale_slash_redirect("/en/", None), None);
    assert_eq!(locale_slash_redirect("/id", None), None);
    assert_eq!(locale_slash_redirect("/faq/", None), None);
}
