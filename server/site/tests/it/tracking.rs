//! Consent before tracking, through the real router on SQLite and
//! PostgreSQL: every tracking call is refused (403, nothing stored) without
//! the matching category in `acceptCookie`; the banner's no-JS form sets
//! the cookie and comes back to the same page; pages set marketing cookies
//! only after marketing consent; internal links carry the campaign; an
//! order keeps its attribution only with marketing consent.
use crate::billing_util::API;
use crate::util::{TestApp, TestResponse};
use sea_orm::{EntityTrait as _, PaginatorTrait as _};
use server::persistence::entities::{click_point, meta_event, operation_log, order_attribution};

const CAMPAIGN: &str = "utm_source=x&gclid=y&channel=z";
pub const ALL: &str = "acceptCookie=necessary.analytics.marketing";
const ANALYTICS: &str = "acceptCookie=necessary.analytics";
const MARKETING: &str = "acceptCookie=necessary.marketing";
const NECESSARY: &str = "acceptCookie=necessary";

fn set_cookies(res: &TestResponse) -> Vec<String> {
    res.headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .map(str::to_owned)
        .collect()
}

fn sets(res: &TestResponse, name: &str) -> Option<String> {
    set_cookies(res)
        .into_iter()
        .find(|c| c.starts_with(&format!("{name}=")))
}

async fn click(app: &TestApp, cookie: Option<&str>, body: &str) -> TestResponse {
    let headers: Vec<(&str, &str)> = cookie.map(|c| ("cookie", c)).into_iter().collect();
    app.send(
        "POST",
        &format!("{API}/operationLog/protal"),
        &headers,
        Some(body),
    )
    .await
}

async fn log_event(app: &TestApp, cookie: Option<&str>) -> TestResponse {
    let mut headers = vec![
        ("apk_version_code", "web"),
        ("phone_os", "2"),
        ("track_id", "1700000000000abcDEF1234567890ab"),
        ("version", "1"),
    ];
    headers.extend(cookie.map(|c| ("cookie", c)));
    let body = "currDocument=%2Fid%2Ftelecom&domain=ct.test&eventCode=page_view&eventType=1";
    app.send(
        "POST",
        &format!("{API}/operationLog/event"),
        &headers,
        Some(body),
    )
    .await
}

async fn conversion(app: &TestApp, cookie: Option<&str>, event_id: &str) -> TestResponse {
    let now = server::clock::now_ms() / 1000;
    let body = serde_json::json!({
        "actionSource": "website", "eventName": "Lead", "eventTime": now, "eventId": event_id,
        "eventSourceUrl": "https://ct.test/telecom", "userData": {"fbc": "fb.1.1554763741205.AbCd", "fbp": "fb.1.1558571054389.1098115397"},
    });
    let mut builder = axum::http::Request::post(format!("{API}/fackbook/conversions/0"))
        .header("content-type", "application/json");
    if let Some(c) = cookie {
        builder = builder.header("cookie", c);
    }
    app.request(
        builder
            .body(axum::body::Body::from(body.to_string()))
            .unwrap(),
    )
    .await
}

async fn counts(app: &TestApp) -> (u64, u64, u64) {
    (
        click_point::Entity::find().count(&app.db).await.unwrap(),
        operation_log::Entity::find().count(&app.db).await.unwrap(),
        meta_event::Entity::find().count(&app.db).await.unwrap(),
    )
}

const CLICK: &str = "apkChannel=z&btnId=locate&os=1";

