//! `<HelpChat/>`: the help chat window (React, `react-widgets/src/help-chat`)
//! and the island that opens it from the page's chat launcher.
//!
//! The launcher is a plain link to the contact form (`data-wake="chat"`), so
//! without JavaScript it simply leads there. Once this island runs, a click
//! on any `[data-wake="chat"]` element opens the chat instead. The island
//! installs its listener while it hydrates, not later, so a click a boot
//! loader replays right after the islands are ready is caught too. The
//! widget's bundle (React) is only fetched on the first opening.
use super::ReactWidget;
use crate::api::{API_BASE, WEBSITE_TYPE_WEB};
use crate::i18n::{t, t_args, Key, Locale};
use crate::model::chat::{ChatMessageView, MESSAGE_MAX_CHARS};
use leptos::prelude::*;
use serde::Serialize;

/// Widget name in the bundle's registry.
pub const HELP_CHAT: &str = "help-chat";
/// The `data-wake` value of elements that open the chat.
pub const WAKE_CHAT: &str = "chat";
/// The id of the page's launcher (focus returns there when the chat closes).
pub const LAUNCHER_ID: &str = "chat-launcher";

/// The props of `mount("help-chat", …)`; see the widget's `contract.ts`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChatWindowProps {
    pub api_base: &'static str,
    /// Sent as `accept-language`: the server's messages come back in it.
    pub locale: &'static str,
    pub website_type: &'static str,
    /// Increases with every request to open the chat.
    pub open_count: u32,
    /// Shown in the page's flow instead of as a dialog (the gallery).
    pub inline: bool,
    pub return_focus_id: &'static str,
    pub max_length: usize,
    /// Messages shown without calling the API (the gallery); `None` on the site.
    pub sample: Option<Vec<ChatMessageView>>,
    /// A visitor: offer to leave an address for the answer.
    pub ask_email: bool,
    pub texts: ChatWindowTexts,
}

/// Every text of the widget, from the locale files.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChatWindowTexts {
    pub title: &'static str,
    pub close: &'static str,
    pub message_label: &'static str,
    pub placeholder: &'static str,
    pub hint: &'static str,
    pub send: &'static str,
    pub sending: &'static str,
    /// "You are chatting as ana@example.com." or "… as a visitor."
    pub identity: String,
    pub empty: &'static str,
    pub you: &'static str,
    pub staff: &'static str,
    /// Announced for each new reply; `{text}` is replaced by the widget.
    pub new_reply: &'static str,
    pub send_failed: &'static str,
    pub reconnecting: &'static str,
    /// When support replies, promised before the first message.
    pub promise: &'static str,
    /// While the person's message waits: received, and where the answer goes.
    pub received: String,
    pub email_label: &'static str,
    pub email_hint: &'static str,
}

impl ChatWindowProps {
    /// The props in `locale` for a member (`email`) or a visitor.
    pub fn new(locale: Locale, email: Option<&str>, open_count: u32) -> ChatWindowProps {
        let (identity, received) = match email {
            Some(email) => (
                t_args(locale, Key::ChatIdentityUser, &[("email", email)]),
                t_args(locale, Key::ChatReceivedMember, &[("email", email)]),
            ),
            None => (
                t(locale, Key::ChatIdentityVisitor).to_owned(),
                t(locale, Key::ChatReceivedVisitor).to_owned(),
            ),
        };
        ChatWindowProps {
            api_base: API_BASE,
            locale: locale.code(),
            website_type: WEBSITE_TYPE_WEB,
            open_count,
            inline: false,
            return_focus_id: LAUNCHER_ID,
            max_length: MESSAGE_MAX_CHARS,
            sample: None,
            ask_email: email.is_none(),
            texts: ChatWindowTexts {
                title: t(locale, Key::ChatTitle),
                close: t(locale, Key::ChatClose),
                message_label: t(locale, Key::ChatMessageLabel),
                placeholder: t(locale, Key::ChatPlaceholder),
                hint: t(locale, Key::ChatHint),
                send: t(locale, Key::ChatSend),
                sending: t(locale, Key::ChatSending),
                identity,
                empty: t(locale, Key::ChatEmpty),
                you: t(locale, Key::ChatYou),
                staff: t(locale, Key::ChatStaff),
                new_reply: t(locale, Key::ChatNewReply),
                send_failed: t(locale, Key::ChatSendFailed),
                reconnecting: t(locale, Key::ChatReconnecting),
                promise: t(locale, Key::ChatPromise),
                received,
                email_label: t(locale, Key::ContactFormEmail),
                email_hint: t(locale, Key::ChatEmailHint),
            },
        }
    }
}

/// Hosts the widget with `props`.
#[component]
pub fn HelpChatWidget(#[prop(into)] props: Signal<ChatWindowProps>) -> impl IntoView {
    view! { <ReactWidget name=HELP_CHAT props=props/> }
}

/// The island in every page's chrome: renders nothing until the launcher is
/// used, then the chat. `email` is the signed-in member's (support sees
/// them as "user (email)"); `None` is a visitor. In the browser a lazily
/// loaded chunk, hydrated on the page's first use (see `app/js/site.js`).
#[cfg_attr(feature = "hydrate", island(lazy))]
#[cfg_attr(not(feature = "hydrate"), island)]
pub fn HelpChat(locale: Locale, email: Option<String>) -> impl IntoView {
    let opened = RwSignal::new(0_u32);
    #[cfg(feature = "browser")]
    browser::intercept_launchers(opened);
    move || {
        let count = opened.get();
        (count > 0).then(|| {
            let email = email.clone();
            let props = Signal::derive(move || {
                ChatWindowProps::new(locale, email.as_deref(), opened.get())
            });
            view! { <HelpChatWidget props=props/> }
        })
    }
}

#[cfg(feature = "browser")]
mod browser {
    use leptos::ev;
    use leptos::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::Element;

    /// A plain click on a `[data-wake="chat"]` element opens the chat
    /// instead of following the link (a new tab or window still follows it).
    pub(super) fn intercept_launchers(opened: RwSignal<u32>) {
        let selector = format!("[data-wake=\"{}\"]", super::WAKE_CHAT);
        let _ = window_event_listener(ev::click, move |event| {
            let plain = event.button() == 0
                && !(event.meta_key() || event.ctrl_key() || event.shift_key() || event.alt_key());
            if event.default_prevented() || !plain {
                return;
            }
            let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
                return;
            };
            if target.closest(&selector).ok().flatten().is_none() {
                return;
            }
            event.prevent_default();
            opened.update(|n| *n += 1);
        });
    }
}
