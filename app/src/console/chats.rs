//! The help-chat inbox (unread counts) and one conversation with a reply form.
use super::parts::{form_fields, table, when};
use super::{forms, ConsoleData, ConsoleDoc, ConsolePage};
use crate::i18n::{t, t_args, Key, Locale};
use crate::model::chat::ChatAuthor;
use crate::model::console::ChatInboxRow;
use leptos::prelude::*;

pub(super) fn inbox(doc: &ConsoleDoc) -> impl IntoView {
    let locale = doc.locale;
    let rows = match &doc.data {
        ConsoleData::Chats(rows) => rows.clone(),
        _ => Vec::new(),
    };
    let list = if rows.is_empty() {
        view! { <p>{t(locale, Key::AdmNoChats)}</p> }.into_any()
    } else {
        let lines = rows
            .into_iter()
            .map(|row| {
                let href = doc.href(ConsolePage::Chat(row.id));
                let unread = row.unread > 0;
                view! {
                    <tr class:console-unread=unread>
                        <th scope="row"><a href=href>{identity(locale, &row)}</a></th>
                        <td>{when(row.last_message_at)}</td>
                        <td>{row.unread}</td>
                    </tr>
                }
            })
            .collect_view();
        table(
            locale,
            None,
            &[Key::AdmColPerson, Key::AdmColLast, Key::AdmColUnread],
            lines,
        )
        .into_any()
    };
    view! {
        <h1>{t(locale, Key::AdmChatsTitle)}</h1>
        {list}
    }
}

/// A member's e-mail, or "Visitor" in the page's language with the address
/// they left, if any.
fn identity(locale: Locale, row: &ChatInboxRow) -> String {
    match (row.identity.as_str(), &row.visitor_email) {
        ("visitor", Some(email)) => t_args(locale, Key::AdmVisitorEmail, &[("email", email)]),
        ("visitor", None) => t(locale, Key::AdmVisitor).to_owned(),
        _ => row.identity.clone(),
    }
}

/// Where the reply goes besides the open chat: the member's or visitor's
/// address, or nowhere (a visitor who left none sees it only in the chat).
fn reply_reach(locale: Locale, row: &ChatInboxRow) -> String {
    match (row.identity.as_str(), &row.visitor_email) {
        ("visitor", None) => t(locale, Key::AdmReplyChatOnly).to_owned(),
        ("visitor", Some(email)) => t_args(locale, Key::AdmReplyMailed, &[("email", email)]),
        (email, _) => t_args(locale, Key::AdmReplyMailed, &[("email", email)]),
    }
}

pub(super) fn thread(doc: &ConsoleDoc) -> impl IntoView {
    let locale = doc.locale;
    let ConsoleData::Chat(thread) = &doc.data else {
        return view! { <h1>{t(locale, Key::AdmChatsTitle)}</h1> }.into_any();
    };
    let who = identity(locale, &thread.conversation);
    let messages = thread
        .messages
        .iter()
        .map(|m| {
            let (author, class) = match m.author {
                ChatAuthor::Person => (Key::AdmAuthorPerson, "console-msg"),
                ChatAuthor::Staff => (Key::AdmAuthorStaff, "console-msg console-msg-staff"),
            };
            view! {
                <li class=class>
                    <p class="console-msg-meta">{format!("{} · {}", t(locale, author), when(m.created_at))}</p>
                    <p class="console-msg-body">{m.body.clone()}</p>
                </li>
            }
        })
        .collect_view();
    view! {
        <p><a href=doc.href(ConsolePage::Chats)>{t(locale, Key::AdmBackInbox)}</a></p>
        <h1>{t_args(locale, Key::AdmChatTitle, &[("who", &who)])}</h1>
        <section aria-labelledby="chat-messages">
            <h2 id="chat-messages">{t(locale, Key::AdmMessages)}</h2>
            <ol class="console-thread">{messages}</ol>
        </section>
        <form method="post" action=doc.href(doc.page()) class="console-form">
            {form_fields(doc, forms::REPLY)}
            <label for="chat-reply">{t(locale, Key::AdmReplyLabel)}</label>
            <textarea id="chat-reply" name="body" rows="4" required maxlength="2000" aria-describedby="chat-reach"></textarea>
            <p id="chat-reach" class="field-hint">{reply_reach(locale, &thread.conversation)}</p>
            <button type="submit" class="btn-primary">{t(locale, Key::AdmSendReply)}</button>
        </form>
    }
    .into_any()
}