#[tokio::test]
async fn tracking_calls_without_their_consent_are_refused_and_store_nothing() {
    for app in TestApp::all().await {
        let b = app.backend;
        for cookie in [
            None,
            Some(NECESSARY),
            Some(MARKETING),
            Some("acceptCookie=yes"),
        ] {
            let res = click(&app, cookie, CLICK).await;
            assert_eq!(
                (res.status, res.json()["success"].as_i64()),
                (403, Some(0)),
                "{b:?} {cookie:?}: {}",
                res.body
            );
            assert!(
                res.json()["msg"].as_str().unwrap().contains("consent"),
                "{b:?}: {}",
                res.body
            );
            assert_eq!(
                log_event(&app, cookie).await.status,
                403,
                "{b:?} {cookie:?}"
            );
        }
        for cookie in [None, Some(NECESSARY), Some(ANALYTICS)] {
            assert_eq!(
                conversion(&app, cookie, "lead-1").await.status,
                403,
                "{b:?} {cookie:?}"
            );
        }
        assert_eq!(
            counts(&app).await,
            (0, 0, 0),
            "{b:?}: nothing stored without consent"
        );

        let res = click(&app, Some(ANALYTICS), CLICK).await;
        assert_eq!(
            (res.status, res.json()["obj"]["recorded"].as_bool()),
            (200, Some(true)),
            "{b:?}: {}",
            res.body
        );
        assert_eq!(log_event(&app, Some(ANALYTICS)).await.status, 200, "{b:?}");
        assert_eq!(
            conversion(&app, Some(MARKETING), "lead-1").await.status,
            200,
            "{b:?}"
        );
        assert_eq!(counts(&app).await, (1, 1, 1), "{b:?}");
        let row = click_point::Entity::find()
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (row.btn_id.as_str(), row.apk_channel.as_str(), row.os),
            ("locate", "z", 1),
            "{b:?}"
        );
        let logged = operation_log::Entity::find()
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (
                logged.curr_document.as_str(),
                logged.phone_os.as_str(),
                logged.event_type
            ),
            ("/id/telecom", "2", 1),
            "{b:?}"
        );
        // Meta is not configured: the event is kept here and never sent.
        let kept = meta_event::Entity::find()
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (kept.event_name.as_str(), kept.status.as_str()),
            ("Lead", "kept"),
            "{b:?}"
        );
        let body: serde_json::Value = serde_json::from_str(&kept.body).unwrap();
        assert_eq!(
            body["user_data"]["fbp"], "fb.1.1558571054389.1098115397",
            "{b:?}"
        );
        assert_eq!(body["action_source"], "website", "{b:?}");
        // The same event id again is one event.
        assert_eq!(
            conversion(&app, Some(ALL), "lead-1").await.status,
            200,
            "{b:?}"
        );
        assert_eq!(counts(&app).await.2, 1, "{b:?}");
    }
}

#[tokio::test]
async fn bad_tracking_input_is_refused_with_a_message() {
    for app in TestApp::all().await {
        let b = app.backend;
        for body in [
            "apkChannel=z&btnId=locate&os=7",
            "apkChannel=z&btnId=&os=1",
            "apkChannel=z&btnId=%3Cscript%3E&os=1",
            "os=x",
        ] {
            let res = click(&app, Some(ANALYTICS), body).await;
            assert!(
                res.status == 200 || res.status == 400,
                "{b:?} {body}: {}",
                res.status
            );
            assert_eq!(res.json()["success"], 0, "{b:?} {body}: {}", res.body);
        }
        assert_eq!(counts(&app).await, (0, 0, 0), "{b:?}");
        // A purchase nobody paid for is not reported.
        let now = server::clock::now_ms() / 1000;
        let body = serde_json::json!({"actionSource": "website", "eventName": "Purchase", "eventTime": now, "eventId": "purchase-CT00", "userData": {}});
        let req = axum::http::Request::post(format!("{API}/fackbook/conversions/0"))
            .header("content-type", "application/json")
            .header("cookie", ALL)
            .body(axum::body::Body::from(body.to_string()))
            .unwrap();
        assert_eq!(app.request(req).await.json()["success"], 0, "{b:?}");
        assert_eq!(counts(&app).await.2, 0, "{b:?}");
    }
}

#[tokio::test]
async fn click_points_are_limited_per_client_address() {
    for app in TestApp::all().await {
        let b = app.backend;
        let limit = server::services::tracking::events::CLICKS_PER_CLIENT.limit;
        let mut statuses = Vec::new();
        for _ in 0..=limit {
            statuses.push(click(&app, Some(ANALYTICS), CLICK).await.status);
        }
        let ok = statuses.iter().filter(|s| **s == 200).count();
        assert_eq!(ok, usize::try_from(limit).unwrap(), "{b:?}: {statuses:?}");
        assert_eq!(statuses.last(), Some(&429), "{b:?}");
        assert_eq!(counts(&app).await.0, u64::try_from(limit).unwrap(), "{b:?}");
    }
}

