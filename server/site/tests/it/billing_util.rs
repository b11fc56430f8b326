//! Checkout helpers: place an order, pay it in the sandbox, deliver the
//! sandbox's signed webhooks through the real webhook endpoint.
use crate::util::{TestApp, TestResponse};
use sea_orm::{ColumnTrait as _, EntityTrait as _, QueryFilter as _};
use server::payments::sandbox;
use server::persistence::entities::{order, sandbox_webhook};

pub const API: &str = "/api_f/v1";
pub const CARD_OK: &str = "4242 4242 4242 4242";
/// Other cards that pay: each is another card (another fingerprint), for
/// fixtures with several members (a trial is once per card).
pub const CARDS_OK: [&str; 13] = [
    CARD_OK,
    "5555 5555 5555 4444",
    "4000 0566 5566 5556",
    "2223 0031 2200 3222",
    "5200 8282 8282 8210",
    "5105 1051 0510 5100",
    "3782 822463 10005",
    "6011 1111 1111 1117",
    "3566 0020 2036 0505",
    "6200 0000 0000 0005",
    "3056 9300 0902 0004",
    "4000 0035 6000 0008",
    "4000 0076 0000 0002",
];
pub const CARD_DECLINED: &str = "4000 0000 0000 0002";
pub const CARD_NO_FUNDS: &str = "4000 0000 0000 9995";
pub const CARD_PENDING: &str = "4000 0000 0000 0077";
pub const CARD_FAILS_RENEWAL: &str = "4000 0000 0000 0341";
pub const CARD_RENEWAL_LOST: &str = "4000 0000 0000 0259";

/// The seeded plan of `channel` shown first (`cpl2` en, `cpl2_id`).
pub async fn plan_id(app: &TestApp, channel: &str) -> i64 {
    let res = app
        .get(&format!(
            "{API}/portal/priceSetup?hasWeight=true&channel={channel}"
        ))
        .await;
    res.json()["obj"][0]["id"].as_i64().expect("a seeded plan")
}

/// `POST /portal/order` for a card payment: in Indonesia at its price on
/// the Indonesian page, in the United States at its price on the others
/// (a plan's price follows the payer's country).
pub async fn order(app: &TestApp, email: &str, key: &str, locale: &str) -> TestResponse {
    let (channel, country) = if locale == "id" {
        ("cpl2_id", "ID")
    } else {
        ("cpl2", "US")
    };
    let plan = plan_id(app, channel).await;
    let body = format!(
        "planId={plan}&method=card&email={}&zip=10110&country={country}&idempotencyKey={key}",
        app::api::encode(email)
    );
    app.send(
        "POST",
        &format!("{API}/portal/order"),
        &[("accept-language", locale)],
        Some(&body),
    )
    .await
}

/// The claim cookie (`name=value`) an order answer set.
pub fn claim_cookie(res: &TestResponse) -> String {
    let set = res.header("set-cookie").expect("claim cookie");
    set.split(';').next().unwrap().to_owned()
}

/// A card that pays and that no checkout of `app` used yet (its
/// fingerprint is in no sandbox webhook): a trial is once per card, so each
/// fixture member pays with its own.
pub async fn unused_card(app: &TestApp) -> &'static str {
    let sent: Vec<String> = sandbox_webhook::Entity::find()
        .all(&app.db)
        .await
        .unwrap()
        .into_iter()
        .map(|w| w.body)
        .collect();
    CARDS_OK
        .into_iter()
        .find(|card| {
            let print = sandbox::cards::fingerprint(card).unwrap();
            !sent.iter().any(|body| body.contains(&print))
        })
        .expect("every test card of the sandbox is used: add one")
}

/// Places an order and pays it with `card` — [`CARD_OK`] stands for a
/// card that pays and was not used yet ([`unused_card`]); returns (order
/// no, claim cookie).
pub async fn pay(app: &TestApp, email: &str, card: &str) -> (String, String) {
    let card = if card == CARD_OK {
        unused_card(app).await
    } else {
        card
    };
    pay_with(app, email, card).await
}

/// Places an order and pays it with exactly `card`.
pub async fn pay_with(app: &TestApp, email: &str, card: &str) -> (String, String) {
    let key = format!("order-key-{}", email.replace(['@', '.'], "-"));
    let res = order(app, email, &key, "en").await;
    assert_eq!(res.json()["success"], 1, "{:?}: {}", app.backend, res.body);
    let order_no = res.json()["obj"]["orderNo"].as_str().unwrap().to_owned();
    let cookie = claim_cookie(&res);
    let form = format!("card={}", app::api::encode(card));
    let paid = app
        .send(
            "POST",
            &format!("/sandbox/checkout/{order_no}"),
            &[],
            Some(&form),
        )
        .await;
    assert_eq!(paid.status, 302, "{:?}: {}", app.backend, paid.body);
    (order_no, cookie)
}

/// Delivers every sandbox webhook due by `now` to `/api_f/v1/payments/webhook/sandbox`,
/// signed as the sandbox signs; returns the answers' statuses.
pub async fn deliver(app: &TestApp, now: i64) -> Vec<u16> {
    let due = sandbox_webhook::Entity::find()
        .filter(sandbox_webhook::Column::DeliveredAt.is_null())
        .filter(sandbox_webhook::Column::DeliverAt.lte(now))
        .all(&app.db)
        .await
        .unwrap();
    let mut statuses = Vec::new();
    for hook in due {
        let res = post_signed(app, &hook.body, now / 1000).await;
        statuses.push(res.status);
        let mut row: sandbox_webhook::ActiveModel = hook.into();
        row.delivered_at = sea_orm::ActiveValue::Set(Some(now));
        sandbox_webhook::Entity::update(row)
            .exec(&app.db)
            .await
            .unwrap();
    }
    statuses
}

/// Posts `body` to the sandbox webhook endpoint signed at `unix_secs`.
pub async fn post_signed(app: &TestApp, body: &str, unix_secs: i64) -> TestResponse {
    let secret = app
        .state
        .config
        .payments
        .sandbox_secret
        .expose()
        .as_bytes()
        .to_vec();
    let signature = sandbox::sign(&secret, unix_secs, body.as_bytes());
    let req = axum::http::Request::post(format!("{API}/payments/webhook/sandbox"))
        .header("content-type", "application/json")
        .header(sandbox::SIGNATURE_HEADER, signature)
        .body(axum::body::Body::from(body.to_owned()))
        .unwrap();
    app.request(req).await
}

/// The stored order.
pub async fn stored_order(app: &TestApp, order_no: &str) -> order::Model {
    order::Entity::find()
        .filter(order::Column::OrderNo.eq(order_no))
        .one(&app.db)
        .await
        .unwrap()
        .expect("order")
}

/// `GET /admin/order/status` → outcome.
pub async fn outcome(app: &TestApp, order_no: &str) -> String {
    let res = app
        .get(&format!("{API}/admin/order/status?orderNo={order_no}"))
        .await;
    res.json()["obj"]["outcome"]
        .as_str()
        .unwrap_or("none")
        .to_owned()
}

/// Enters the dashboard with the claim cookie; returns the response.
pub async fn enter(app: &TestApp, cookie: &str) -> TestResponse {
    app.send(
        "POST",
        "/pay-result/enter",
        &[("cookie", cookie)],
        Some("lang=en"),
    )
    .await
}
