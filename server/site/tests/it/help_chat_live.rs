//! The help chat's live side and its other doors, on SQLite and
//! PostgreSQL: support's reply (through the service, and through the
//! `server chat reply` command in its own process) reaching an open
//! stream; the bound on streams; streams ending on shutdown; the e-mail to
//! members; the contact form without JavaScript.
use crate::api_locate::member;
use crate::help_chat_util::{sent, visitor_cookie, Who, API};
use crate::util::TestApp;
use axum::body::Body;
use axum::http::Request;
use http_body_util::BodyExt as _;
use server::services::help_chat::staff;
use std::time::Duration;
use tower::ServiceExt as _;

/// Opens the stream of conversation `id` as `who`; the response, unread.
async fn open_stream(app: &TestApp, who: &Who, id: i64, after: i64) -> axum::response::Response {
    let mut request = Request::get(format!(
        "{API}/chat/conversations/{id}/stream?after={after}"
    ));
    for (name, value) in who.headers() {
        request = request.header(name, value);
    }
    app.router
        .clone()
        .oneshot(request.body(Body::empty()).unwrap())
        .await
        .unwrap()
}

/// Reads the stream until `needle` arrived (or the deadline passed).
async fn read_until(body: &mut Body, needle: &str, within: Duration) -> String {
    let mut text = String::new();
    let deadline = tokio::time::Instant::now() + within;
    while !text.contains(needle) {
        let Ok(Some(Ok(frame))) = tokio::time::timeout_at(deadline, body.frame()).await else {
            break;
        };
        if let Ok(data) = frame.into_data() {
            text.push_str(&String::from_utf8_lossy(&data));
        }
    }
    text
}