#[tokio::test]
async fn pages_ask_first_and_set_no_tracking_cookie_before_consent() {
    for app in TestApp::all().await {
        let b = app.backend;
        let page = app.get(&format!("/telecom?{CAMPAIGN}&fbclid=abc")).await;
        assert_eq!(page.status, 200, "{b:?}");
        assert!(
            page.body.contains("id=\"cookie-consent\""),
            "{b:?}: the banner shows"
        );
        assert!(
            page.body.contains("value=\"accept_all\"")
                && page.body.contains("value=\"reject_all\""),
            "{b:?}"
        );
        for name in [
            "acceptCookie",
            "ct_attr_first",
            "ct_attr_last",
            "_fbp",
            "_fbc",
        ] {
            assert_eq!(sets(&page, name), None, "{b:?}: {name} before consent");
        }
        // Links inside the site carry the campaign; other parameters stay behind.
        assert!(
            page.body
                .contains("href=\"/faq?utm_source=x&amp;gclid=y&amp;channel=z&amp;fbclid=abc\""),
            "{b:?}: links keep the campaign"
        );
        // Marketing allowed: the campaign is kept as first and latest touch.
        let page = app
            .get_with(
                &format!("/id/faq?{CAMPAIGN}&fbclid=abc"),
                &[("cookie", ALL)],
            )
            .await;
        assert!(
            !page.body.contains("id=\"cookie-consent\""),
            "{b:?}: chosen, no banner"
        );
        assert!(
            sets(&page, "ct_attr_first").unwrap().contains("HttpOnly"),
            "{b:?}"
        );
        assert!(
            sets(&page, "ct_attr_last").unwrap().contains("channel=z"),
            "{b:?}"
        );
        assert!(
            sets(&page, "_fbc").unwrap().starts_with("_fbc=fb.1."),
            "{b:?}"
        );
        assert!(
            sets(&page, "_fbp").unwrap().starts_with("_fbp=fb.1."),
            "{b:?}"
        );
        // Analytics only: still no marketing cookie.
        let page = app
            .get_with(&format!("/id/faq?{CAMPAIGN}"), &[("cookie", ANALYTICS)])
            .await;
        assert_eq!(sets(&page, "ct_attr_last"), None, "{b:?}");
        assert_eq!(sets(&page, "_fbp"), None, "{b:?}");
        // The footer's link reopens the banner with the current choice ticked.
        assert!(
            page.body.contains("cookie_settings=1#cookie-consent"),
            "{b:?}"
        );
        let reopened = app
            .get_with(
                &format!("/id/faq?{CAMPAIGN}&cookie_settings=1"),
                &[("cookie", ANALYTICS)],
            )
            .await;
        assert!(
            reopened.body.contains("id=\"cookie-consent\""),
            "{b:?}: reopened"
        );
        assert!(
            reopened
                .body
                .contains("action=\"/id/faq?utm_source=x&amp;gclid=y&amp;channel=z\""),
            "{b:?}: posts back to the page"
        );
    }
}

async fn csrf(app: &TestApp) -> String {
    let page = app.get("/faq").await;
    sets(&page, "csrf")
        .and_then(|c| {
            c.strip_prefix("csrf=")?
                .split(';')
                .next()
                .map(str::to_owned)
        })
        .expect("csrf cookie")
}

async fn choose(app: &TestApp, path: &str, fields: &str, cookies: &str) -> TestResponse {
    let token = csrf(app).await;
    let cookie = format!("csrf={token}; {cookies}");
    app.send(
        "POST",
        path,
        &[("cookie", &cookie)],
        Some(&format!("csrf={token}&form=cookie_consent&{fields}")),
    )
    .await
}

