//! Answers schemathesis found outside the API's description, each fixed in
//! the handler or service, on SQLite and PostgreSQL.
use crate::tracking::ALL;
use crate::util::TestApp;

const API: &str = "/api_f/v1";

/// Without an owner session, publishing a directory entry is a 401 whatever
/// the form holds: a stranger does not even learn the field rules.
#[tokio::test]
async fn publishing_without_an_owner_session_is_401_before_any_field_check() {
    for app in TestApp::all().await {
        for body in ["name=&city=", "name=Budi&city=Bandung"] {
            for token in [None, Some("not-a-token")] {
                let headers: Vec<(&str, &str)> =
                    token.map(|t| ("owner-token", t)).into_iter().collect();
                let res = app
                    .send(
                        "PUT",
                        &format!("{API}/lookup/owner/directory"),
                        &headers,
                        Some(body),
                    )
                    .await;
                assert_eq!(
                    res.status, 401,
                    "{:?} {body} {token:?}: {}",
                    app.backend, res.body
                );
                assert!(
                    res.json()["obj"].is_null(),
                    "{:?}: no field messages: {}",
                    app.backend,
                    res.body
                );
            }
        }
    }
}

/// JSON has one number type: `eventTime` written as `1700000000.0` is the
/// same whole number and is accepted; a fraction is not a time and is a 400.
#[tokio::test]
async fn a_conversion_time_written_with_a_decimal_point_is_accepted() {
    for app in TestApp::all().await {
        let now = server::clock::now_ms() / 1000;
        for (time, status) in [
            (format!("{now}.0"), 200),
            (format!("{now}.5"), 400),
            ("1e400".to_owned(), 400),
            ("-9223372036854775809".to_owned(), 400),
        ] {
            let body = format!(
                r#"{{"actionSource":"website","eventName":"Lead","eventTime":{time},"eventId":"e-{status}","userData":{{}}}}"#
            );
            let req = axum::http::Request::post(format!("{API}/fackbook/conversions/0"))
                .header("content-type", "application/json")
                .header("cookie", ALL)
                .body(axum::body::Body::from(body))
                .unwrap();
            let res = app.request(req).await;
            assert_eq!(
                res.status, status,
                "{:?} eventTime {time}: {}",
                app.backend, res.body
            );
            assert_eq!(
                res.json()["success"],
                u8::from(status == 200),
                "{:?} eventTime {time}: {}",
                app.backend,
                res.body
            );
        }
    }
}

/// A query or body that does not parse is a 400, not silently dropped or
/// read some other way.
#[tokio::test]
async fn malformed_queries_and_array_bodies_are_400() {
    for app in TestApp::all().await {
        let res = app
            .get(&format!("{API}/portal/payMethods?country=PH&country=ID"))
            .await;
        assert_eq!(res.status, 400, "{:?}: {}", app.backend, res.body);
        assert_eq!(
            app.get(&format!("{API}/portal/payMethods?country=PH"))
                .await
                .json()["obj"]["country"],
            "PH"
        );
        let body = r#"{"actionSource":"website","eventName":"Lead","eventTime":1,"eventId":"q","userData":{}}"#;
        // serde reads a struct from an array too; the API takes objects.
        let array_user_data = r#"{"actionSource":"website","eventName":"Lead","eventTime":1,"eventId":"q","userData":[null,null]}"#;
        let array_body = r#"["website","Lead",1,"q","",{}]"#;
        for (query, body) in [
            ("?test=null", body),
            ("?test=true&test=true", body),
            ("", array_user_data),
            ("", array_body),
        ] {
            let req = axum::http::Request::post(format!("{API}/fackbook/conversions/0{query}"))
                .header("content-type", "application/json")
                .header("cookie", ALL)
                .body(axum::body::Body::from(body))
                .unwrap();
            let res = app.request(req).await;
            assert_eq!(
                res.status, 400,
                "{:?} {query} {body}: {}",
                app.backend, res.body
            );
        }
    }
}
