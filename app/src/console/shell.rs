//! The console's own document: no customer chrome, never indexed, a skip
//! link, the nav bar with who is signed in, and the page.
use super::{abuse, audit, chats, customer, customers, forms, sign_in, ConsoleDoc, ConsolePage};
use crate::components::BrandMark;
use crate::i18n::{t, t_args, Key};
use crate::model::console::StaffRole;
use leptos::either::EitherOf8;
use leptos::prelude::*;

/// The whole HTML document of a console page.
pub fn document(doc: ConsoleDoc) -> impl IntoView {
    let locale = doc.locale;
    let title = format!(
        "{} · {}",
        t(locale, doc.page().title_key()),
        t(locale, Key::AdmTitle)
    );
    view! {
        <!DOCTYPE html>
        <html lang=locale.html_lang()>
            <head>
                <meta charset="utf-8"/>
                <meta name="viewport" content="width=device-width, initial-scale=1"/>
                <meta name="robots" content="noindex, nofollow"/>
                <title>{title}</title>
                <link rel="icon" href="/favicon.svg" type="image/svg+xml"/>
                {doc.css.clone().map(|href| view! { <link rel="stylesheet" href=href/> })}
            </head>
            <body class="console">
                <a class="skip-link" href="#main">{t(locale, Key::SkipToContent)}</a>
                {bar(&doc)}
                <main id="main" class="console-main" tabindex="-1">
                    {messages(&doc)}
                    {body(&doc)}
                </main>
            </body>
        </html>
    }
}

/// The brand, the sections and who is signed in (with Sign out).
fn bar(doc: &ConsoleDoc) -> impl IntoView {
    let locale = doc.locale;
    let current = doc.page();
    let staff = doc.staff.clone().map(|staff| {
        let role = t(locale, if staff.role == StaffRole::Admin { Key::AdmRoleAdmin } else { Key::AdmRoleSupport });
        let who = t_args(locale, Key::AdmSignedInAs, &[("email", &staff.email), ("role", role)]);
        let sections = [
            (ConsolePage::Customers, Key::AdmNavCustomers),
            (ConsolePage::Abuse, Key::AdmNavAbuse),
            (ConsolePage::Chats, Key::AdmNavChats),
            (ConsolePage::Audit, Key::AdmNavAudit),
        ];
        let links = sections
            .into_iter()
            .map(|(page, key)| {
                let here = section_of(current) == Some(page);
                view! { <li><a href=doc.href(page) aria-current=here.then_some("page")>{t(locale, key)}</a></li> }
            })
            .collect_view();
        view! {
            <nav class="console-nav" aria-label=t(locale, Key::AdmNavLabel)>
                <ul>{links}</ul>
            </nav>
            <p class="console-who">{who}</p>
            <form method="post" action=doc.href(current) class="console-sign-out">
                <input type="hidden" name="csrf" value=doc.csrf.clone()/>
                <input type="hidden" name="form" value=forms::SIGN_OUT/>
                <button type="submit" class="btn-secondary">{t(locale, Key::AdmSignOut)}</button>
            </form>
        }
    });
    view! {
        <header class="console-bar">
            <p class="console-brand"><BrandMark size=24/>{t(locale, Key::AdmTitle)}</p>
            {staff}
        </header>
    }
}

/// The nav entry a page belongs to.
fn section_of(page: ConsolePage) -> Option<ConsolePage> {
    match page {
        ConsolePage::Customers | ConsolePage::Customer(_) => Some(ConsolePage::Customers),
        ConsolePage::Chats | ConsolePage::Chat(_) => Some(ConsolePage::Chats),
        ConsolePage::Abuse | ConsolePage::Audit => Some(page),
        ConsolePage::SignIn | ConsolePage::NotFound => None,
    }
}

/// What the last post did, or why something failed.
fn messages(doc: &ConsoleDoc) -> impl IntoView {
    let notice = doc
        .notice
        .map(|key| view! { <p class="console-notice" role="status">{t(doc.locale, key)}</p> });
    let error = doc
        .error
        .clone()
        .map(|msg| view! { <p class="form-alert" role="alert">{msg}</p> });
    (notice, error)
}

fn body(doc: &ConsoleDoc) -> impl IntoView {
    match doc.page() {
        ConsolePage::SignIn => EitherOf8::A(sign_in::page(doc)),
        ConsolePage::Customers => EitherOf8::B(customers::page(doc)),
        ConsolePage::Customer(_) => EitherOf8::C(customer::page(doc)),
        ConsolePage::Abuse => EitherOf8::D(abuse::page(doc)),
        ConsolePage::Chats => EitherOf8::E(chats::inbox(doc)),
        ConsolePage::Chat(_) => EitherOf8::F(chats::thread(doc)),
        ConsolePage::Audit => EitherOf8::G(audit::page(doc)),
        ConsolePage::NotFound => EitherOf8::H(view! { <h1>{t(doc.locale, Key::AdmNotFound)}</h1> }),
    }
}
