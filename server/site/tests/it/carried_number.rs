//! The number searched before paying is carried through the provider's
//! checkout, sealed in an HttpOnly cookie (never in an address or a log),
//! and is ready to send on the dashboard after paying, once; a payment
//! tried again keeps the prices of its country.
use crate::billing_util::*;
use crate::util::{TestApp, TestResponse};

const NATIONAL: &str = "81234567890";

fn set_cookie(res: &TestResponse, name: &str) -> Option<String> {
    res.headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with(&format!("{name}=")))
        .map(str::to_owned)
}

fn pair(cookie: &str) -> String {
    cookie.split(';').next().unwrap().to_owned()
}

/// Orders with the number searched, pays, enters: the session and the
/// carried number's cookies (`name=value`).
async fn pay_carrying_a_number(app: &TestApp) -> (String, String) {
    let plan = plan_id(app, "cpl2_id").await;
    let body = format!(
        "planId={plan}&method=card&email=carry%40mail.com&zip=10110&country=ID\
         &idempotencyKey=carry-order-key-0001&numberCountry=ID&numberPhone=%2B62{NATIONAL}"
    );
    let res = app
        .send("POST", &format!("{API}/portal/order"), &[], Some(&body))
        .await;
    assert_eq!(res.json()["success"], 1, "{:?}: {}", app.backend, res.body);
    let carried = set_cookie(&res, "carried_number").expect("the number is carried");
    assert!(carried.contains("HttpOnly"), "{carried}");
    assert!(!carried.contains(NATIONAL), "sealed: {carried}");
    assert!(!res.body.contains(NATIONAL), "never in an address");
    let order_no = res.json()["obj"]["orderNo"].as_str().unwrap().to_owned();
    let card = format!("card={}", app::api::encode(unused_card(app).await));
    let checkout = format!("/sandbox/checkout/{order_no}");
    app.send("POST", &checkout, &[], Some(&card)).await;
    assert_eq!(deliver(app, server::clock::now_ms()).await, vec![200]);
    let entered = enter(app, &claim_cookie(&res)).await;
    let session = set_cookie(&entered, "token").expect("a session");
    (pair(&session), pair(&carried))
}

#[tokio::test]
async fn the_number_searched_before_paying_is_ready_on_the_dashboard_once() {
    for app in TestApp::all().await {
        let (session, carried) = pay_carrying_a_number(&app).await;
        let both = format!("{session}; {carried}");
        let dashboard = app
            .get_with("/dashboard/locations", &[("cookie", &both)])
            .await;
        assert_eq!(dashboard.status, 200, "{:?}", app.backend);
        assert!(dashboard.body.contains(r#"id="locate-carried""#));
        assert!(
            dashboard
                .body
                .contains(&format!(r#"value="+62{NATIONAL}""#)),
            "{:?}: the number is ready to send",
            app.backend
        );
        let spent = set_cookie(&dashboard, "carried_number").expect("spent once shown");
        assert!(spent.contains("Max-Age=0"), "{spent}");
        let again = app
            .get_with("/dashboard/locations", &[("cookie", &session)])
            .await;
        assert!(!again.body.contains(NATIONAL), "{:?}", app.backend);
        // A value not sealed by the service opens nothing.
        let forged = format!("{session}; carried_number=ID%0A0812345678");
        let page = app
            .get_with("/dashboard/locations", &[("cookie", &forged)])
            .await;
        assert!(!page.body.contains("locate-carried"));
    }
}

#[tokio::test]
async fn the_no_javascript_form_carries_the_number_and_a_retry_keeps_its_prices() {
    for app in TestApp::all().await {
        let page = format!("/id/pay-method?country=ID&phone=%2B62{NATIONAL}");
        let shown = app.get(&page).await;
        assert!(
            shown.body.contains(r#"name="numberPhone""#),
            "{:?}",
            app.backend
        );
        let csrf = pair(&set_cookie(&shown, "csrf").expect("csrf"));
        let token = csrf.trim_start_matches("csrf=");
        let plan = plan_id(&app, "cpl2_id").await;
        let body = format!(
            "csrf={token}&form=pay_order&planId={plan}&payCountry=ID&idempotencyKey=carry-form-key-0001\
             &method=card&email=nojs%40mail.com&zip=10110&numberCountry=ID&numberPhone=%2B62{NATIONAL}"
        );
        let res = app
            .send("POST", &page, &[("cookie", &csrf)], Some(&body))
            .await;
        assert_eq!(res.status, 303, "{:?}: {}", app.backend, res.body);
        assert!(!res.header("location").unwrap().contains(NATIONAL));
        let carried = pair(&set_cookie(&res, "carried_number").expect("carried"));
        // "Try again" opens the page without the number in its address: the
        // carried number's country still decides the prices (the default
        // country of this address-less visitor would be the US).
        let retry = app
            .get_with("/id/pay-method", &[("cookie", &carried)])
            .await;
        assert!(retry.body.contains("190.000"), "{:?}", app.backend);
        assert!(!retry.body.contains(NATIONAL), "the number stays sealed");
        let plain = app.get("/id/pay-method").await;
        assert!(plain.body.contains("29.99"), "{:?}", app.backend);
    }
}
