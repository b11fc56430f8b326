//! Helpers of the reverse lookup tests: accounts of a chosen standing
//! (made directly, without password hashing), lookups and reports.
use crate::api_locate::API;
use crate::util::{TestApp, TestResponse};
use sea_orm::{ActiveModelTrait as _, ActiveValue::Set};
use server::persistence::entities::user;
use server::services::lookup::reports::{self, NewReport};

/// A UK mobile number, as typed.
pub const UK_MOBILE: &str = "07400123456";
pub const UK_E164: &str = "+447400123456";
pub const DAY_MS: i64 = 86_400_000;

/// An account: `paid` once or never, created `age_days` ago, subscribed or not.
pub async fn account(
    app: &TestApp,
    email: &str,
    paid: bool,
    age_days: i64,
    subscribed: bool,
) -> user::Model {
    let now = server::clock::now_ms();
    let row = user::ActiveModel {
        email: Set(email.to_owned()),
        email_normalized: Set(email.to_lowercase()),
        password_hash: Set("not-a-login-account".to_owned()),
        payment_count: Set(i32::from(paid)),
        vip_time: Set(if subscribed { now + 30 * DAY_MS } else { 0 }),
        locale: Set("en".to_owned()),
        created_at: Set(now - age_days * DAY_MS),
        updated_at: Set(now),
        ..Default::default()
    };
    row.insert(&app.db).await.expect("insert user")
}

/// Files a report through the use case (the API adapter is tested on its own).
pub async fn report_as(
    app: &TestApp,
    member: &user::Model,
    phone: &str,
    category: &str,
) -> Result<(), server::services::ServiceError> {
    let input = NewReport {
        country: "GB",
        phone,
        category,
        comment: "",
    };
    reports::report(&app.state.cx(), member, input).await
}

/// `GET /lookup/{phone}?country=` as `token` (or a visitor) from `ip`.
pub async fn lookup(
    app: &TestApp,
    country: &str,
    phone: &str,
    token: Option<&str>,
    ip: &str,
) -> TestResponse {
    let path = format!("{API}{}", app::api::lookup_path(country, phone));
    let mut headers = vec![("x-forwarded-for", ip)];
    if let Some(token) = token {
        headers.push(("token", token));
    }
    app.get_with(&path, &headers).await
}

/// The spam label of `phone` as a subscriber sees it.
pub async fn label(app: &TestApp, token: &str, phone: &str) -> String {
    let res = lookup(app, "GB", phone, Some(token), "203.0.113.50").await;
    let json = res.json();
    assert_eq!(json["success"], 1, "{}", res.body);
    json["obj"]["spam"]["label"]
        .as_str()
        .unwrap_or_else(|| panic!("no verdict: {}", res.body))
        .to_owned()
}