#[tokio::test]
async fn the_banner_works_without_javascript() {
    for app in TestApp::all().await {
        let b = app.backend;
        let res = choose(
            &app,
            &format!("/id/telecom?{CAMPAIGN}&cookie_settings=1"),
            "choice=accept_all",
            "",
        )
        .await;
        assert_eq!(res.status, 303, "{b:?}: {}", res.body);
        assert_eq!(
            res.header("location"),
            Some(format!("/id/telecom?{CAMPAIGN}").as_str()),
            "{b:?}: back to the same page"
        );
        let accept = sets(&res, "acceptCookie").unwrap();
        assert!(
            accept.starts_with("acceptCookie=necessary.analytics.marketing;")
                && accept.contains("Max-Age=15552000"),
            "{b:?}: {accept}"
        );
        assert!(
            !accept.contains("HttpOnly"),
            "{b:?}: the tracking script reads it"
        );
        assert!(
            sets(&res, "ct_attr_first")
                .unwrap()
                .contains("utm_source=x"),
            "{b:?}: the campaign of this visit"
        );

        let res = choose(
            &app,
            "/faq",
            "choice=custom&analytics=1",
            "ct_attr_first=utm_source=x&at=1; _fbp=fb.1.1.2",
        )
        .await;
        assert!(
            sets(&res, "acceptCookie")
                .unwrap()
                .starts_with("acceptCookie=necessary.analytics;"),
            "{b:?}"
        );
        for name in ["ct_attr_first", "_fbp"] {
            assert!(
                sets(&res, name).unwrap().contains("Max-Age=0"),
                "{b:?}: {name} removed with marketing"
            );
        }
        let res = choose(&app, "/faq", "choice=reject_all", "").await;
        assert!(
            sets(&res, "acceptCookie")
                .unwrap()
                .starts_with("acceptCookie=necessary;"),
            "{b:?}"
        );
        // A forged post (no token) changes nothing.
        let forged = app
            .send(
                "POST",
                "/faq",
                &[],
                Some("form=cookie_consent&choice=accept_all"),
            )
            .await;
        assert_eq!(forged.status, 403, "{b:?}");
        assert_eq!(sets(&forged, "acceptCookie"), None, "{b:?}");
        let res = choose(&app, "/faq", "choice=whatever", "").await;
        assert_eq!(
            sets(&res, "acceptCookie"),
            None,
            "{b:?}: an unknown choice is no choice"
        );
    }
}

#[tokio::test]
async fn an_order_keeps_its_campaign_only_with_marketing_consent() {
    for app in TestApp::all().await {
        let b = app.backend;
        // As the server writes them (`Touch::encode`).
        let touches = "ct_attr_first=utm_source=first&channel=c1&at=1; ct_attr_last=gclid=g2&channel=c2&at=2; _fbp=fb.1.1558571054389.1098115397";
        let cases = [
            (ALL, true),
            (MARKETING, true),
            (ANALYTICS, false),
            (NECESSARY, false),
            ("", false),
        ];
        for (n, (consent, kept)) in cases.into_iter().enumerate() {
            let cookie = format!("{consent}; {touches}");
            let key = format!("attribution-order-{n:04}");
            let email = format!("attr{n}@example.com");
            let res = order_with_cookie(&app, &email, &key, &cookie).await;
            assert_eq!(res.json()["success"], 1, "{b:?}: {}", res.body);
            let order_no = res.json()["obj"]["orderNo"].as_str().unwrap().to_owned();
            let stored = crate::billing_util::stored_order(&app, &order_no).await;
            let row = order_attribution::Entity::find()
                .all(&app.db)
                .await
                .unwrap()
                .into_iter()
                .find(|r| r.order_id == stored.id);
            assert_eq!(row.is_some(), kept, "{b:?} {consent:?}");
            if let Some(row) = row {
                assert_eq!(row.channel, "c2", "{b:?}: the latest touch's channel");
                assert!(
                    row.first_touch.contains("\"utm_source\":\"first\""),
                    "{b:?}: {}",
                    row.first_touch
                );
                assert!(
                    row.last_touch.contains("\"gclid\":\"g2\""),
                    "{b:?}: {}",
                    row.last_touch
                );
                assert_eq!(
                    row.fbp.as_deref(),
                    Some("fb.1.1558571054389.1098115397"),
                    "{b:?}"
                );
            }
        }
        // Without any campaign cookie but with consent: the channel is SEO.
        let res = order_with_cookie(&app, "seo@example.com", "attribution-order-seo1", ALL).await;
        let stored =
            crate::billing_util::stored_order(&app, res.json()["obj"]["orderNo"].as_str().unwrap())
                .await;
        let rows = order_attribution::Entity::find()
            .all(&app.db)
            .await
            .unwrap();
        assert_eq!(
            rows.iter()
                .find(|r| r.order_id == stored.id)
                .map(|r| r.channel.as_str()),
            Some("SEO"),
            "{b:?}"
        );
    }
}

pub async fn order_with_cookie(
    app: &TestApp,
    email: &str,
    key: &str,
    cookie: &str,
) -> TestResponse {
    let plan = crate::billing_util::plan_id(app, "cpl2").await;
    let body = format!(
        "planId={plan}&method=card&email={}&zip=10110&country=US&idempotencyKey={key}",
        app::api::encode(email)
    );
    app.send(
        "POST",
        &format!("{API}/portal/order"),
        &[("cookie", cookie), ("user-agent", "Mozilla/5.0 (test)")],
        Some(&body),
    )
    .await
}
