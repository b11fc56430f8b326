//! The console's pages and no-JS forms through the real router, on SQLite
//! and PostgreSQL: a staff session is needed, pages are never stored or
//! indexed, sign-in by form sets the staff cookie (a wrong code or a forged
//! form does not), and a refund posted from a customer's page refunds once
//! and shows in the audit log page.
use crate::billing_util::{deliver, pay, CARD_OK};
use crate::console_util::{make_staff, STAFF_PASSWORD};
use crate::util::{TestApp, TestResponse};
use app::model::console::StaffRole;
use sea_orm::{ColumnTrait as _, EntityTrait as _, QueryFilter as _};
use server::persistence::entities::{sandbox_payment, user};

fn cookie(res: &TestResponse, name: &str) -> Option<String> {
    res.headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with(&format!("{name}=")))
        .map(str::to_owned)
}

fn value(set_cookie: &str) -> &str {
    set_cookie
        .split(';')
        .next()
        .and_then(|p| p.split_once('='))
        .map_or("", |(_, v)| v)
}

/// The anti-CSRF token the sign-in page hands out.
async fn csrf(app: &TestApp) -> String {
    let res = app.get("/admin/sign-in").await;
    value(&cookie(&res, "csrf").expect("a csrf cookie")).to_owned()
}

async fn post(app: &TestApp, path: &str, cookies: &str, body: &str) -> TestResponse {
    app.send(
        "POST",
        path,
        &[("cookie", cookies), ("accept-language", "en")],
        Some(body),
    )
    .await
}

/// A signed-in support agent: the `Cookie` header of their browser.
async fn signed_in(app: &TestApp, email: &str, role: StaffRole) -> String {
    let account = make_staff(app, email, role).await;
    let csrf = csrf(app).await;
    let body = format!(
        "csrf={csrf}&form=sign_in&email={}&password={STAFF_PASSWORD}&totp={}",
        app::api::encode(email),
        account.code(0)
    );
    let res = post(app, "/admin/sign-in", &format!("csrf={csrf}"), &body).await;
    assert_eq!(
        (res.status, res.header("location")),
        (303, Some("/admin")),
        "{:?}: {}",
        app.backend,
        res.body
    );
    let session = cookie(&res, "staff_session").expect("the staff cookie");
    assert!(
        session.contains("HttpOnly") && session.contains("SameSite=Strict"),
        "{session}"
    );
    format!("csrf={csrf}; staff_session={}", value(&session))
}

