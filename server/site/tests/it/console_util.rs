//! Helpers of the console tests: staff accounts made through the service,
//! TOTP codes computed as an authenticator app does, and calls with the
//! staff token.
use crate::util::{TestApp, TestResponse};
use app::model::console::{StaffRole, STAFF_TOKEN_HEADER};
use sea_orm::{ColumnTrait as _, EntityTrait as _, PaginatorTrait as _, QueryFilter as _};
use server::persistence::entities::staff_audit;
use server::services::console::{staff, totp};

pub const API: &str = "/api_f/v1";
pub const STAFF_PASSWORD: &str = "staff-secret-1";

/// A staff account's TOTP secret, and the app's clock its codes follow.
pub struct StaffAccount {
    pub secret: String,
    clock: server::clock::Clock,
}

impl StaffAccount {
    /// The code the authenticator shows `steps_from_now` steps from now.
    pub fn code(&self, steps_from_now: i64) -> String {
        let key = totp::key_of(&self.secret).expect("base32 secret");
        totp::code(key, totp::step_at(self.clock.now_ms()) + steps_from_now)
            .expect("a step after the epoch")
    }
}

pub async fn make_staff(app: &TestApp, email: &str, role: StaffRole) -> StaffAccount {
    let created = staff::create(
        &app.db,
        email,
        STAFF_PASSWORD,
        role,
        &app.state.config.secrets,
        server::clock::now_ms(),
    )
    .await
    .expect("create staff");
    let uri = format!(
        "otpauth://totp/CoolTracker:{}?secret={}&issuer=CoolTracker",
        email.trim(),
        created.totp_secret
    );
    assert!(
        created.otpauth_uri.starts_with(&uri),
        "{}",
        created.otpauth_uri
    );
    StaffAccount {
        secret: created.totp_secret,
        clock: app.state.clock.clone(),
    }
}

pub async fn sign_in(app: &TestApp, email: &str, password: &str, code: &str) -> TestResponse {
    let form = format!(
        "email={}&password={}&totp={code}",
        app::api::encode(email),
        app::api::encode(password)
    );
    app.send(
        "POST",
        &format!("{API}/console/session"),
        &[("accept-language", "en")],
        Some(&form),
    )
    .await
}

/// A signed-in staff member of `role`: their token.
pub async fn staff_token(app: &TestApp, email: &str, role: StaffRole) -> String {
    let account = make_staff(app, email, role).await;
    let res = sign_in(app, email, STAFF_PASSWORD, &account.code(0)).await;
    assert_eq!(res.json()["success"], 1, "{:?}: {}", app.backend, res.body);
    res.header(STAFF_TOKEN_HEADER)
        .expect("staff token header")
        .to_owned()
}

/// A console call with the staff token (`form`: a POST body).
pub async fn call(
    app: &TestApp,
    token: &str,
    method: &str,
    path: &str,
    form: Option<&str>,
) -> TestResponse {
    app.send(
        method,
        &format!("{API}/console{path}"),
        &[(STAFF_TOKEN_HEADER, token), ("accept-language", "en")],
        form,
    )
    .await
}

/// How many audit rows record `action`.
pub async fn audited(app: &TestApp, action: &str) -> u64 {
    staff_audit::Entity::find()
        .filter(staff_audit::Column::Action.eq(action))
        .count(&app.db)
        .await
        .unwrap()
}
