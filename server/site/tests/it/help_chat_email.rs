//! A visitor's chat that can still be answered after the tab closes: the
//! address they leave with their first message is shown to support beside
//! "visitor" (the console page shows it: see the console render tests),
//! and support's reply from the console is mailed there, once.
use crate::console_util::{call, staff_token};
use crate::help_chat_util::{self, Who};
use crate::util::TestApp;
use app::model::console::StaffRole;

#[tokio::test]
async fn a_visitor_s_left_address_reaches_support_and_the_reply_is_mailed_there() {
    for app in TestApp::all().await {
        let mut visitor = Who::visitor("203.0.113.41");
        let first = help_chat_util::call(
            &app,
            &visitor,
            "POST",
            "/chat/messages",
            Some("body=Where+is+my+refund%3F&email=budi%40example.com"),
        )
        .await;
        assert_eq!(
            first.json()["success"],
            1,
            "{:?}: {}",
            app.backend,
            first.body
        );
        visitor.visitor = help_chat_util::visitor_cookie(&first);
        let conversation = first.json()["obj"]["conversationId"].as_i64().unwrap();
        // A later message without the address keeps it.
        help_chat_util::sent(&app, &mut visitor, "Still waiting").await;

        let support = staff_token(&app, "rina@support.com", StaffRole::Support).await;
        let inbox = call(&app, &support, "GET", "/chats", None).await.json();
        assert_eq!(
            (
                inbox["obj"][0]["identity"].clone(),
                inbox["obj"][0]["visitorEmail"].clone()
            ),
            ("visitor".into(), "budi@example.com".into()),
            "{:?}: {inbox}",
            app.backend
        );
        let reply = call(
            &app,
            &support,
            "POST",
            &format!("/chats/{conversation}/reply"),
            Some("body=Refunded+today."),
        )
        .await
        .json();
        assert_eq!(reply["success"], 1, "{reply}");
        let ran = server::jobs::chat::run_chat_mails(&app.state)
            .await
            .unwrap();
        assert_eq!(ran, 1, "{:?}: one mail", app.backend);
        assert_eq!(
            server::jobs::chat::run_chat_mails(&app.state)
                .await
                .unwrap(),
            0
        );
        let mails = app
            .get("/dev/outbox.json?to=budi%40example.com&channel=email")
            .await
            .json();
        let mails = mails.as_array().expect("mails");
        assert_eq!(mails.len(), 1, "{mails:?}");
        assert!(mails[0]["body_text"]
            .as_str()
            .unwrap_or_default()
            .contains("> Refunded today."));
    }
}
