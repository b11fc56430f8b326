//! Site header: brand, main navigation, the account links and the language
//! switch. Signed-in people see their e-mail and their dashboard links where
//! visitors see "Log in".
use crate::account::{use_notifications_total, use_viewer};
use crate::components::{page_links::shown_page, BrandMark, PageLinks};
use crate::consent::{current_query, tracked_href};
use crate::i18n::{t, t_args, use_i18n, Key, Locale};
use crate::routes::{href, Page};
use leptos::prelude::*;
use stylers_macro::style;

/// The header shown on every page with chrome. `page` keeps the language
/// switch on the same page.
#[component]
pub fn Header(page: Page) -> impl IntoView {
    let i18n = use_i18n();
    // Phones first: the brand and a "Menu" disclosure that opens the links
    // stacked full width; from 64rem the links sit in one wrapping row and
    // the disclosure's toggle is hidden (main.css opens its content there).
    let class = style! {
        header {
            display: flex;
            flex-wrap: wrap;
            align-items: center;
            column-gap: 1rem;
            padding: 0.25rem 1rem;
            border-bottom: 1px solid #e5e7eb;
        }
        .brand {
            gap: 0.5rem;
            font-weight: 700;
            font-size: 1.25rem;
            color: #0f766e;
            text-decoration: none;
            margin-right: auto;
        }
        .site-menu {
            display: contents;
        }
        summary {
            padding: 0.625rem 0.75rem;
            line-height: 1.5rem;
            border: 1px solid #e5e7eb;
            border-radius: 0.5rem;
            cursor: pointer;
            font-weight: 600;
        }
        .site-menu[open] > summary {
            background: #f3f4f6;
        }
        nav {
            flex: 1 1 100%;
        }
        nav ul {
            display: flex;
            flex-direction: column;
            list-style: none;
            margin: 0;
            padding: 0;
        }
        nav :deep(a) {
            display: flex;
            justify-content: flex-start;
            width: 100%;
            min-height: 3rem;
            padding: 0 0.25rem;
            text-decoration: none;
            border-bottom: 1px solid #f3f4f6;
        }
        .langs ul {
            flex-direction: row;
            flex-wrap: wrap;
            gap: 0.5rem;
        }
        .langs :deep(a) {
            width: auto;
            padding: 0 0.75rem;
            border: 1px solid #e5e7eb;
            border-radius: 0.5rem;
        }
        .langs :deep(a[aria-current]) {
            font-weight: 700;
            border-color: #0f766e;
        }
        @media (min-width: 64rem) {
            header {
                padding: 0.25rem 1.5rem;
            }
            summary {
                display: none;
            }
            nav {
                flex: 0 1 auto;
            }
            nav ul {
                flex-direction: row;
                flex-wrap: wrap;
                align-items: center;
                column-gap: 1rem;
            }
            nav :deep(a) {
                justify-content: center;
                width: auto;
                min-height: 2.75rem;
                padding: 0;
                border-bottom: 0;
            }
            .langs :deep(a) {
                padding: 0 0.25rem;
                border: 0;
            }
        }
    };
    let nav = [
        (Page::PhoneLocate, Key::NavLocate),
        (Page::VoiceSms, Key::NavVoice),
        (Page::Telecom, Key::NavLookup),
        (Page::Faq, Key::NavFaq),
        (Page::ContactUs, Key::NavContact),
    ];
    view! { class = class,
        <header>
            <a
                href=tracked_href(&href(i18n.locale(), Page::Home), &current_query(), &[])
                class="brand"
                aria-current=(page == Page::Home).then_some("page")
            >
                <BrandMark/>
                <span>{i18n.text(Key::SiteName)}</span>
            </a>
            <details class="site-menu">
                <summary>{i18n.text(Key::NavMenu)}</summary>
                <nav aria-label=i18n.text(Key::NavLocate)>
                    <ul><PageLinks links=nav.to_vec()/></ul>
                </nav>
                <AccountNav class=class/>
                <LanguageSwitch page=page class=class/>
            </details>
        </header>
    }
}

/// The page `page` in every language, the current one marked.
#[component]
fn LanguageSwitch(page: Page, class: &'static str) -> impl IntoView {
    let i18n = use_i18n();
    let query = current_query();
    let item = move |locale: Locale| {
        view! { class = class,
            <li>
                <a
                    href=tracked_href(&href(locale, page), &query, &[])
                    hreflang=locale.html_lang()
                    lang=locale.html_lang()
                    aria-current=move || (i18n.locale() == locale).then_some("true")
                >
                    {t(locale, Key::LangName)}
                </a>
            </li>
        }
    };
    view! { class = class,
        <nav class="langs" aria-label=i18n.text(Key::NavLanguage)>
            <ul>{Locale::ALL.into_iter().map(item).collect_view()}</ul>
        </nav>
    }
}

/// "Log in" for visitors; the e-mail, "My requests" and "Account" for members.
#[component]
fn AccountNav(class: &'static str) -> impl IntoView {
    let i18n = use_i18n();
    // New updates of the member's location requests, next to "My requests".
    let total = use_notifications_total();
    let badge = (total > 0).then(|| {
        let count = total.to_string();
        let label_count = count.clone();
        view! {
            <span
                class="nav-badge"
                id="notifications-total"
                data-notifications=count
                aria-label=move || t_args(i18n.locale(), Key::NavNotifications, &[("count", &label_count)])
            >
                {total}
            </span>
        }
    });
    let items = match use_viewer() {
        Some(viewer) => leptos::either::Either::Left(view! {
            <li class="viewer-email">{viewer.email}</li>
            <li>
                <a
                    href=href(i18n.locale(), Page::DashboardLocations)
                    aria-current=(shown_page() == Some(Page::DashboardLocations)).then_some("page")
                >
                    {i18n.text(Key::NavMyRequests)}
                </a>
                {badge}
            </li>
            <PageLinks links=vec![(Page::DashboardVoice, Key::NavMyVoiceMessages), (Page::Account, Key::NavAccount)]/>
        }),
        // With JavaScript "Log in" opens the Login dialog in place; text pages
        // load the app for it on the first click (`data-wake`).
        None => leptos::either::Either::Right(view! {
            <li>
                <a href=move || href(i18n.locale(), Page::Login) data-wake="login">{i18n.text(Key::NavLogin)}</a>
            </li>
        }),
    };
    view! { class = class,
        <nav class="account-nav" aria-label=i18n.text(Key::NavAccountMenu)>
            <ul>{items}</ul>
        </nav>
    }
}
