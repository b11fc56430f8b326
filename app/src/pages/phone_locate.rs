//! `/phone-locate`: how locating with consent works, as questions and answers.
use crate::i18n::{use_i18n, Key};
use crate::routes::{href, Page};
use leptos::prelude::*;

const QUESTIONS: [(Key, Key); 5] = [
    (Key::PhoneLocateQ1, Key::PhoneLocateA1),
    (Key::PhoneLocateQ2, Key::PhoneLocateA2),
    (Key::PhoneLocateQ3, Key::PhoneLocateA3),
    (Key::PhoneLocateQ4, Key::PhoneLocateA4),
    (Key::PhoneLocateQ5, Key::PhoneLocateA5),
];

/// The phone-locate FAQ page.
#[component]
pub fn PhoneLocatePage() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <section class="info-page">
            <h1>{i18n.text(Key::TitlePhoneLocate)}</h1>
            <p class="lead">{i18n.text(Key::DescPhoneLocate)}</p>
            <dl class="faq">
                {QUESTIONS
                    .into_iter()
                    .map(|(q, a)| view! { <dt>{i18n.text(q)}</dt> <dd>{i18n.text(a)}</dd> })
                    .collect_view()}
            </dl>
            <a href=href(i18n.locale(), Page::Home) class="btn-primary">{i18n.text(Key::HomeLocate)}</a>
        </section>
    }
}
