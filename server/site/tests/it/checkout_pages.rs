//! Checkout without JavaScript: the `/pay-method` page form places the
//! order and sends the payer to the (sandbox) checkout with the order's
//! claim cookie, once per idempotency key; errors come back on the page.
use crate::util::{TestApp, TestResponse};

const KEY: &str = "form-key-0123456789";

async fn csrf_and_plan(app: &TestApp, page: &str) -> (String, i64) {
    let res = app.get(page).await;
    assert_eq!(res.status, 200, "{page}: {}", res.body);
    let csrf = res
        .headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|c| {
            c.strip_prefix("csrf=")?
                .split(';')
                .next()
                .map(str::to_owned)
        })
        .expect("csrf cookie");
    let field = res
        .body
        .split(r#"name="planId" value=""#)
        .nth(1)
        .expect("the form names its plan");
    (csrf, field[..field.find('"').unwrap()].parse().unwrap())
}

async fn post(app: &TestApp, path: &str, csrf: &str, fields: &str) -> TestResponse {
    let body = format!("csrf={csrf}&form=pay_order&{fields}");
    app.send(
        "POST",
        path,
        &[
            ("cookie", &format!("csrf={csrf}")),
            ("accept-language", "id"),
        ],
        Some(&body),
    )
    .await
}

fn claim_cookie(res: &TestResponse) -> Option<String> {
    res.headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with("checkout_claim="))
        .map(str::to_owned)
}

#[tokio::test]
async fn the_page_form_places_one_order_and_sends_the_payer_to_the_checkout() {
    for app in TestApp::all().await {
        let page = "/id/pay-method?country=ID&phone=%2B6281234567890";
        let (csrf, plan) = csrf_and_plan(&app, page).await;
        let fields = format!(
            "planId={plan}&payCountry=ID&idempotencyKey={KEY}&method=card&email=ana%40mail.com&zip=10110&name=typed+for+dana"
        );
        let res = post(&app, page, &csrf, &fields).await;
        assert_eq!(res.status, 303, "{:?}: {}", app.backend, res.body);
        let location = res.header("location").unwrap().to_owned();
        assert!(
            location.starts_with("https://ct.test/sandbox/checkout/"),
            "{location}"
        );
        let claim = claim_cookie(&res).expect("the order's claim");
        assert!(claim.contains("HttpOnly"), "{claim}");
        // A second post of the same form (a double click) is the same order.
        let again = post(&app, page, &csrf, &fields).await;
        assert_eq!(
            (again.status, again.header("location")),
            (303, Some(location.as_str()))
        );
        assert!(
            claim_cookie(&again).is_none(),
            "the first answer already holds the claim"
        );
        // The sandbox checkout shows the trial price of the Indonesian plan.
        let checkout = app
            .get(location.trim_start_matches("https://ct.test"))
            .await;
        assert!(checkout.body.contains("Rp\u{a0}300"), "{}", checkout.body);
    }
}

#[tokio::test]
async fn field_errors_come_back_on_the_page_with_what_was_typed() {
    for app in TestApp::all().await {
        let (csrf, plan) = csrf_and_plan(&app, "/id/pay-method").await;
        let fields = format!("planId={plan}&payCountry=ID&idempotencyKey={KEY}&method=dana&email=ana%40mail&name=&phone=12");
        let res = post(&app, "/id/pay-method", &csrf, &fields).await;
        assert_eq!(res.status, 422, "{:?}", app.backend);
        let t = |key| app::i18n::t(app::i18n::Locale::Id, key);
        for text in [
            t(app::i18n::Key::ValidateEmail),
            t(app::i18n::Key::ValidateRequired),
            t(app::i18n::Key::ValidatePayPhone),
        ] {
            assert!(res.body.contains(text), "{text:?} missing");
        }
        assert!(res.body.contains(r#"value="ana@mail""#) && res.body.contains(r#"value="12""#));
        assert!(
            res.body.contains(r#"name="method" value="dana" checked"#),
            "the method stays chosen"
        );
        assert!(claim_cookie(&res).is_none(), "nothing was ordered");
    }
}

#[tokio::test]
async fn a_method_of_another_country_and_a_forged_form_are_refused() {
    for app in TestApp::all().await {
        let (csrf, plan) = csrf_and_plan(&app, "/pay-method").await;
        let fields = format!("planId={plan}&payCountry=US&idempotencyKey={KEY}&method=gcash&email=ana%40mail.com&name=Ana&phone=0917+123+4567");
        let res = post(&app, "/pay-method", &csrf, &fields).await;
        assert_eq!(res.status, 422, "{:?}: {}", app.backend, res.body);
        assert!(res.body.contains(app::i18n::t(
            app::i18n::Locale::En,
            app::i18n::Key::ErrorMethodUnavailable
        )));
        let forged = app
            .send(
                "POST",
                "/pay-method",
                &[("cookie", "csrf=a")],
                Some(&format!("csrf=b&form=pay_order&{fields}")),
            )
            .await;
        assert_eq!(forged.status, 403);
    }
}

#[tokio::test]
async fn the_form_sent_again_with_a_corrected_e_mail_is_a_new_order_on_that_e_mail() {
    for app in TestApp::all().await {
        let page = "/id/pay-method?payCountry=ID";
        let (csrf, plan) = csrf_and_plan(&app, page).await;
        let form = |email: &str| {
            format!("planId={plan}&payCountry=ID&idempotencyKey={KEY}&method=card&email={email}&zip=10110")
        };
        let typo = post(&app, page, &csrf, &form("ana%40mial.com")).await;
        let fixed = post(&app, page, &csrf, &form("ana%40mail.com")).await;
        assert_eq!((typo.status, fixed.status), (303, 303), "{:?}", app.backend);
        let (first, second) = (typo.header("location"), fixed.header("location"));
        assert_ne!(
            first, second,
            "{:?}: the edited form is another order",
            app.backend
        );
        assert!(claim_cookie(&fixed).is_some(), "the new order's claim");
        let order_no = second.unwrap().rsplit('/').next().unwrap().to_owned();
        assert_eq!(
            crate::billing_util::stored_order(&app, &order_no)
                .await
                .email,
            "ana@mail.com"
        );
    }
}
