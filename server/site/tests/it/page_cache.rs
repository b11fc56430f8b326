//! Public pages shared between visitors without a session: each response
//! still carries its own nonce and anti-CSRF token, nothing personal crosses
//! from one visitor to another, and a price change shows.
use crate::api_accounts::{make_user, session_of};
use crate::util::{scratch_dir, TestApp, TestResponse};
use sea_orm::{ColumnTrait as _, EntityTrait as _, QueryFilter as _};

/// A front-end build, so pages carry the inline boot script with its nonce.
fn site_with_build() -> std::path::PathBuf {
    let site = scratch_dir();
    std::fs::write(
        site.join("manifest.json"),
        r#"{"site_js":"/pkg/h1/site.js","app_js":"/pkg/h1/app.js","app_wasm":"/pkg/h1/app_bg.wasm","texts":"/pkg/h1/texts","css":"/pkg/h1/app.css"}"#,
    )
    .unwrap();
    site
}

fn csp_nonce(res: &TestResponse) -> String {
    let csp = res.header("content-security-policy").expect("CSP");
    let start = csp.find("'nonce-").expect("nonce in CSP") + "'nonce-".len();
    csp[start..].split('\'').next().unwrap().to_owned()
}

fn csrf_cookie(res: &TestResponse) -> Option<String> {
    res.headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|c| {
            c.strip_prefix("csrf=")?
                .split(';')
                .next()
                .map(str::to_owned)
        })
}

/// Every nonce and every anti-CSRF field of the page.
fn marks(body: &str) -> (Vec<&str>, Vec<&str>) {
    let values = |marker: &str| -> Vec<&str> {
        body.match_indices(marker)
            .map(|(at, _)| body[at + marker.len()..].split('"').next().unwrap())
            .collect()
    };
    (values("nonce=\""), values("name=\"csrf\" value=\""))
}

#[tokio::test]
async fn every_visitor_gets_their_own_nonce_and_token_in_a_shared_page() {
    for app in TestApp::all_with_site(site_with_build()).await {
        let stand_ins = (
            app.state.page_cache.nonce_stand_in().to_string(),
            app.state.page_cache.csrf_stand_in().to_owned(),
        );
        let mut seen = Vec::new();
        for uri in ["/", "/", "/id/faq", "/id/faq", "/zh/telecom"] {
            let res = app.get(uri).await;
            assert_eq!(res.status, 200, "{:?} {uri}", app.backend);
            let (nonce, csrf) = (
                csp_nonce(&res),
                csrf_cookie(&res).expect("a first visit gets a token"),
            );
            let (nonces, tokens) = marks(&res.body);
            assert!(
                !nonces.is_empty() && nonces.iter().all(|n| *n == nonce),
                "{uri}: {nonces:?} vs {nonce}"
            );
            assert!(
                !tokens.is_empty() && tokens.iter().all(|t| *t == csrf),
                "{uri}: {tokens:?} vs {csrf}"
            );
            assert!(
                !res.body.contains(&stand_ins.0) && !res.body.contains(&stand_ins.1),
                "{uri}: a stand-in leaked"
            );
            seen.push((nonce, csrf));
        }
        let nonces: std::collections::HashSet<_> = seen.iter().map(|s| &s.0).collect();
        let tokens: std::collections::HashSet<_> = seen.iter().map(|s| &s.1).collect();
        assert_eq!(
            (nonces.len(), tokens.len()),
            (5, 5),
            "{:?}: never reused",
            app.backend
        );

        // A returning visitor keeps the token of their cookie; a cookie this site
        // could not have drawn is replaced.
        let mine = "ab".repeat(32);
        let res = app
            .get_with("/", &[("cookie", &format!("csrf={mine}"))])
            .await;
        assert!(csrf_cookie(&res).is_none());
        assert!(marks(&res.body).1.iter().all(|t| *t == mine) && res.body.contains(&mine));
        let odd = format!("\"><b>{}", "x".repeat(58));
        let res = app
            .get_with("/", &[("cookie", &format!("csrf={odd}"))])
            .await;
        let fresh = csrf_cookie(&res).expect("a new token");
        assert!(!res.body.contains("<b>x") && marks(&res.body).1.iter().all(|t| *t == fresh));
    }
}

#[tokio::test]
async fn consent_members_and_languages_never_share_a_rendering() {
    for app in TestApp::all().await {
        make_user(&app, "shared@mail.com", "secret-123").await;
        let (token, _) = session_of(&app, "shared@mail.com", "secret-123").await;
        let banner = "id=\"cookie-consent\"";
        for _ in 0..2 {
            assert!(
                app.get("/").await.body.contains(banner),
                "{:?}: no choice yet",
                app.backend
            );
            let chosen = app
                .get_with("/", &[("cookie", "acceptCookie=necessary.analytics")])
                .await;
            assert!(!chosen.body.contains(banner), "{:?}: chosen", app.backend);
            // Members see home as their dashboard; the FAQ is a shared page.
            let member = app
                .get_with(
                    "/faq",
                    &[("cookie", &format!("token={token}; acceptCookie=necessary"))],
                )
                .await;
            assert!(
                member.body.contains("shared@mail.com"),
                "{:?}: the member's page",
                app.backend
            );
            assert_eq!(member.header("cache-control"), Some("private, no-store"));
            let visitor = app
                .get_with("/faq", &[("cookie", "acceptCookie=necessary")])
                .await;
            assert!(
                !visitor.body.contains("shared@mail.com"),
                "{:?}: not shown to others",
                app.backend
            );
            assert!(app.get("/id").await.body.contains("<html lang=\"id\""));
            assert!(app.get("/").await.body.contains("<html lang=\"en\""));
        }
    }
}

