//! Account pages without JavaScript: the guard redirects, cookie
//! sessions, CSRF on form posts, login and logout.
use crate::api_accounts::make_user;
use crate::util::{TestApp, TestResponse};

const PASSWORD: &str = "secret-123";

fn set_cookies(res: &TestResponse) -> Vec<String> {
    res.headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .map(str::to_owned)
        .collect()
}

fn cookie_value(res: &TestResponse, name: &str) -> Option<String> {
    set_cookies(res)
        .iter()
        .find_map(|c| {
            c.strip_prefix(&format!("{name}="))?
                .split(';')
                .next()
                .map(str::to_owned)
        })
        .filter(|v| !v.is_empty())
}

/// Opens `path` and returns the anti-CSRF token its forms carry.
async fn csrf_for(app: &TestApp, path: &str) -> String {
    let page = app.get(path).await;
    assert_eq!(page.status, 200, "{path}");
    cookie_value(&page, "csrf").expect("a first visit gets a csrf cookie")
}

async fn post_form(
    app: &TestApp,
    path: &str,
    csrf: &str,
    fields: &str,
    extra_cookie: Option<&str>,
) -> TestResponse {
    let cookie = match extra_cookie {
        Some(extra) => format!("csrf={csrf}; {extra}"),
        None => format!("csrf={csrf}"),
    };
    app.send(
        "POST",
        path,
        &[("cookie", &cookie)],
        Some(&format!("csrf={csrf}&{fields}")),
    )
    .await
}

async fn log_in(app: &TestApp, prefix: &str, email: &str, extra: &str) -> TestResponse {
    let csrf = csrf_for(app, &format!("{prefix}/login")).await;
    post_form(
        app,
        &format!("{prefix}/login"),
        &csrf,
        &format!("form=login&email={email}&password={PASSWORD}{extra}"),
        None,
    )
    .await
}

#[tokio::test]
async fn visitors_are_sent_to_login_from_members_pages() {
    for app in TestApp::all().await {
        let res = app.get("/id/billing?x=1").await;
        assert_eq!(res.status, 302);
        assert_eq!(res.header("location"), Some("/id/login?redirect=billing"));
        let res = app.get("/dashboard/locations").await;
        assert_eq!(res.header("location"), Some("/login"));
    }
}

#[tokio::test]
async fn form_login_sets_an_http_only_session_cookie_and_redirects() {
    for app in TestApp::all().await {
        let id = make_user(&app, "p@mail.com", PASSWORD).await;
        // A subscription that has run out: paid once, access ended yesterday.
        let now = server::clock::now_ms();
        server::services::accounts::users::set_access_until(&app.db, id, now - 86_400_000, now)
            .await
            .unwrap();
        let res = log_in(&app, "/id", "p@mail.com", "").await;
        assert_eq!(res.status, 302, "{:?}: {}", app.backend, res.body);
        assert_eq!(res.header("location"), Some("/id/dashboard/locations"));
        let session = set_cookies(&res)
            .into_iter()
            .find(|c| c.starts_with("token="))
            .expect("session cookie");
        assert!(
            session.contains("HttpOnly") && session.contains("SameSite=Lax"),
            "{session}"
        );
        let user_info = set_cookies(&res)
            .into_iter()
            .find(|c| c.starts_with("userInfo="))
            .expect("userInfo");
        assert!(user_info.contains("p%40mail.com"), "{user_info}");

        let token = cookie_value(&res, "token").unwrap();
        let cookie = format!("token={token}");
        // The guard: landing pages send members to their dashboard, language and query kept.
        let home = app.get_with("/id?ref=x", &[("cookie", &cookie)]).await;
        assert_eq!(home.status, 302);
        assert_eq!(
            home.header("location"),
            Some("/id/dashboard/locations?ref=x")
        );
        let dashboard = app
            .get_with("/id/dashboard/locations", &[("cookie", &cookie)])
            .await;
        assert_eq!(dashboard.status, 200);
        assert!(
            dashboard.body.contains("p@mail.com"),
            "signed-in header shows the e-mail"
        );
        // The list is loaded outside any island: no copy of it for hydration.
        assert!(!dashboard.body.contains("__RESOLVED_RESOURCES["));
        assert!(dashboard
            .header("cache-control")
            .unwrap_or("")
            .contains("no-store"));
        // login?redirect=billing with a session goes to billing without the parameter.
        let billing = app
            .get_with("/login?redirect=billing", &[("cookie", &cookie)])
            .await;
        assert_eq!(billing.header("location"), Some("/billing"));
        // Expired subscription + tracked campaign parameter → billing.
        let pushed = app
            .get_with("/dashboard/account?gclid=abc", &[("cookie", &cookie)])
            .await;
        assert_eq!(pushed.header("location"), Some("/billing?gclid=abc"));
    }
}

