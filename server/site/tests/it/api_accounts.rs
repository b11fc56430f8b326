//! Account calls of `/api_f/v1`: login, sessions, password change
//! and reset, e-mail checks; on SQLite and PostgreSQL.
use crate::util::{TestApp, TestResponse};
use app::i18n::Locale;
use sea_orm::EntityTrait as _;
use server::services::accounts::users::{self, NewUser};

const API: &str = "/api_f/v1";
const PASSWORD: &str = "secret-123";

/// A subscribed member (access for 30 days).
pub async fn make_user(app: &TestApp, email: &str, password: &str) -> i64 {
    let vip_time = server::clock::now_ms() + 30 * 86_400_000;
    let new = NewUser {
        email: email.into(),
        password: password.into(),
        locale: Locale::En,
        payment_count: 1,
        vip_time,
    };
    users::create(&app.db, new, server::clock::now_ms())
        .await
        .expect("create user")
        .id
}

/// An account that never paid.
pub async fn make_unpaid_user(app: &TestApp, email: &str, password: &str) -> i64 {
    let new = NewUser {
        email: email.into(),
        password: password.into(),
        locale: Locale::En,
        payment_count: 0,
        vip_time: 0,
    };
    users::create(&app.db, new, server::clock::now_ms())
        .await
        .expect("create user")
        .id
}

fn enc(value: &str) -> String {
    app::api::encode(value)
}

pub async fn login(app: &TestApp, email: &str, password: &str) -> TestResponse {
    let body = format!("email={}&password={}", enc(email), enc(password));
    app.send(
        "POST",
        &format!("{API}/admin/userSession"),
        &[],
        Some(&body),
    )
    .await
}

/// Logs in and returns (token, session id).
pub async fn session_of(app: &TestApp, email: &str, password: &str) -> (String, i64) {
    let res = login(app, email, password).await;
    let json = res.json();
    assert_eq!(json["success"], 1, "{:?} login: {}", app.backend, res.body);
    (
        json["obj"]["token"].as_str().unwrap().to_owned(),
        json["obj"]["session"]["id"].as_i64().unwrap(),
    )
}