#[tokio::test]
async fn console_pages_need_a_staff_session_and_are_never_stored_or_indexed() {
    for app in TestApp::all().await {
        for (path, target) in [
            ("/admin", "/admin/sign-in?done=sign_in"),
            ("/id/admin/audit", "/id/admin/sign-in?done=sign_in"),
        ] {
            let res = app.get(path).await;
            assert_eq!(
                (res.status, res.header("location")),
                (302, Some(target)),
                "{:?} {path}",
                app.backend
            );
        }
        let page = app.get("/zh/admin/sign-in").await;
        assert_eq!(
            (page.status, page.header("cache-control")),
            (200, Some("no-store"))
        );
        assert_eq!(page.header("x-robots-tag"), Some("noindex, nofollow"));
        assert!(
            page.body.contains(r#"<html lang="zh-Hans""#) && page.body.contains("员工登录"),
            "{}",
            page.body
        );
        assert!(
            !page.body.contains("<script") && !page.body.contains("chat-launcher"),
            "{}",
            page.body
        );
        let customer = app
            .get_with("/admin", &[("cookie", "token=not-a-staff-session")])
            .await;
        assert_eq!(
            customer.status, 302,
            "a customer's session is not a staff session"
        );
        let sitemap = app.get("/sitemap.xml").await;
        assert!(
            !sitemap.body.contains("/admin"),
            "the console is not in the sitemap"
        );
    }
}

#[tokio::test]
async fn signing_in_by_form_needs_the_right_code_and_an_untouched_form() {
    for app in TestApp::all().await {
        let account = make_staff(&app, "sina@support.com", StaffRole::Support).await;
        let csrf = csrf(&app).await;
        let wrong = if account.code(0) == "000000" {
            "111111"
        } else {
            "000000"
        };
        let body = format!("csrf={csrf}&form=sign_in&email=sina%40support.com&password={STAFF_PASSWORD}&totp={wrong}");
        let res = post(&app, "/admin/sign-in", &format!("csrf={csrf}"), &body).await;
        assert_eq!(res.status, 422, "{:?}: {}", app.backend, res.body);
        assert!(cookie(&res, "staff_session").is_none());
        assert!(
            res.body.contains(r#"role="alert""#)
                && res.body.contains(r#"value="sina@support.com""#),
            "{}",
            res.body
        );
        assert!(
            !res.body.contains(STAFF_PASSWORD),
            "the password never comes back"
        );
        let forged = body
            .replace(wrong, &account.code(0))
            .replace(&format!("csrf={csrf}"), "csrf=forged");
        let res = post(&app, "/admin/sign-in", &format!("csrf={csrf}"), &forged).await;
        assert_eq!(res.status, 403);
        assert!(
            cookie(&res, "staff_session").is_none(),
            "a forged form signs nobody in"
        );
        let cookies = signed_in(&app, "ana@support.com", StaffRole::Support).await;
        let home = app.get_with("/id/admin", &[("cookie", &cookies)]).await;
        assert_eq!(
            (home.status, home.header("cache-control")),
            (200, Some("no-store"))
        );
        assert!(
            home.body
                .contains("Masuk sebagai ana@support.com (dukungan)"),
            "{}",
            home.body
        );
        let out = post(
            &app,
            "/admin",
            &cookies,
            &format!("{}&form=sign_out", cookies.split(';').next().unwrap()),
        )
        .await;
        assert_eq!(
            out.header("location"),
            Some("/admin/sign-in?done=signed_out")
        );
        assert_eq!(
            app.get_with("/admin", &[("cookie", &cookies)]).await.status,
            302,
            "signed out means out"
        );
    }
}

#[tokio::test]
async fn a_refund_posted_from_the_customer_page_refunds_once_and_is_in_the_audit_log() {
    for app in TestApp::all().await {
        pay(&app, "payer@mail.com", CARD_OK).await;
        deliver(&app, server::clock::now_ms()).await;
        let customer = user::Entity::find()
            .filter(user::Column::EmailNormalized.eq("payer@mail.com"))
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        let cookies = signed_in(&app, "rey@support.com", StaffRole::Support).await;
        let found = app
            .get_with("/admin?q=payer%40mail.com", &[("cookie", &cookies)])
            .await;
        let link = format!(
            r#"<a href="/admin/customers/{}">payer@mail.com</a>"#,
            customer.id
        );
        assert!(
            found.body.contains(&link),
            "{:?}: {}",
            app.backend,
            found.body
        );
        let page = format!("/admin/customers/{}", customer.id);
        let detail = app.get_with(&page, &[("cookie", &cookies)]).await.body;
        let charge = detail
            .split(r#"name="chargeId" value=""#)
            .nth(1)
            .expect("a refund form");
        let charge = &charge[..charge.find('"').unwrap()];
        let csrf = cookies.split(';').next().unwrap();
        let body = format!("{csrf}&form=refund&chargeId={charge}&reason=asked+by+phone");
        let res = post(&app, &page, &cookies, &body).await;
        assert_eq!(
            res.header("location"),
            Some(format!("{page}?done=refund").as_str()),
            "{:?}: {}",
            app.backend,
            res.body
        );
        let again = post(&app, &page, &cookies, &body).await;
        assert!(
            (400..500).contains(&again.status),
            "a second refund is refused on the page: {}",
            again.body
        );
        assert!(again.body.contains(r#"role="alert""#));
        let refunds = sandbox_payment::Entity::find()
            .filter(sandbox_payment::Column::Kind.eq("refund"))
            .all(&app.db)
            .await
            .unwrap();
        assert_eq!(refunds.len(), 1, "{:?}", app.backend);
        let audit = app
            .get_with("/admin/audit", &[("cookie", &cookies)])
            .await
            .body;
        assert!(
            audit.contains("asked by phone") && audit.contains("rey@support.com"),
            "{audit}"
        );
    }
}