#[tokio::test]
async fn login_redirect_billing_is_kept_through_the_form() {
    for app in TestApp::all().await {
        make_user(&app, "q@mail.com", PASSWORD).await;
        let res = log_in(&app, "", "q@mail.com", "&redirect=billing").await;
        assert_eq!(res.header("location"), Some("/billing"));
        // Anything else is ignored: no open redirect.
        let res = log_in(
            &app,
            "",
            "q@mail.com",
            "&redirect=https%3A%2F%2Fevil.example",
        )
        .await;
        assert_eq!(res.header("location"), Some("/dashboard/locations"));
    }
}

#[tokio::test]
async fn form_posts_without_the_csrf_token_are_refused() {
    for app in TestApp::all().await {
        make_user(&app, "r@mail.com", PASSWORD).await;
        let csrf = csrf_for(&app, "/login").await;
        let body = format!("form=login&email=r@mail.com&password={PASSWORD}&csrf={csrf}");
        // Cookie missing (a cross-site post under SameSite=Lax looks like this).
        let res = app.send("POST", "/login", &[], Some(&body)).await;
        assert_eq!(res.status, 403);
        assert!(cookie_value(&res, "token").is_none());
        // Field and cookie differ.
        let res = post_form(
            &app,
            "/login",
            &"0".repeat(64),
            &format!("form=login&email=r@mail.com&password={PASSWORD}"),
            Some("x=1"),
        )
        .await;
        let res2 = app
            .send(
                "POST",
                "/login",
                &[("cookie", &format!("csrf={csrf}"))],
                Some(&format!(
                    "form=login&email=r@mail.com&password={PASSWORD}&csrf={}",
                    "1".repeat(64)
                )),
            )
            .await;
        assert_eq!(res.status, 302, "matching pair works");
        assert_eq!(res2.status, 403);
    }
}

#[tokio::test]
async fn a_dead_session_cookie_is_cleared_and_the_login_page_says_why() {
    for app in TestApp::all().await {
        let res = app
            .get_with(
                "/id/dashboard/account",
                &[("cookie", &format!("token={}", "a".repeat(64)))],
            )
            .await;
        assert_eq!(res.status, 302);
        assert_eq!(res.header("location"), Some("/id/login?reason=invalid"));
        let cleared = set_cookies(&res)
            .into_iter()
            .find(|c| c.starts_with("token="))
            .expect("cleared");
        assert!(cleared.contains("Max-Age=0"), "{cleared}");
    }
}

#[tokio::test]
async fn logout_form_ends_the_session_and_clears_cookies() {
    for app in TestApp::all().await {
        make_user(&app, "s@mail.com", PASSWORD).await;
        let res = log_in(&app, "", "s@mail.com", "").await;
        let token = cookie_value(&res, "token").unwrap();
        let csrf = csrf_for(&app, "/faq").await;
        let out = post_form(
            &app,
            "/dashboard/account",
            &csrf,
            "form=logout",
            Some(&format!("token={token}")),
        )
        .await;
        assert_eq!(out.status, 302);
        assert_eq!(out.header("location"), Some("/"));
        assert!(set_cookies(&out)
            .iter()
            .any(|c| c.starts_with("token=;") && c.contains("Max-Age=0")));
        let after = app
            .get_with(
                "/dashboard/locations",
                &[("cookie", &format!("token={token}"))],
            )
            .await;
        assert_eq!(after.header("location"), Some("/login?reason=invalid"));
    }
}

#[tokio::test]
async fn pages_remember_their_language_in_the_lang_cookie() {
    for app in TestApp::all().await {
        let first = app.get("/id/faq").await;
        assert_eq!(cookie_value(&first, "lang").as_deref(), Some("id"));
        let again = app.get_with("/id/faq", &[("cookie", "lang=id")]).await;
        assert_eq!(
            cookie_value(&again, "lang"),
            None,
            "unchanged: not set again"
        );
        let switched = app.get_with("/zh", &[("cookie", "lang=id")]).await;
        assert_eq!(cookie_value(&switched, "lang").as_deref(), Some("zh"));
    }
}
