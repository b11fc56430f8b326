//! The chat inbox and a conversation with its reply form.
use super::{assert_has, doc, html, section};
use crate::console::{ConsoleData, ConsolePage};
use crate::i18n::{t, Key, Locale};
use crate::model::console::{ChatInboxRow, ChatThreadView, StaffRole};
use serde_json::json;

/// A visitor's conversation with two unread messages, and a member's read one.
fn inbox_rows() -> Vec<ChatInboxRow> {
    vec![
        ChatInboxRow {
            id: 3,
            identity: "visitor".into(),
            visitor_email: None,
            last_message_at: 1_795_339_805_000,
            unread: 2,
        },
        ChatInboxRow {
            id: 4,
            identity: "ana@example.com".into(),
            visitor_email: None,
            last_message_at: 1_795_339_805_000,
            unread: 0,
        },
    ]
}

#[test]
fn the_chat_inbox_shows_unread_counts() {
    let inbox = html(doc(
        Locale::Id,
        ConsolePage::Chats,
        Some(StaffRole::Support),
        ConsoleData::Chats(inbox_rows()),
    ));
    let first = section(&inbox, r#"<tr class="console-unread">"#, "</tr>");
    assert_has(
        first,
        &[
            r#"<a href="/id/admin/chats/3">"#,
            t(Locale::Id, Key::AdmVisitor),
            "<td>2</td>",
        ],
    );
    assert_has(
        &inbox,
        &[
            r#"<a href="/id/admin/chats/4">ana@example.com</a>"#,
            t(Locale::Id, Key::AdmColUnread),
        ],
    );
}

#[test]
fn a_conversation_shows_its_messages_and_a_reply_form() {
    let messages = json!([{"id": 1, "author": "person", "body": "Where is my refund?", "createdAt": 1_795_339_805_000_i64},
                          {"id": 2, "author": "staff", "body": "On its way.", "createdAt": 1_795_339_865_000_i64}]);
    let thread = ConsoleData::Chat(ChatThreadView {
        conversation: inbox_rows()[0].clone(),
        messages: serde_json::from_value(messages).expect("messages"),
    });
    let page = html(doc(
        Locale::Id,
        ConsolePage::Chat(3),
        Some(StaffRole::Support),
        thread,
    ));
    assert_has(
        &page,
        &[
            "Where is my refund?",
            "On its way.",
            t(Locale::Id, Key::AdmAuthorStaff),
            r#"href="/id/admin/chats""#,
        ],
    );
    let reply = section(
        &page,
        r#"<form method="post" action="/id/admin/chats/3" class="console-form""#,
        "</form>",
    );
    assert_has(
        reply,
        &[
            r#"name="form" value="reply""#,
            r#"<label for="chat-reply""#,
            r#"<textarea id="chat-reply" name="body""#,
        ],
    );
}

/// A visitor who left an address is shown with it, and the reply form says
/// where the answer goes: by e-mail there, or only into the chat.
#[test]
fn a_visitors_left_address_shows_and_the_form_says_where_the_reply_goes() {
    let mut row = inbox_rows()[0].clone();
    row.visitor_email = Some("budi@example.com".into());
    for (row, expected) in [(row, "budi@example.com"), (inbox_rows()[0].clone(), "")] {
        let thread = ConsoleData::Chat(ChatThreadView {
            conversation: row.clone(),
            messages: Vec::new(),
        });
        let page = html(doc(
            Locale::En,
            ConsolePage::Chat(3),
            Some(StaffRole::Support),
            thread,
        ));
        let reach = section(&page, r#"id="chat-reach""#, "</p>");
        if expected.is_empty() {
            assert_has(&page, &[t(Locale::En, Key::AdmVisitor)]);
            assert_has(reach, &[t(Locale::En, Key::AdmReplyChatOnly)]);
        } else {
            assert_has(&page, &["Visitor (budi@example.com)"]);
            assert_has(reach, &["sent by e-mail to budi@example.com"]);
        }
        let inbox = html(doc(
            Locale::En,
            ConsolePage::Chats,
            Some(StaffRole::Support),
            ConsoleData::Chats(vec![row]),
        ));
        assert!(inbox.contains(expected), "{inbox}");
    }
}
