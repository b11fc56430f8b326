//! The support console's sign-in and sessions, on SQLite and PostgreSQL:
//! password and a TOTP code used once, one generic refusal, limits that
//! hold under a burst, staff and customer sessions kept apart, and an
//! audit log nobody can edit.
use crate::api_accounts::{make_user, session_of};
use crate::console_util::*;
use crate::util::TestApp;
use app::model::console::{StaffRole, STAFF_TOKEN_HEADER};
use sea_orm::{ActiveModelTrait as _, ActiveValue::Set, EntityTrait as _};
use server::persistence::entities::staff_audit;

const GENERIC: &str = "The e-mail, password or code is incorrect.";

#[tokio::test]
async fn sign_in_needs_the_password_and_a_fresh_totp_code_and_refuses_alike() {
    for app in TestApp::all().await {
        // Stopped, so no step boundary falls between a code and its use.
        app.state.clock.set(server::clock::now_ms());
        let ana = make_staff(&app, "Ana@Support.com", StaffRole::Support).await;
        let refused = [
            sign_in(&app, "ana@support.com", STAFF_PASSWORD, "000000").await,
            sign_in(&app, "ana@support.com", "wrong-password", &ana.code(0)).await,
            sign_in(&app, "nobody@support.com", STAFF_PASSWORD, &ana.code(0)).await,
            sign_in(&app, "ana@support.com", STAFF_PASSWORD, &ana.code(-3)).await,
        ];
        for res in &refused {
            assert_eq!(
                (
                    res.status,
                    res.json()["success"].as_i64(),
                    res.json()["msg"].as_str()
                ),
                (200, Some(0), Some(GENERIC)),
                "{:?}: {}",
                app.backend,
                res.body
            );
            assert!(res.header(STAFF_TOKEN_HEADER).is_none() && res.header("set-cookie").is_none());
        }
        let ok = sign_in(&app, "ANA@support.com", STAFF_PASSWORD, &ana.code(0)).await;
        assert_eq!(
            ok.json()["obj"]["role"],
            "support",
            "{:?}: {}",
            app.backend,
            ok.body
        );
        let cookie = ok.header("set-cookie").expect("staff cookie");
        for part in [
            "staff_session=",
            "HttpOnly",
            "SameSite=Strict",
            "Secure",
            "Path=/",
            "Max-Age=43200",
        ] {
            assert!(cookie.contains(part), "{cookie}");
        }
        assert_eq!(ok.header("cache-control"), Some("no-store"));
        let next = sign_in(&app, "ana@support.com", STAFF_PASSWORD, &ana.code(1)).await;
        assert_eq!(
            next.json()["success"],
            1,
            "{:?}: the next step (clock drift) works: {}",
            app.backend,
            next.body
        );
        let replayed = sign_in(&app, "ana@support.com", STAFF_PASSWORD, &ana.code(1)).await;
        assert_eq!(
            replayed.json()["msg"],
            GENERIC,
            "{:?}: a code works once",
            app.backend
        );
        let older = sign_in(&app, "ana@support.com", STAFF_PASSWORD, &ana.code(0)).await;
        assert_eq!(
            older.json()["msg"],
            GENERIC,
            "{:?}: a step before the used one",
            app.backend
        );

        let token = ok.header(STAFF_TOKEN_HEADER).unwrap().to_owned();
        let me = call(&app, &token, "GET", "/session", None).await.json();
        assert_eq!(me["obj"]["email"], "Ana@Support.com");
        let by_cookie = app
            .get_with(
                &format!("{API}/console/session"),
                &[("cookie", &format!("staff_session={token}"))],
            )
            .await;
        assert_eq!(
            by_cookie.json()["obj"]["role"],
            "support",
            "the cookie works like the header"
        );
        assert_eq!(
            call(&app, &token, "DELETE", "/session", None).await.json()["success"],
            1
        );
        assert_eq!(
            call(&app, &token, "GET", "/session", None).await.status,
            401,
            "signed out"
        );

        server::services::console::staff::disable(
            &app.db,
            "ana@support.com",
            server::clock::now_ms(),
        )
        .await
        .unwrap();
        let next_token = next.header(STAFF_TOKEN_HEADER).unwrap();
        assert_eq!(
            call(&app, next_token, "GET", "/session", None).await.status,
            401,
            "disabling ends the sessions"
        );
        assert_ne!(
            sign_in(&app, "ana@support.com", STAFF_PASSWORD, &ana.code(1))
                .await
                .json()["success"],
            1
        );
        assert_eq!(audited(&app, "sign_in").await, 2, "{:?}", app.backend);
        assert_eq!(audited(&app, "sign_out").await, 1);
    }
}

