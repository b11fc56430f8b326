//! The help chat through the real router, on SQLite and PostgreSQL:
//! visitors and members, privacy between people, exact limits under
//! bursts, hostile input, unread counts and the header badge.
use crate::api_locate::member;
use crate::help_chat_util::{call, send, sent, Who};
use crate::util::TestApp;
use futures::future::join_all;
use server::services::help_chat::staff;

#[tokio::test]
async fn a_visitor_starts_a_conversation_with_a_cookie_and_continues_it() {
    for app in TestApp::all().await {
        let mut who = Who::visitor("203.0.113.1");
        let none = call(&app, &who, "GET", "/chat/conversation", None).await;
        assert_eq!(
            none.json()["obj"],
            serde_json::Value::Null,
            "nothing before the first message"
        );
        assert!(none
            .headers
            .get("set-cookie")
            .is_none_or(|c| !c.to_str().unwrap().contains("chat_visitor")));
        let first = send(&app, &mut who, "Hello, is anyone there?").await;
        let cookie = first
            .headers
            .get_all("set-cookie")
            .iter()
            .map(|c| c.to_str().unwrap().to_owned())
            .find(|c| c.starts_with("chat_visitor="))
            .unwrap();
        for part in [
            "HttpOnly",
            "SameSite=Lax",
            "Secure",
            "Path=/",
            "Max-Age=15552000",
        ] {
            assert!(cookie.contains(part), "{cookie} lacks {part}");
        }
        let (id, _) = sent(&app, &mut who, "Second line").await;
        let view = call(&app, &who, "GET", "/chat/conversation", None)
            .await
            .json();
        assert_eq!(view["obj"]["id"], id);
        assert_eq!(view["obj"]["identity"], "visitor");
        assert_eq!(view["obj"]["email"], serde_json::Value::Null);
        let bodies: Vec<_> = view["obj"]["messages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["body"].as_str().unwrap().to_owned())
            .collect();
        assert_eq!(bodies, ["Hello, is anyone there?", "Second line"]);
        let inbox = staff::inbox(&app.db, 10).await.unwrap();
        assert_eq!(inbox.len(), 1);
        assert_eq!(inbox[0].identity, "visitor");
        assert_eq!(inbox[0].unread, 2);
    }
}

#[tokio::test]
async fn a_member_is_known_by_their_e_mail() {
    for app in TestApp::all().await {
        let token = member(&app, "ana.chat@example.com").await;
        let mut who = Who::member(&token);
        let res = send(&app, &mut who, "Where is my receipt?").await;
        assert!(
            super::help_chat_util::visitor_cookie(&res).is_none(),
            "members need no chat cookie"
        );
        let view = call(&app, &who, "GET", "/chat/conversation", None)
            .await
            .json();
        assert_eq!(view["obj"]["identity"], "user");
        assert_eq!(view["obj"]["email"], "ana.chat@example.com");
        assert_eq!(
            staff::inbox(&app.db, 10).await.unwrap()[0].identity,
            "user (ana.chat@example.com)"
        );
    }
}

#[tokio::test]
async fn another_persons_conversation_answers_like_a_missing_one() {
    for app in TestApp::all().await {
        let mut owner = Who::visitor("203.0.113.2");
        let (id, _) = sent(&app, &mut owner, "private words").await;
        let token = member(&app, "eve.chat@example.com").await;
        let mut stranger = Who::visitor("203.0.113.3");
        sent(&app, &mut stranger, "my own").await;
        // The owner's cookie without `website_type` (a cross-site form) is nobody's.
        let mut no_header = owner.clone();
        no_header.ip = "203.0.113.4".into();
        for who in [
            stranger.clone(),
            Who::member(&token),
            Who::visitor("203.0.113.5"),
        ] {
            for path in [
                format!("/chat/conversations/{id}/messages"),
                format!("/chat/conversations/{id}/stream"),
            ] {
                let theirs = call(&app, &who, "GET", &path, None).await;
                let missing = call(
                    &app,
                    &who,
                    "GET",
                    &path.replace(&id.to_string(), "987654"),
                    None,
                )
                .await;
                assert_eq!(
                    (theirs.status, &theirs.body),
                    (missing.status, &missing.body),
                    "{:?} {path}",
                    app.backend
                );
                assert_eq!(theirs.status, 404);
                assert!(!theirs.body.contains("private"));
            }
            let read = call(
                &app,
                &who,
                "POST",
                &format!("/chat/conversations/{id}/read"),
                Some("upTo=1"),
            )
            .await;
            assert_eq!(read.status, 404);
        }
        let res = app
            .get_with(
                &format!("/api_f/v1/chat/conversations/{id}/messages"),
                &[(
                    "cookie",
                    &format!("chat_visitor={}", owner.visitor.clone().unwrap()),
                )],
            )
            .await;
        assert_eq!(res.status, 404, "the cookie alone is not accepted");
        let own = call(
            &app,
            &owner,
            "GET",
            &format!("/chat/conversations/{id}/messages?after=0"),
            None,
        )
        .await
        .json();
        assert_eq!(own["obj"][0]["body"], "private words");
    }
}

#[tokio::test]
async fn exactly_the_message_limit_gets_through_a_burst() {
    for app in TestApp::all().await {
        let token = member(&app, "burst.chat@example.com").await;
        let who = Who::member(&token);
        let burst = (0..20).map(|i| {
            let mut who = who.clone();
            let app = &app;
            async move { send(app, &mut who, &format!("message {i}")).await }
        });
        let answers = join_all(burst).await;
        let ok = answers
            .iter()
            .filter(|r| r.status == 200 && r.json()["success"] == 1)
            .count();
        let limited = answers.iter().filter(|r| r.status == 429).count();
        assert_eq!(
            (ok, limited),
            (10, 10),
            "{:?}: {:?}",
            app.backend,
            answers.iter().map(|r| r.status).collect::<Vec<_>>()
        );
        assert!(answers
            .iter()
            .filter(|r| r.status == 429)
            .all(|r| r.header("retry-after").is_some()));
        assert_eq!(
            staff::inbox(&app.db, 10).await.unwrap().len(),
            1,
            "one conversation however many first messages race"
        );
    }
}

#[tokio::test]
async fn exactly_the_new_conversation_limit_per_address_gets_through_a_burst() {
    for app in TestApp::all_configured(|c| c.trust_forwarded_for = true).await {
        let burst = (0..12).map(|i| {
            let app = &app;
            async move {
                send(
                    app,
                    &mut Who::visitor("192.0.2.77"),
                    &format!("visitor {i}"),
                )
                .await
            }
        });
        let answers = join_all(burst).await;
        let ok = answers.iter().filter(|r| r.status == 200).count();
        assert_eq!(
            (ok, answers.iter().filter(|r| r.status == 429).count()),
            (5, 7),
            "{:?}",
            app.backend
        );
        assert_eq!(staff::inbox(&app.db, 50).await.unwrap().len(), 5);
        // Another address is not affected.
        sent(&app, &mut Who::visitor("192.0.2.78"), "hello").await;
    }
}

#[tokio::test]
async fn hostile_input_is_stored_as_text_refused_when_too_long_and_never_a_5xx() {
    for app in TestApp::all().await {
        let mut who = Who::visitor("203.0.113.9");
        who.locale = "id".into();
        let script = "<script>alert('x')</script><a href=\"javascript:x\">hi</a>";
        let (id, _) = sent(&app, &mut who, script).await;
        let nul = send(&app, &mut who, "a\u{0}b\u{1b}[31m").await;
        assert_eq!(nul.status, 200, "{:?}: {}", app.backend, nul.body);
        let long = send(&app, &mut who, &"x".repeat(2001)).await;
        let json = long.json();
        assert_eq!((long.status, json["success"].as_i64()), (200, Some(0)));
        assert_eq!(
            json["obj"]["messageErrorMsg"],
            "Pesan Anda terlalu panjang: paling banyak 2.000 karakter."
        );
        let empty = send(&app, &mut who, " \n ").await.json();
        assert_eq!(empty["obj"]["messageErrorMsg"], "Silakan tulis pesan.");
        for (method, path, form) in [
            (
                "GET",
                format!("/chat/conversations/{id}/messages?after=abc"),
                None,
            ),
            ("GET", "/chat/conversations/abc/messages".to_owned(), None),
            (
                "POST",
                format!("/chat/conversations/{id}/read"),
                Some("upTo=%ZZ"),
            ),
            (
                "GET",
                format!("/chat/conversations/{}/messages", i64::MAX),
                None,
            ),
        ] {
            let res = call(&app, &who, method, &path, form).await;
            assert!(
                res.status < 500 && res.status >= 400,
                "{path}: {}",
                res.status
            );
        }
        let stored = call(
            &app,
            &who,
            "GET",
            &format!("/chat/conversations/{id}/messages"),
            None,
        )
        .await
        .json();
        assert_eq!(
            stored["obj"][0]["body"], script,
            "kept as typed; every renderer escapes it"
        );
        assert_eq!(
            stored["obj"][1]["body"], "ab[31m",
            "control characters dropped"
        );
        assert_eq!(
            stored["obj"].as_array().unwrap().len(),
            2,
            "nothing of the refused ones"
        );
    }
}

#[tokio::test]
async fn support_replies_count_as_unread_until_read_and_show_in_the_header() {
    for app in TestApp::all().await {
        let token = member(&app, "badge.chat@example.com").await;
        let mut who = Who::member(&token);
        let (id, _) = sent(&app, &mut who, "Question").await;
        let cx = app.state.cx();
        staff::reply(&cx, id, "Answer one").await.unwrap();
        let second = staff::reply(&cx, id, "Answer two").await.unwrap();
        assert_eq!(
            call(&app, &who, "GET", "/chat/unread", None).await.json()["obj"]["unread"],
            2
        );
        let page = app
            .get_with("/faq", &[("cookie", &format!("token={token}"))])
            .await;
        assert!(
            page.body.contains(r#"data-notifications="2""#),
            "header badge: {:?}",
            app.backend
        );
        assert!(page.body.contains(r#"id="chat-unread""#));
        assert_eq!(page.header("cache-control"), Some("private, no-store"));
        let after = call(
            &app,
            &who,
            "POST",
            &format!("/chat/conversations/{id}/read"),
            Some(&format!("upTo={}", second.id + 100)),
        )
        .await;
        assert_eq!(after.json()["obj"]["unread"], 0, "{}", after.body);
        let page = app
            .get_with("/faq", &[("cookie", &format!("token={token}"))])
            .await;
        assert!(!page.body.contains("data-notifications="));
        // Read markers never go beyond the newest message: a later reply is unread.
        staff::reply(&cx, id, "Answer three").await.unwrap();
        assert_eq!(
            call(&app, &who, "GET", "/chat/unread", None).await.json()["obj"]["unread"],
            1
        );
    }
}

#[tokio::test]
async fn conversations_past_retention_are_deleted() {
    for app in TestApp::all().await {
        let mut old = Who::visitor("203.0.113.20");
        let (old_id, _) = sent(&app, &mut old, "long ago").await;
        let mut other = Who::visitor("203.0.113.21");
        sent(&app, &mut other, "just now").await;
        let cx = app.state.cx();
        let later = cx.at(cx.now + 180 * 86_400_000 - 60_000);
        assert_eq!(
            server::services::help_chat::retention::purge(&later)
                .await
                .unwrap(),
            0,
            "kept for 180 days"
        );
        // A later message restarts the clock.
        staff::reply(&cx.at(cx.now + 10 * 86_400_000), old_id, "follow-up")
            .await
            .unwrap();
        let purge = server::services::help_chat::retention::purge;
        assert_eq!(purge(&cx.at(cx.now + 181 * 86_400_000)).await.unwrap(), 1);
        assert_eq!(staff::inbox(&app.db, 10).await.unwrap()[0].id, old_id);
        assert_eq!(purge(&cx.at(cx.now + 191 * 86_400_000)).await.unwrap(), 1);
        assert!(staff::inbox(&app.db, 10).await.unwrap().is_empty());
        assert_eq!(
            call(&app, &old, "GET", "/chat/conversation", None)
                .await
                .json()["obj"],
            serde_json::Value::Null
        );
    }
}
