//! Hostile path parameters: every API answer is the JSON envelope with a 4xx,
//! never plain text and never a 5xx.
use crate::api_accounts::{make_user, session_of};
use crate::util::{TestApp, TestResponse};

const API: &str = "/api_f/v1";

/// The envelope, and no 5xx (a parameter that parses but names nothing may be
/// a normal answer, e.g. a reveal token that is "gone").
fn assert_envelope(res: &TestResponse, what: &str) {
    assert!(
        res.status < 500,
        "{what}: status {} {}",
        res.status,
        res.body
    );
    assert_eq!(
        res.header("content-type"),
        Some("application/json"),
        "{what}: {}",
        res.body
    );
    assert!(res.json()["success"].is_number(), "{what}: {}", res.body);
}

fn assert_envelope_4xx(res: &TestResponse, what: &str) {
    assert_envelope(res, what);
    assert!(
        (400..500).contains(&res.status),
        "{what}: status {} {}",
        res.status,
        res.body
    );
    let json = res.json();
    assert_eq!(json["success"], 0, "{what}: {}", res.body);
    assert!(
        json["msg"].as_str().is_some_and(|m| !m.is_empty()),
        "{what}: {}",
        res.body
    );
}

/// Not valid percent-encoded UTF-8: rejected before any handler runs.
const UNDECODABLE: [&str; 2] = ["%FF", "%C3%28"];

const HOSTILE: [&str; 8] = [
    "%FF",
    "%C3%28",
    "%",
    "%zz",
    "99999999999999999999999999999999",
    "-9223372036854775809",
    "1e309",
    "..%2F..%2Fetc%2Fpasswd",
];

#[tokio::test]
async fn hostile_path_parameters_answer_the_envelope_never_text_or_5xx() {
    for app in TestApp::all().await {
        make_user(&app, "paths@example.com", "secret-123").await;
        let token = session_of(&app, "paths@example.com", "secret-123").await.0;
        let auth = [("token", token.as_str())];
        for bad in HOSTILE {
            for (method, path) in [
                ("GET", format!("{API}/admin/userSession/{bad}")),
                ("PUT", format!("{API}/spyContent/phoneLocation/{bad}")),
                ("POST", format!("{API}/spyContent/clear/{bad}")),
                ("GET", format!("{API}/gpsTrace/phoneLocation/{bad}")),
                ("GET", format!("{API}/reveal/{bad}")),
                ("GET", format!("{API}/other/location/info/{bad}")),
                ("GET", format!("{API}/portal/user/checkEmail/{bad}")),
                ("GET", format!("{API}/portal/user/checkRegister/{bad}")),
                ("GET", format!("{API}/multilingualWord/one/3/{bad}")),
            ] {
                let res = app.send(method, &path, &auth, None).await;
                let what = format!("{:?} {method} {path}", app.backend);
                let numeric_id = path.contains("Session/")
                    || path.contains("phoneLocation/")
                    || path.contains("clear/");
                if UNDECODABLE.contains(&bad) || numeric_id {
                    assert_envelope_4xx(&res, &what);
                } else {
                    assert_envelope(&res, &what);
                }
            }
        }
    }
}

#[tokio::test]
async fn empty_segments_and_wrong_methods_answer_the_envelope() {
    for app in TestApp::all().await {
        for (method, path) in [
            ("GET", format!("{API}/admin/userSession/")),
            ("POST", format!("{API}/spyContent/clear/")),
            ("GET", format!("{API}/gpsTrace/phoneLocation//")),
            ("GET", format!("{API}//spyContent")),
            ("DELETE", format!("{API}/spyContent")),
            ("PATCH", format!("{API}/reveal/abc")),
        ] {
            let res = app
                .send(method, &path, &[("accept-language", "id")], None)
                .await;
            assert_envelope_4xx(&res, &format!("{:?} {method} {path}", app.backend));
        }
        let wrong_method = app
            .send("DELETE", &format!("{API}/spyContent"), &[], None)
            .await;
        assert_eq!(wrong_method.status, 405);
        assert!(wrong_method
            .header("allow")
            .is_some_and(|a| a.contains("GET")));
    }
}

#[tokio::test]
async fn a_malformed_parameter_is_reported_in_the_callers_language() {
    for app in TestApp::all().await {
        let en = app
            .send("GET", &format!("{API}/reveal/%FF"), &[], None)
            .await;
        let id = app
            .send(
                "GET",
                &format!("{API}/reveal/%FF"),
                &[("accept-language", "id")],
                None,
            )
            .await;
        assert_eq!(en.status, 400, "{}", en.body);
        assert_ne!(en.json()["msg"], id.json()["msg"], "localized");
    }
}