#[tokio::test]
async fn a_burst_of_wrong_sign_ins_evaluates_exactly_the_limit() {
    for app in TestApp::all().await {
        let bo = make_staff(&app, "bo@support.com", StaffRole::Admin).await;
        let attempts = (0..12).map(|_| sign_in(&app, "bo@support.com", "wrong-password", "123456"));
        let answers = futures::future::join_all(attempts).await;
        let generic = answers
            .iter()
            .filter(|r| r.status == 200 && r.json()["msg"] == GENERIC)
            .count();
        let limited = answers
            .iter()
            .filter(|r| r.status == 429 && r.header("retry-after").is_some())
            .count();
        assert_eq!(
            (generic, limited),
            (5, 7),
            "{:?}: {:?}",
            app.backend,
            answers.iter().map(|r| r.status).collect::<Vec<_>>()
        );
        let right = sign_in(&app, "bo@support.com", STAFF_PASSWORD, &bo.code(0)).await;
        assert_eq!(
            right.status, 429,
            "{:?}: the limit holds for right answers too",
            app.backend
        );
    }
}

#[tokio::test]
async fn staff_and_customer_sessions_are_separate() {
    for app in TestApp::all().await {
        make_user(&app, "carla@mail.com", "secret-123").await;
        let (customer, _) = session_of(&app, "carla@mail.com", "secret-123").await;
        let staff = staff_token(&app, "dina@support.com", StaffRole::Support).await;
        let as_staff = call(&app, &customer, "GET", "/session", None).await;
        assert_eq!(
            (as_staff.status, as_staff.json()["msg"].as_str()),
            (401, Some("Please sign in to the support console.")),
            "{:?}",
            app.backend
        );
        assert_eq!(as_staff.header("cache-control"), Some("no-store"));
        let with_customer_header = app
            .get_with(
                &format!("{API}/console/customers?q=carla"),
                &[("token", customer.as_str())],
            )
            .await;
        assert_eq!(with_customer_header.status, 401);
        let as_customer = app
            .get_with(
                &format!("{API}/other/user/property"),
                &[("token", staff.as_str())],
            )
            .await;
        assert_eq!(
            as_customer.status, 401,
            "{:?}: a staff token is no customer session",
            app.backend
        );
        for (method, path) in [
            ("GET", "/customers?q=abc"),
            ("GET", "/abuse"),
            ("GET", "/chats"),
            ("GET", "/audit"),
            ("POST", "/customers/1/suspend"),
        ] {
            let res = app
                .send(
                    method,
                    &format!("{API}/console{path}"),
                    &[("accept-language", "id")],
                    Some("reason=x"),
                )
                .await;
            assert_eq!(res.status, 401, "{:?}: {method} {path}", app.backend);
            assert_eq!(res.json()["msg"], "Silakan masuk ke konsol dukungan.");
        }
        let forbidden = call(
            &app,
            &staff,
            "POST",
            "/customers/1/suspend",
            Some("reason=spam"),
        )
        .await;
        assert_eq!(
            (forbidden.status, forbidden.json()["msg"].as_str()),
            (403, Some("Your role does not allow this action."))
        );
    }
}

#[tokio::test]
async fn the_audit_log_refuses_updates_and_deletes() {
    for app in TestApp::all().await {
        let token = staff_token(&app, "eko@support.com", StaffRole::Admin).await;
        let page = call(&app, &token, "GET", "/audit", None).await.json();
        let entry = &page["obj"][0];
        assert_eq!(
            (entry["action"].as_str(), entry["staffEmail"].as_str()),
            (Some("sign_in"), Some("eko@support.com"))
        );
        let id = entry["id"].as_i64().unwrap();
        let row = staff_audit::Entity::find_by_id(id)
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        let mut edit: staff_audit::ActiveModel = row.clone().into();
        edit.detail = Set("rewritten".to_owned());
        assert!(
            edit.update(&app.db).await.is_err(),
            "{:?}: UPDATE refused",
            app.backend
        );
        assert!(
            staff_audit::Entity::delete_by_id(id)
                .exec(&app.db)
                .await
                .is_err(),
            "{:?}: DELETE refused",
            app.backend
        );
        assert!(staff_audit::Entity::delete_many()
            .exec(&app.db)
            .await
            .is_err());
        assert_eq!(
            staff_audit::Entity::find_by_id(id)
                .one(&app.db)
                .await
                .unwrap(),
            Some(row),
            "unchanged"
        );
        let older = call(&app, &token, "GET", &format!("/audit?before={id}"), None)
            .await
            .json();
        assert_eq!(older["obj"].as_array().map(Vec::len), Some(0));
    }
}