async fn cli(app: &TestApp, args: &[&str]) -> (bool, String) {
    let out = tokio::process::Command::new(env!("CARGO_BIN_EXE_server"))
        .args(args)
        .env("DATABASE_URL", &app.state.config.database_url)
        .output()
        .await
        .expect("run the server binary");
    (
        out.status.success(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

#[tokio::test]
async fn replies_reach_the_open_stream_from_the_service_and_from_the_command_line() {
    for app in TestApp::all().await {
        let mut who = Who::visitor("203.0.113.30");
        let (id, first) = sent(&app, &mut who, "Is my refund on its way?").await;
        let response = open_stream(&app, &who, id, 0).await;
        assert_eq!(response.status(), 200);
        assert_eq!(response.headers()["content-type"], "text/event-stream");
        assert_eq!(response.headers()["cache-control"], "no-store");
        let mut body = response.into_body();
        let backlog = read_until(&mut body, "refund", Duration::from_secs(5)).await;
        assert!(
            backlog.contains(&format!("id: {first}")) && backlog.contains("event: message"),
            "{backlog}"
        );
        staff::reply(&app.state.cx(), id, "Yes: <b>today</b>")
            .await
            .unwrap();
        let live = read_until(&mut body, "today", Duration::from_secs(5)).await;
        assert!(
            live.contains(r#""author":"staff""#) && live.contains("<b>today</b>"),
            "{:?}: {live}",
            app.backend
        );
        let (ok, out) = cli(
            &app,
            &[
                "chat",
                "reply",
                &id.to_string(),
                "Sent",
                "from",
                "the",
                "terminal",
            ],
        )
        .await;
        assert!(ok, "{out}");
        let live = read_until(&mut body, "Sent from the terminal", Duration::from_secs(10)).await;
        assert!(
            live.contains("Sent from the terminal"),
            "{:?}: the other process's reply arrives: {live}",
            app.backend
        );
        let (ok, list) = cli(&app, &["chat", "list"]).await;
        assert!(ok && list.contains(&format!("{id}\tvisitor\t")), "{list}");
        let (ok, show) = cli(&app, &["chat", "show", &id.to_string()]).await;
        assert!(
            ok && show.contains("Is my refund on its way?") && show.contains("staff"),
            "{show}"
        );
        let (ok, missing) = cli(&app, &["chat", "reply", "987654", "hello"]).await;
        assert!(!ok && missing.contains("no such conversation"), "{missing}");
    }
}

#[tokio::test]
async fn streams_past_the_bound_answer_busy_and_all_end_on_shutdown() {
    for app in TestApp::all_configured(|c| c.chat.max_streams = 2).await {
        let mut who = Who::visitor("203.0.113.31");
        who.locale = "id".into();
        let (id, _) = sent(&app, &mut who, "hello").await;
        let first = open_stream(&app, &who, id, 0).await;
        let second = open_stream(&app, &who, id, 0).await;
        let third = open_stream(&app, &who, id, 0).await;
        assert_eq!(
            (
                first.status().as_u16(),
                second.status().as_u16(),
                third.status().as_u16()
            ),
            (200, 200, 503)
        );
        assert!(third.headers().contains_key("retry-after"));
        let refusal =
            String::from_utf8_lossy(&third.into_body().collect().await.unwrap().to_bytes())
                .into_owned();
        assert!(
            refusal.contains(r#""success":0"#) && !refusal.contains("Semaphore"),
            "{refusal}"
        );
        drop(second);
        tokio::time::sleep(Duration::from_millis(50)).await;
        let again = open_stream(&app, &who, id, 0).await;
        assert_eq!(again.status(), 200, "a closed stream frees its place");
        app.state.chat.shut_down();
        for response in [first, again] {
            let ended =
                tokio::time::timeout(Duration::from_secs(3), response.into_body().collect()).await;
            assert!(
                ended.is_ok(),
                "{:?}: the stream ends on shutdown",
                app.backend
            );
        }
        assert_eq!(
            open_stream(&app, &who, id, 0).await.status(),
            503,
            "no new streams while stopping"
        );
    }
}

#[tokio::test]
async fn one_client_cannot_take_every_stream() {
    let bounds = |c: &mut server::config::Config| {
        c.chat.streams_per_conversation = 2;
        c.chat.streams_per_address = 3;
        c.trust_forwarded_for = true;
    };
    for app in TestApp::all_configured(bounds).await {
        let mut tabs = Who::visitor("203.0.113.41");
        let (first_chat, _) = sent(&app, &mut tabs, "hello").await;
        let mut statuses = Vec::new();
        let mut open = Vec::new();
        for _ in 0..3 {
            let response = open_stream(&app, &tabs, first_chat, 0).await;
            statuses.push(response.status().as_u16());
            open.push(response);
        }
        assert_eq!(statuses, [200, 200, 503], "per conversation");
        // The same address with another conversation: one more, then busy.
        let mut neighbour = Who::visitor("203.0.113.41");
        let (second_chat, _) = sent(&app, &mut neighbour, "hi").await;
        let third = open_stream(&app, &neighbour, second_chat, 0).await;
        let fourth = open_stream(&app, &neighbour, second_chat, 0).await;
        assert_eq!(
            (third.status().as_u16(), fourth.status().as_u16()),
            (200, 503),
            "per address"
        );
        assert!(fourth.headers().contains_key("retry-after"));
        // Everybody else is still served.
        let mut stranger = Who::visitor("198.51.100.7");
        let (own_chat, _) = sent(&app, &mut stranger, "hey").await;
        assert_eq!(
            open_stream(&app, &stranger, own_chat, 0).await.status(),
            200
        );
        // A closed stream gives its place back to its client.
        drop(open.remove(0));
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert_eq!(
            open_stream(&app, &tabs, first_chat, 0).await.status(),
            200,
            "{:?}",
            app.backend
        );
    }
}

#[tokio::test]
async fn members_and_visitors_who_left_an_address_get_the_reply_by_e_mail() {
    for app in TestApp::all().await {
        let token = member(&app, "mail.chat@example.com").await;
        let (member_chat, _) = sent(&app, &mut Who::member(&token), "Question by a member").await;
        let mut anonymous = Who::visitor("203.0.113.32");
        let (anonymous_chat, _) = sent(&app, &mut anonymous, "No address").await;
        let cx = app.state.cx();
        staff::reply(&cx, member_chat, "Here is <your> answer\nline two")
            .await
            .unwrap();
        staff::reply(&cx, anonymous_chat, "Nobody to mail")
            .await
            .unwrap();
        assert_eq!(
            server::jobs::chat::run_chat_mails(&app.state)
                .await
                .unwrap(),
            1,
            "one job: the member's"
        );
        assert_eq!(
            server::jobs::chat::run_chat_mails(&app.state)
                .await
                .unwrap(),
            0,
            "sent once"
        );
        let mails = app
            .get("/dev/outbox.json?to=mail.chat%40example.com&channel=email")
            .await
            .json();
        let mail = &mails.as_array().unwrap()[0];
        assert_eq!(
            mail["subject"], "Cool Tracker support answered your message",
            "{mail}"
        );
        let body = mail["body_text"].as_str().unwrap_or_default();
        assert!(mail["body_html"]
            .as_str()
            .unwrap_or_default()
            .contains("Here is &lt;your&gt; answer<br>line two"));
        assert!(
            body.contains("> Here is <your> answer")
                && body.contains("https://ct.test/contact-us#contact-form"),
            "{body}"
        );
    }
}

#[tokio::test]
async fn the_contact_form_lands_in_the_inbox_without_javascript() {
    for app in TestApp::all().await {
        let page = app.get("/id/contact-us").await;
        assert!(
            page.body.contains(r#"id="contact-form""#) && page.body.contains(r#"data-wake="chat""#)
        );
        let csrf = page
            .headers
            .get_all("set-cookie")
            .iter()
            .filter_map(|c| c.to_str().ok())
            .find_map(|c| c.strip_prefix("csrf=")?.split(';').next())
            .unwrap()
            .to_owned();
        let post = |fields: String, cookie: String| {
            let app = &app;
            async move {
                app.send(
                    "POST",
                    "/id/contact-us",
                    &[("cookie", &cookie)],
                    Some(&fields),
                )
                .await
            }
        };
        let long = "x".repeat(2001);
        let refused = post(
            format!("csrf={csrf}&form=contact_message&email=wei%40example.com&message={long}"),
            format!("csrf={csrf}"),
        )
        .await;
        assert_eq!(refused.status, 422);
        assert!(
            refused.body.contains("Pesan Anda terlalu panjang") && refused.body.contains(&long),
            "the text is kept"
        );
        assert!(refused.body.contains("wei@example.com"));
        // At its limit in 3-byte characters the post is over 16 kB: it is
        // refused by the length rule with the text kept, never dropped.
        let chinese = "你".repeat(2001);
        let encoded: String = serde_urlencoded::to_string([("message", &chinese)]).unwrap();
        let big = post(
            format!("csrf={csrf}&form=contact_message&email=wei%40example.com&{encoded}"),
            format!("csrf={csrf}"),
        )
        .await;
        assert!(encoded.len() > 16 * 1024);
        assert_eq!(big.status, 422, "{:?}", app.backend);
        assert!(
            big.body.contains("Pesan Anda terlalu panjang") && big.body.contains(&chinese),
            "the long text is kept"
        );
        let ok = post(
            format!(
                "csrf={csrf}&form=contact_message&email=wei%40example.com&message=Halo%20%3Cb%3E"
            ),
            format!("csrf={csrf}"),
        )
        .await;
        assert_eq!(ok.status, 303);
        assert_eq!(
            ok.header("location"),
            Some("/id/contact-us?sent=1#contact-form")
        );
        let cookie = visitor_cookie(&ok).expect("the visitor's chat cookie");
        let inbox = staff::inbox(&app.db, 10).await.unwrap();
        assert_eq!(inbox[0].identity, "visitor (left wei@example.com)");
        let confirmed = app
            .get_with(
                "/id/contact-us?sent=1",
                &[("cookie", &format!("chat_visitor={cookie}"))],
            )
            .await;
        assert!(confirmed
            .body
            .contains("Terima kasih: pesan Anda sudah kami terima"));
        // The chat window shows the same thread.
        let mut who = Who::visitor("203.0.113.33");
        who.visitor = Some(cookie);
        let view = crate::help_chat_util::call(&app, &who, "GET", "/chat/conversation", None)
            .await
            .json();
        assert_eq!(view["obj"]["messages"][0]["body"], "Halo <b>");
        staff::reply(&app.state.cx(), inbox[0].id, "Dibalas")
            .await
            .unwrap();
        assert_eq!(
            server::jobs::chat::run_chat_mails(&app.state)
                .await
                .unwrap(),
            1,
            "the address left is answered"
        );
        let forged = post(
            "csrf=wrong&form=contact_message&message=hi".into(),
            format!("csrf={csrf}"),
        )
        .await;
        assert_eq!(forged.status, 403);
    }
}
