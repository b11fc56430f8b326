//! The help chat launcher in every page's chrome: a real link to the
//! contact form, which the `HelpChat` island turns into "open the chat"
//! (`data-wake="chat"`), with the unread replies as a badge.
use crate::account::use_chat_unread;
use crate::i18n::{t_args, use_i18n, Key};
use crate::routes::{href, Page};
use crate::widgets::{LAUNCHER_ID, WAKE_CHAT};
use leptos::prelude::*;
use stylers_macro::style;

/// "Chat with us", leading to `/contact-us#contact-form` without JavaScript.
#[component]
pub fn ChatLauncher() -> impl IntoView {
    let i18n = use_i18n();
    let locale = i18n.locale();
    let unread = use_chat_unread();
    let class = style! {
        .chat-launch {
            margin: 0;
            padding: 0.75rem 1rem;
            display: flex;
            justify-content: flex-end;
            border-top: 1px solid #e5e7eb;
        }
        .chat-launcher {
            display: inline-flex;
            align-items: center;
            gap: 0.5rem;
            min-height: 2.75rem;
            padding: 0 1.25rem;
            border-radius: 1.375rem;
            background: #0f766e;
            color: #ffffff;
            font-weight: 600;
            text-decoration: none;
        }
        .chat-launcher:focus-visible {
            outline: 3px solid #f59e0b;
            outline-offset: 2px;
        }
        .chat-unread {
            min-width: 1.5rem;
            padding: 0 0.375rem;
            border-radius: 0.75rem;
            background: #ffffff;
            color: #0f766e;
            text-align: center;
        }
    };
    let badge = (unread > 0).then(|| {
        let label = t_args(locale, Key::ChatUnread, &[("count", &unread.to_string())]);
        view! { class = class, <span class="chat-unread" id="chat-unread" aria-label=label>{unread}</span> }
    });
    view! { class = class,
        <p class="chat-launch">
            <a
                id=LAUNCHER_ID
                class="chat-launcher"
                href=format!("{}#contact-form", href(locale, Page::ContactUs))
                data-wake=WAKE_CHAT
                aria-haspopup="dialog"
            >
                <span>{i18n.text(Key::ChatLauncher)}</span>
                {badge}
            </a>
        </p>
    }
}
