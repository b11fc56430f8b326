//! The second factor's account-wide ceiling: wrong codes from many
//! addresses, for a staff account whose password the sender knows, are
//! evaluated up to the ceiling, then the account is locked (the right code
//! too is refused), the administrators are told once, and only an operator
//! unlocks it.
use crate::console_util::{make_staff, StaffAccount, API, STAFF_PASSWORD};
use crate::util::{TestApp, TestResponse};
use app::model::console::StaffRole;
use sea_orm::{ColumnTrait as _, EntityTrait as _, PaginatorTrait as _, QueryFilter as _};
use server::persistence::entities::{dev_outbox, job};
use server::services::console::lockout;

const GENERIC: &str = "The e-mail, password or code is incorrect.";
const LOCKED: &str = "This account is locked after too many wrong codes. An administrator has been told and can unlock it.";

async fn sign_in_from(app: &TestApp, ip: &str, code: &str) -> TestResponse {
    let form = format!(
        "email=ann%40support.com&password={}&totp={code}",
        app::api::encode(STAFF_PASSWORD)
    );
    let headers = [("accept-language", "en"), ("x-forwarded-for", ip)];
    app.send(
        "POST",
        &format!("{API}/console/session"),
        &headers,
        Some(&form),
    )
    .await
}

/// A code no step near now has.
fn wrong_code(account: &StaffAccount) -> String {
    let near: Vec<String> = (-2..=2).map(|s| account.code(s)).collect();
    (0..10)
        .map(|d| format!("{d}{d}{d}{d}{d}{d}"))
        .find(|c| !near.contains(c))
        .expect("a wrong code")
}

fn msg(res: &TestResponse) -> String {
    res.json()["msg"].as_str().unwrap_or_default().to_owned()
}

#[tokio::test]
async fn wrong_codes_from_many_addresses_lock_the_account_until_unlocked() {
    for app in TestApp::all_configured(|c| c.trust_forwarded_for = true).await {
        make_staff(&app, "boss@support.com", StaffRole::Admin).await;
        let ann = make_staff(&app, "ann@support.com", StaffRole::Support).await;
        let wrong = wrong_code(&ann);
        let ips: Vec<String> = (0..25).map(|i| format!("203.0.113.{i}")).collect();
        let burst = ips.iter().map(|ip| sign_in_from(&app, ip, &wrong));
        let answers = futures::future::join_all(burst).await;
        let count = |text: &str| answers.iter().filter(|r| msg(r) == text).count();
        assert_eq!(
            (count(GENERIC), count(LOCKED)),
            (10, 15),
            "{:?}: exactly the ceiling is evaluated, the rest meet the lock",
            app.backend
        );
        let right = sign_in_from(&app, "198.51.100.7", &ann.code(0)).await;
        assert_eq!(
            (right.json()["success"].as_i64(), msg(&right).as_str()),
            (Some(0), LOCKED),
            "{:?}: the right code is refused while locked",
            app.backend
        );
        let alerts = job::Entity::find()
            .filter(job::Column::Kind.eq("staff_locked_mail"))
            .count(&app.db)
            .await
            .unwrap();
        assert_eq!(alerts, 1, "{:?}: one alert, to the one admin", app.backend);
        server::jobs::run_mail_jobs(&app.state).await.unwrap();
        let mails = dev_outbox::Entity::find()
            .filter(dev_outbox::Column::Recipient.eq("boss@support.com"))
            .all(&app.db)
            .await
            .unwrap();
        assert_eq!(mails.len(), 1, "{:?}", app.backend);
        assert!(mails[0]
            .body_text
            .contains("server staff unlock ann@support.com"));

        let now = server::clock::now_ms();
        assert!(lockout::unlock(&app.db, "ann@support.com", now)
            .await
            .unwrap());
        assert!(!lockout::unlock(&app.db, "nobody@support.com", now)
            .await
            .unwrap());
        let again = sign_in_from(&app, "198.51.100.7", &ann.code(0)).await;
        assert_eq!(
            again.json()["success"],
            1,
            "{:?}: {}",
            app.backend,
            again.body
        );
    }
}

#[tokio::test]
async fn wrong_passwords_from_everywhere_never_lock_the_account() {
    for app in TestApp::all_configured(|c| c.trust_forwarded_for = true).await {
        let ann = make_staff(&app, "ann@support.com", StaffRole::Support).await;
        for i in 0..12 {
            let form = format!(
                "email=ann%40support.com&password=wrong-pass-1&totp={}",
                ann.code(0)
            );
            let ip = format!("203.0.113.{i}");
            let headers = [("accept-language", "en"), ("x-forwarded-for", ip.as_str())];
            let res = app
                .send(
                    "POST",
                    &format!("{API}/console/session"),
                    &headers,
                    Some(&form),
                )
                .await;
            assert_eq!(msg(&res), GENERIC, "{:?}", app.backend);
        }
        let right = sign_in_from(&app, "198.51.100.7", &ann.code(0)).await;
        assert_eq!(
            right.json()["success"],
            1,
            "{:?}: a stranger cannot lock staff out",
            app.backend
        );
    }
}