#[tokio::test]
async fn a_price_change_shows_on_the_shared_home_page_once_plans_are_forgotten() {
    use server::persistence::entities::price_plan;
    for app in TestApp::all().await {
        assert!(
            app.get("/")
                .await
                .body
                .contains("<span class=\"price-integer\">0</span>"),
            "{:?}: seeded $0.99",
            app.backend
        );
        let change = price_plan::Entity::update_many()
            .col_expr(
                price_plan::Column::TrialPriceMinor,
                sea_orm::sea_query::Expr::value(4321_i64),
            )
            .filter(price_plan::Column::Channel.eq("cpl2"));
        change.exec(&app.db).await.unwrap();
        app.state.plans.forget_all();
        let body = app.get("/").await.body;
        assert!(
            body.contains("<span class=\"price-integer\">43</span>"),
            "{:?}: the new price",
            app.backend
        );
        let api = app
            .get("/api_f/v1/portal/priceSetup?hasWeight=true&channel=cpl2")
            .await
            .json();
        assert_eq!(api["obj"][0]["trialPrice"], "43.21", "{:?}", app.backend);
    }
}

#[tokio::test]
async fn browsers_taking_brotli_get_the_shared_page_compressed_with_their_own_values() {
    use axum::{body::Body, http::Request};
    use http_body_util::BodyExt as _;
    use tower::ServiceExt as _;
    for app in TestApp::all_with_site(site_with_build()).await {
        // The first request renders the page, the second joins the kept pieces.
        for uri in ["/id/faq", "/id/faq", "/"] {
            let request = Request::get(uri)
                .header("accept-encoding", "gzip, deflate, br")
                .body(Body::empty())
                .unwrap();
            let response = app.router.clone().oneshot(request).await.unwrap();
            let head = TestResponse {
                status: response.status().as_u16(),
                headers: response.headers().clone(),
                body: String::new(),
            };
            assert_eq!(
                head.header("content-encoding"),
                Some("br"),
                "{:?} {uri}",
                app.backend
            );
            assert_eq!(head.header("vary"), Some("accept-encoding"));
            let (nonce, csrf) = (csp_nonce(&head), csrf_cookie(&head).unwrap());
            let bytes = response.into_body().collect().await.unwrap().to_bytes();
            let mut html = Vec::new();
            brotli::BrotliDecompress(&mut &bytes[..], &mut html).expect("valid brotli");
            let html = String::from_utf8(html).unwrap();
            let (nonces, tokens) = marks(&html);
            assert!(
                !nonces.is_empty() && nonces.iter().all(|n| *n == nonce),
                "{uri}: {nonces:?} vs {nonce}"
            );
            assert!(
                !tokens.is_empty() && tokens.iter().all(|t| *t == csrf),
                "{uri}: {tokens:?} vs {csrf}"
            );
            // Whole: the document, then the resource scripts Leptos appends.
            assert!(
                html.contains("</html>") && html.ends_with("__INCOMPLETE_CHUNKS=[];</script>"),
                "{uri}: whole page"
            );
        }
    }
}

#[tokio::test]
async fn visitors_arriving_together_on_a_cold_page_share_one_render() {
    for app in TestApp::all_with_site(site_with_build()).await {
        let before = app.state.page_cache.renders_kept();
        let burst = (0..24).map(|_| app.get("/id/faq"));
        let answers = futures::future::join_all(burst).await;
        assert!(answers.iter().all(|r| r.status == 200), "{:?}", app.backend);
        let nonces: std::collections::HashSet<_> = answers.iter().map(csp_nonce).collect();
        assert_eq!(
            nonces.len(),
            24,
            "{:?}: every answer has its own nonce",
            app.backend
        );
        assert_eq!(
            app.state.page_cache.renders_kept() - before,
            1,
            "{:?}: one render for the burst",
            app.backend
        );
    }
}

/// Every idempotency key of the page: the form's field and the island's prop.
fn keys(body: &str) -> Vec<&str> {
    let mut found: Vec<&str> = body
        .match_indices("name=\"idempotencyKey\" value=\"")
        .map(|(at, m)| body[at + m.len()..].split('"').next().unwrap())
        .collect();
    found.extend(
        body.match_indices("idempotency_key&quot;:&quot;")
            .chain(body.match_indices("\"idempotency_key\":\""))
            .map(|(at, m)| body[at + m.len()..].split(['"', '&']).next().unwrap()),
    );
    found
}

#[tokio::test]
async fn a_shared_voice_page_gives_each_visitor_their_own_idempotency_key() {
    for app in TestApp::all_with_site(site_with_build()).await {
        let before = app.state.page_cache.renders_kept();
        let stand_in = app.state.page_cache.key_stand_in().0;
        let mut seen = std::collections::HashSet::new();
        for _ in 0..3 {
            let res = app.get("/voice-sms").await;
            assert_eq!(res.status, 200, "{:?}", app.backend);
            assert!(!res.body.contains(&stand_in), "{:?}: leaked", app.backend);
            let keys = keys(&res.body);
            assert!(!keys.is_empty(), "{:?}: a key", app.backend);
            assert!(keys.iter().all(|k| *k == keys[0] && k.len() == 32));
            seen.insert(keys[0].to_owned());
        }
        assert_eq!(seen.len(), 3, "{:?}: never shared", app.backend);
        assert_eq!(
            app.state.page_cache.renders_kept() - before,
            1,
            "{:?}: one render kept",
            app.backend
        );
    }
}
