//! The text pages (about us, privacy policy, terms, intellectual property,
//! cookie policy, contact, FAQ, help, unsubscribe): a title, its purpose,
//! then headed sections, all from `locales/`. The contact page adds the
//! mail button and the FAQ card.
use super::contact_form::ContactForm;
use super::info_sections::sections;
use crate::components::FaqData;
use crate::config::use_public_config;
use crate::i18n::{t, t_args, use_i18n, Key, Locale};
use crate::routes::{href, Page};
use leptos::prelude::*;

/// `{site}`, `{operator}` and `{email}` filled in.
fn fill(locale: Locale, key: Key, email: &str) -> String {
    t_args(
        locale,
        key,
        &[
            ("site", t(locale, Key::SiteName)),
            ("operator", t(locale, Key::ContentOperator)),
            ("email", email),
        ],
    )
}

/// A titled page with its sections.
#[component]
pub fn InfoPage(page: Page) -> impl IntoView {
    let i18n = use_i18n();
    let locale = i18n.locale();
    let email = use_public_config().support_email.clone();
    let body = sections(page)
        .iter()
        .map(|section| {
            view! {
                <section class="info-section">
                    <h2>{t(locale, section.heading)}</h2>
                    {section.paragraphs.iter().map(|p| view! { <p>{fill(locale, *p, &email)}</p> }).collect_view()}
                </section>
            }
        })
        .collect_view();
    let contact = (page == Page::ContactUs).then(|| {
        view! {
            <p class="contact-actions">
                <a class="btn-primary" id="contact-send" href=format!("mailto:{email}")>{t(locale, Key::ContactSend)}</a>
            </p>
            <ContactForm/>
            <aside class="contact-faq-card">
                <p>{t(locale, Key::ContactFaqText)}</p>
                <a href=href(locale, Page::Faq) id="contact-faq">{t(locale, Key::ContactFaqLink)}</a>
            </aside>
        }
    });
    // The FAQ's sections are its questions: one paragraph answers each.
    let faq_data = (page == Page::Faq).then(|| {
        let questions = sections(page)
            .iter()
            .map(|s| {
                (
                    t(locale, s.heading).to_owned(),
                    s.paragraphs
                        .iter()
                        .map(|p| fill(locale, *p, &email))
                        .collect::<Vec<_>>()
                        .join("\n"),
                )
            })
            .collect();
        view! { <FaqData questions=questions/> }
    });
    view! {
        <article class="info-page" data-page=page.slug()>
            <h1>{i18n.text(page.title_key())}</h1>
            <p class="lead">{i18n.text(page.description_key())}</p>
            {contact}
            {body}
            {faq_data}
        </article>
    }
}
