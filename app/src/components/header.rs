//! Site header: brand, main navigation, the account links and the language
//! switch. Signed-in people see their e-mail and their dashboard links where
//! visitors see "Log in".
use crate::account::{use_notifications_total, use_viewer};
use crate::i18n::{t, t_args, use_i18n, Key, Locale};
use crate::components::PageLinks;
use crate::routes::{href, Page};
use leptos::prelude::*;
use leptos_router::components::A;
use stylers_macro::style;

/// The header shown on every page with chrome. `page` keeps the language
/// switch on the same page.
#[component]
pub fn Header(page: Page) -> impl IntoView {
    let i18n = use_i18n();
    let class = style! {
        header {
            display: flex;
            flex-wrap: wrap;
            align-items: center;
            gap: 1rem;
            padding: 0.75rem 1.5rem;
            border-bottom: 1px solid #e5e7eb;
        }
        .brand {
            font-weight: 700;
            font-size: 1.25rem;
            color: #0f766e;
            text-decoration: none;
            margin-right: auto;
        }
        nav ul {
            display: flex;
            flex-wrap: wrap;
            gap: 1rem;
            list-style: none;
            margin: 0;
            padding: 0;
        }
        .langs a[aria-current] {
            font-weight: 700;
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
            <A href=move || href(i18n.locale(), Page::Home) attr:class=format!("brand {class}")>
                {i18n.text(Key::SiteName)}
            </A>
            <nav aria-label=i18n.text(Key::NavLocate)>
                <ul><PageLinks links=nav.to_vec()/></ul>
            </nav>
            <AccountNav/>
            <LanguageSwitch page=page class=class/>
        </header>
    }
}

/// The page `page` in every language, the current one marked.
#[component]
fn LanguageSwitch(page: Page, class: &'static str) -> impl IntoView {
    let i18n = use_i18n();
    let item = move |locale: Locale| {
        view! { class = class,
            <li>
                <a
                    href=href(locale, page)
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
fn AccountNav() -> impl IntoView {
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
                <A href=move || href(i18n.locale(), Page::DashboardLocations)>{i18n.text(Key::NavMyRequests)}</A>
                {badge}
            </li>
            <PageLinks links=vec![(Page::Account, Key::NavAccount)]/>
        }),
        None => leptos::either::Either::Right(view! { <PageLinks links=vec![(Page::Login, Key::NavLogin)]/> }),
    };
    view! {
        <nav class="account-nav" aria-label=i18n.text(Key::NavAccountMenu)>
            <ul>{items}</ul>
        </nav>
    }
}