#[tokio::test]
async fn login_issues_a_256_bit_token_in_header_and_body() {
    for app in TestApp::all().await {
        make_user(&app, "Ana.Maria@Mail.com", PASSWORD).await;
        // E-mail matching is case-insensitive.
        let res = login(&app, "ana.maria@mail.COM", PASSWORD).await;
        assert_eq!(res.status, 200, "{:?}", app.backend);
        let json = res.json();
        assert_eq!(json["success"], 1);
        let token = json["obj"]["token"].as_str().unwrap();
        assert_eq!(token.len(), 64);
        assert!(token.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_eq!(res.header("token"), Some(token));
        assert_eq!(json["obj"]["session"]["email"], "Ana.Maria@Mail.com");
        assert_eq!(json["obj"]["session"]["current"], true);
        // Only the token's hash is stored.
        let stored = server::persistence::entities::session::Entity::find()
            .all(&app.db)
            .await
            .unwrap();
        assert_eq!(stored.len(), 1);
        assert_ne!(stored[0].token_hash, token, "raw token stored");
    }
}

#[tokio::test]
async fn wrong_email_and_wrong_password_answer_the_same() {
    for app in TestApp::all().await {
        make_user(&app, "bob@mail.com", PASSWORD).await;
        let wrong_password = login(&app, "bob@mail.com", "not-the-one").await;
        let unknown = login(&app, "nobody@mail.com", PASSWORD).await;
        assert_eq!(wrong_password.status, unknown.status);
        assert_eq!(wrong_password.body, unknown.body, "{:?}", app.backend);
        assert_eq!(unknown.json()["success"], 0);
        assert_eq!(
            unknown.json()["msg"],
            "The e-mail or password is incorrect."
        );
        assert!(unknown.header("token").is_none());
    }
}

#[tokio::test]
async fn malformed_input_fills_the_field_slots_localized() {
    for app in TestApp::all().await {
        let res = app
            .send(
                "POST",
                &format!("{API}/admin/userSession"),
                &[("accept-language", "id-ID")],
                Some("email=nope&password=123"),
            )
            .await;
        let json = res.json();
        assert_eq!(json["success"], 0);
        assert_eq!(
            json["obj"]["emailErrorMsg"],
            "Periksa alamat e-mail: harus ada nama, @ dan domain, misalnya nama@contoh.com"
        );
        assert_eq!(
            json["obj"]["passwordErrorMsg"],
            "Kata sandi harus terdiri dari 6 sampai 30 karakter"
        );
        assert_eq!(json["msg"], json["obj"]["emailErrorMsg"]);
    }
}

#[tokio::test]
async fn session_detail_is_only_for_its_owner() {
    for app in TestApp::all().await {
        make_user(&app, "a@mail.com", PASSWORD).await;
        make_user(&app, "b@mail.com", PASSWORD).await;
        let (token_a, session_a) = session_of(&app, "a@mail.com", PASSWORD).await;
        let (token_b, _) = session_of(&app, "b@mail.com", PASSWORD).await;
        let uri = format!("{API}/admin/userSession/{session_a}");

        let own = app
            .get_with(&uri, &[("token", &token_a), ("user-agent", "it/1")])
            .await;
        assert_eq!(own.json()["success"], 1, "{}", own.body);
        assert_eq!(own.json()["obj"]["email"], "a@mail.com");

        let other = app.get_with(&uri, &[("token", &token_b)]).await;
        assert_eq!(
            other.status, 404,
            "{:?}: B must not read A's session",
            app.backend
        );
        assert_eq!(other.json()["success"], 0);
        assert!(!other.body.contains("a@mail.com"));

        let missing = app
            .get_with(
                &format!("{API}/admin/userSession/999999"),
                &[("token", &token_b)],
            )
            .await;
        assert_eq!(
            (missing.status, missing.body.clone()),
            (other.status, other.body.clone()),
            "same as missing"
        );

        let none = app.get_with(&uri, &[("accept-language", "zh-CN")]).await;
        assert_eq!(none.status, 401);
        assert_eq!(
            none.json()["msg"],
            app::i18n::t(Locale::Zh, app::i18n::Key::ErrorInvalidLogin)
        );
        let bogus = app.get_with(&uri, &[("token", &"0".repeat(64))]).await;
        assert_eq!(bogus.status, 401);
        assert_eq!(
            bogus.json()["msg"],
            "The login status is invalid, please log in to your account."
        );
    }
}

#[tokio::test]
async fn logout_ends_the_session() {
    for app in TestApp::all().await {
        make_user(&app, "c@mail.com", PASSWORD).await;
        let (token, id) = session_of(&app, "c@mail.com", PASSWORD).await;
        let res = app
            .send(
                "DELETE",
                &format!("{API}/admin/userSession"),
                &[("token", &token)],
                None,
            )
            .await;
        assert_eq!(res.json()["success"], 1, "{}", res.body);
        let after = app
            .get_with(
                &format!("{API}/admin/userSession/{id}"),
                &[("token", &token)],
            )
            .await;
        assert_eq!(after.status, 401);
        let again = app
            .send(
                "DELETE",
                &format!("{API}/admin/userSession"),
                &[("token", &token)],
                None,
            )
            .await;
        assert_eq!(again.status, 401);
    }
}

#[tokio::test]
async fn change_password_needs_the_old_one_and_ends_other_sessions() {
    for app in TestApp::all().await {
        make_user(&app, "d@mail.com", PASSWORD).await;
        let (token, id) = session_of(&app, "d@mail.com", PASSWORD).await;
        let (other_token, other_id) = session_of(&app, "d@mail.com", PASSWORD).await;
        let uri = format!("{API}/admin/user/password");

        let wrong = app
            .send(
                "PUT",
                &uri,
                &[("token", &token)],
                Some("password=nope-nope&newPassword=brand-new-1"),
            )
            .await;
        assert_eq!(wrong.json()["success"], 0);
        assert_eq!(
            wrong.json()["obj"]["passwordErrorMsg"],
            "The current password is incorrect."
        );

        let short = app
            .send(
                "PUT",
                &uri,
                &[("token", &token)],
                Some("password=secret-123&newPassword=123"),
            )
            .await;
        assert_eq!(
            short.json()["obj"]["newPasswordErrorMsg"],
            "Password must be between 6 to 30 characters"
        );

        let anonymous = app
            .send(
                "PUT",
                &uri,
                &[],
                Some("password=secret-123&newPassword=brand-new-1"),
            )
            .await;
        assert_eq!(anonymous.status, 401);

        let ok = app
            .send(
                "PUT",
                &uri,
                &[("token", &token)],
                Some("password=secret-123&newPassword=brand-new-1"),
            )
            .await;
        assert_eq!(ok.json()["success"], 1, "{}", ok.body);
        assert_eq!(
            login(&app, "d@mail.com", PASSWORD).await.json()["success"],
            0
        );
        assert_eq!(
            login(&app, "d@mail.com", "brand-new-1").await.json()["success"],
            1
        );
        let this = app
            .get_with(
                &format!("{API}/admin/userSession/{id}"),
                &[("token", &token)],
            )
            .await;
        assert_eq!(this.status, 200, "the session that changed it stays");
        let other = app
            .get_with(
                &format!("{API}/admin/userSession/{other_id}"),
                &[("token", &other_token)],
            )
            .await;
        assert_eq!(other.status, 401, "other sessions end");
    }
}

#[tokio::test]
async fn repeated_wrong_passwords_from_one_client_are_rate_limited() {
    for app in TestApp::all().await {
        make_user(&app, "e@mail.com", PASSWORD).await;
        for _ in 0..5 {
            assert_eq!(login(&app, "e@mail.com", "wrong-pass").await.status, 200);
        }
        let limited = login(&app, "e@mail.com", PASSWORD).await;
        assert_eq!(limited.status, 429, "{:?}", app.backend);
        assert_eq!(
            limited.json()["msg"],
            "Too many attempts. Please wait a few minutes and try again."
        );
        assert!(limited.header("retry-after").is_some());
        // Another account from the same address is not locked by it.
        make_user(&app, "f@mail.com", PASSWORD).await;
        assert_eq!(
            login(&app, "f@mail.com", PASSWORD).await.json()["success"],
            1
        );
    }
}

#[tokio::test]
async fn check_email_validates_without_telling_who_is_a_customer() {
    for app in TestApp::all().await {
        make_user(&app, "g@mail.com", PASSWORD).await;
        let known = app
            .get(&format!("{API}/portal/user/checkEmail/g@mail.com"))
            .await;
        let unknown = app
            .get(&format!("{API}/portal/user/checkEmail/h@mail.com"))
            .await;
        assert_eq!(known.json()["success"], 1);
        assert_eq!(known.json()["obj"]["valid"], true);
        assert_eq!(known.body, unknown.body, "existence must not leak");
        let bad = app
            .get(&format!("{API}/portal/user/checkEmail/not-an-email"))
            .await;
        assert_eq!(bad.json()["success"], 0);
        assert_eq!(
            bad.json()["obj"]["emailErrorMsg"],
            "Check the e-mail address: it needs a name, @ and a domain, like name@example.com"
        );
        for valid in [
            "jean-luc@example.com",
            "me@shop.online",
            "first+tag@mail.info",
        ] {
            let answer = app
                .get(&format!("{API}/portal/user/checkEmail/{valid}"))
                .await;
            assert_eq!(answer.json()["success"], 1, "{valid}: {}", answer.body);
        }
    }
}

#[tokio::test]
async fn check_register_answers_for_well_formed_order_codes_only() {
    for app in TestApp::all().await {
        let res = app
            .get(&format!("{API}/portal/user/checkRegister/ORD-7f3a9c2e11"))
            .await;
        assert_eq!(res.json()["success"], 1);
        assert_eq!(res.json()["obj"]["registered"], false);
        let bad = app.get(&format!("{API}/portal/user/checkRegister/x")).await;
        assert_eq!(bad.status, 400);
        assert_eq!(bad.json()["success"], 0);
    }
}
