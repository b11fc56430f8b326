use crate::util::TestApp;

#[tokio::test]
async fn healthz_reports_ok_when_the_database_answers() {
    for app in TestApp::all().await {
        let res = app.get("/healthz").await;
        assert_eq!(res.status, 200, "{:?}", app.backend);
        assert_eq!(res.json()["status"], "ok");
    }
}

#[tokio::test]
async fn health_and_ready_answer_and_every_response_names_its_request() {
    for app in TestApp::all().await {
        assert_eq!(app.get("/health").await.status, 200);
        let ready = app.get("/ready").await;
        assert_eq!(
            (ready.status, ready.json()["status"].as_str()),
            (200, Some("ok")),
            "{:?}",
            app.backend
        );
        let made = app
            .get("/api_f/v1/portal/priceSetup?hasWeight=true&channel=cpl2")
            .await;
        let id = made.header("x-request-id").expect("a request id is made");
        assert!(
            id.len() == 16 && id.chars().all(|c| c.is_ascii_hexdigit()),
            "{id}"
        );
        // Without a trusted proxy, a client's own id is replaced.
        let replaced = app
            .get_with("/faq", &[("x-request-id", "proxy-abc-123")])
            .await;
        let replaced = replaced.header("x-request-id").unwrap_or_default();
        assert!(
            replaced != "proxy-abc-123" && replaced.len() == 16,
            "{replaced}"
        );
    }
}

#[tokio::test]
async fn metrics_need_the_token_and_show_routes_queues_and_limit_hits() {
    for app in TestApp::all_configured(|c| c.metrics_token = Some("metrics-secret".into())).await {
        assert_eq!(app.get("/metrics").await.status, 404, "no token");
        assert_eq!(
            app.get_with("/metrics", &[("authorization", "Bearer wrong")])
                .await
                .status,
            404
        );
        app.get("/api_f/v1/portal/priceSetup?hasWeight=true&channel=cpl2")
            .await;
        // Wrong passwords for one address until its limit refuses one.
        let hits_before = server::metrics::counter_value("limit_hits_total", &[("rule", "login")]);
        let mut last = None;
        for _ in 0..7 {
            let body = "email=nobody%40mail.com&password=wrong-password";
            last = Some(
                app.send("POST", "/api_f/v1/admin/userSession", &[], Some(body))
                    .await,
            );
        }
        assert_eq!(
            last.map(|r| r.status),
            Some(429),
            "the client's limit refused the last attempts"
        );
        // One job waiting, so the queue gauges have a series to show.
        let waiting = server::services::accounts::passwords::ResetCodeMail {
            email: "nobody@mail.com".into(),
        };
        server::services::job_queue::enqueue(&app.db, &waiting, server::clock::now_ms())
            .await
            .unwrap();
        let res = app
            .get_with("/metrics", &[("authorization", "Bearer metrics-secret")])
            .await;
        assert_eq!(res.status, 200, "{:?}", app.backend);
        assert!(res
            .header("content-type")
            .unwrap_or_default()
            .starts_with("application/openmetrics-text"));
        assert!(!res.body.contains(".."), "one full stop per help text");
        let text = &res.body;
        let route = r#"http_request_duration_seconds_count{route="/api_f/v1/portal/priceSetup",method="GET",status="200"}"#;
        assert!(text.contains(route), "{text}");
        assert!(
            text.contains("# TYPE queue_depth gauge")
                && text.contains(r#"queue_depth{queue="jobs",kind="reset_code_mail"} 1"#)
                && text.contains("# TYPE queue_oldest_age_seconds gauge"),
            "{text}"
        );
        assert!(
            server::metrics::counter_value("limit_hits_total", &[("rule", "login")]) > hits_before,
            "refused logins are counted: {text}"
        );
    }
}

#[tokio::test]
async fn a_trusted_proxy_s_request_id_is_kept_and_a_forged_one_is_not() {
    for app in TestApp::all_configured(|c| c.trust_forwarded_for = true).await {
        let kept = app
            .get_with("/faq", &[("x-request-id", "proxy-abc-123")])
            .await;
        assert_eq!(
            kept.header("x-request-id"),
            Some("proxy-abc-123"),
            "a proxy's id is kept"
        );
        let forged = app.get_with("/faq", &[("x-request-id", "a b\" c")]).await;
        assert_ne!(forged.header("x-request-id"), Some("a b\" c"));
    }
}
