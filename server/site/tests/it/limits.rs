//! Limits hold under concurrency: bursts of simultaneous requests get exactly
//! the cap through, on SQLite and PostgreSQL; a stranger's guesses do not lock
//! the owner out; a burst of logins is answered, never with a 5xx but "busy".
use crate::api_accounts::make_user;
use crate::util::{TestApp, TestResponse};
use axum::body::Body;
use axum::http::Request;
use futures::future::join_all;
use sea_orm::{ColumnTrait as _, EntityTrait as _, PaginatorTrait as _, QueryFilter as _};
use server::persistence::entities::job;
use server::services::limits::{self, Rule};

const API: &str = "/api_f/v1";
const PASSWORD: &str = "secret-123";

fn login_request(email: &str, password: &str, ip: &str) -> Request<Body> {
    let body = format!(
        "email={}&password={}",
        app::api::encode(email),
        app::api::encode(password)
    );
    Request::post(format!("{API}/admin/userSession"))
        .header("content-type", "application/x-www-form-urlencoded")
        .header("x-forwarded-for", ip)
        .body(Body::from(body))
        .unwrap()
}

/// Sends all `requests` at once through the router.
async fn burst(app: &TestApp, requests: Vec<Request<Body>>) -> Vec<TestResponse> {
    join_all(requests.into_iter().map(|r| app.request(r))).await
}

fn count(responses: &[TestResponse], status: u16) -> usize {
    responses.iter().filter(|r| r.status == status).count()
}

fn assert_no_server_error(app: &TestApp, responses: &[TestResponse]) {
    for r in responses {
        assert!(
            r.status < 500 || r.status == 503,
            "{:?}: {} {}",
            app.backend,
            r.status,
            r.body
        );
        if r.status == 503 {
            assert!(
                r.header("retry-after").is_some(),
                "{:?}: 503 without Retry-After",
                app.backend
            );
        }
    }
}

#[tokio::test]
async fn the_primitive_lets_exactly_the_cap_through_a_burst() {
    for app in TestApp::all().await {
        let rule = Rule::per_minutes(7, 60);
        let now = server::clock::now_ms();
        let takes = (0..60).map(|_| {
            let db = app.db.clone();
            tokio::spawn(async move { limits::take(&db, "burst", rule, now).await.is_ok() })
        });
        let granted = join_all(takes)
            .await
            .into_iter()
            .filter(|r| *r.as_ref().unwrap())
            .count();
        assert_eq!(granted, 7, "{:?}", app.backend);
        // The window ends: a new one starts with the next unit.
        assert!(
            limits::take(&app.db, "burst", rule, now + 3_600_000)
                .await
                .is_ok(),
            "{:?}",
            app.backend
        );
    }
}

#[tokio::test]
async fn a_burst_of_guesses_is_cut_at_the_cap_and_the_right_password_sent_last_is_refused() {
    for app in TestApp::all_configured(|c| c.trust_forwarded_for = true).await {
        make_user(&app, "victim@mail.com", PASSWORD).await;
        let guesses = (0..60)
            .map(|i| login_request("victim@mail.com", &format!("guess-{i:03}"), "203.0.113.9"))
            .collect();
        let responses = burst(&app, guesses).await;
        assert_no_server_error(&app, &responses);
        let evaluated = responses.iter().filter(|r| r.status == 200).count();
        assert_eq!(evaluated, 5, "{:?}: guesses evaluated", app.backend);
        assert_eq!(count(&responses, 429), 55, "{:?}", app.backend);
        let right = app
            .request(login_request("victim@mail.com", PASSWORD, "203.0.113.9"))
            .await;
        assert_eq!(
            right.status, 429,
            "{:?}: the right password got through after the cap",
            app.backend
        );
    }
}

#[tokio::test]
async fn a_strangers_guesses_do_not_lock_the_owner_out() {
    for app in TestApp::all_configured(|c| c.trust_forwarded_for = true).await {
        make_user(&app, "owner@mail.com", PASSWORD).await;
        for i in 0..12 {
            app.request(login_request(
                "owner@mail.com",
                &format!("wrong-{i}"),
                "198.51.100.7",
            ))
            .await;
        }
        let stranger = app
            .request(login_request("owner@mail.com", PASSWORD, "198.51.100.7"))
            .await;
        assert_eq!(stranger.status, 429, "{:?}", app.backend);
        let owner = app
            .request(login_request("owner@mail.com", PASSWORD, "192.0.2.44"))
            .await;
        assert_eq!(
            owner.json()["success"],
            1,
            "{:?}: {}",
            app.backend,
            owner.body
        );
        // IPv6 clients are one client per /64.
        for i in 0..5 {
            app.request(login_request(
                "owner@mail.com",
                &format!("wrong-v6-{i}"),
                &format!("2001:db8:1:2::{i}"),
            ))
            .await;
        }
        let same_64 = app
            .request(login_request(
                "owner@mail.com",
                PASSWORD,
                "2001:db8:1:2::ff",
            ))
            .await;
        assert_eq!(same_64.status, 429, "{:?}", app.backend);
    }
}

#[tokio::test]
async fn a_right_password_does_not_use_up_the_limit() {
    for app in TestApp::all().await {
        make_user(&app, "typo@mail.com", PASSWORD).await;
        for _ in 0..12 {
            let ok = app
                .request(login_request("typo@mail.com", PASSWORD, "192.0.2.1"))
                .await;
            assert_eq!(ok.json()["success"], 1, "{:?}: {}", app.backend, ok.body);
        }
    }
}

#[tokio::test]
async fn a_burst_of_code_requests_queues_exactly_the_cap() {
    for app in TestApp::all().await {
        make_user(&app, "inbox@mail.com", PASSWORD).await;
        let asks = (0..30)
            .map(|_| {
                Request::get(format!(
                    "{API}/admin/userSession/forgetPassword/inbox@mail.com"
                ))
                .body(Body::empty())
                .unwrap()
            })
            .collect();
        let responses = burst(&app, asks).await;
        assert_no_server_error(&app, &responses);
        assert_eq!(count(&responses, 200), 3, "{:?}", app.backend);
        let queued = job::Entity::find()
            .filter(job::Column::Kind.eq("reset_code_mail"))
            .count(&app.db)
            .await
            .unwrap();
        assert_eq!(queued, 3, "{:?}", app.backend);
    }
}

#[tokio::test]
async fn known_and_unknown_addresses_do_the_same_work_when_asking_for_a_code() {
    for app in TestApp::all().await {
        make_user(&app, "known@mail.com", PASSWORD).await;
        let known = app
            .get(&format!(
                "{API}/admin/userSession/forgetPassword/known@mail.com"
            ))
            .await;
        let unknown = app
            .get(&format!(
                "{API}/admin/userSession/forgetPassword/unknown@mail.com"
            ))
            .await;
        assert_eq!(
            (known.status, known.body.clone()),
            (unknown.status, unknown.body.clone()),
            "{:?}",
            app.backend
        );
        // Both queued one job; only the job knows whether a mail goes out.
        let queued = job::Entity::find().count(&app.db).await.unwrap();
        assert_eq!(queued, 2, "{:?}", app.backend);
        assert_eq!(server::jobs::run_mail_jobs(&app.state).await.unwrap(), 2);
        let mails = server::persistence::entities::dev_outbox::Entity::find()
            .all(&app.db)
            .await
            .unwrap();
        assert_eq!(mails.len(), 1, "{:?}", app.backend);
        assert_eq!(mails[0].recipient, "known@mail.com");
        let left = job::Entity::find().all(&app.db).await.unwrap();
        assert!(
            left.iter()
                .all(|j| j.status == "done" && j.payload.is_empty()),
            "{:?}: {left:?}",
            app.backend
        );
    }
}

#[tokio::test]
async fn a_burst_of_logins_is_answered_busy_past_the_hashing_bound() {
    let short_wait = |c: &mut server::config::Config| {
        c.trust_forwarded_for = true;
        c.hash_queue_wait_ms = 150;
    };
    for app in TestApp::all_configured(short_wait).await {
        make_user(&app, "busy@mail.com", PASSWORD).await;
        let logins = (0..64)
            .map(|i| {
                login_request(
                    "busy@mail.com",
                    PASSWORD,
                    &format!("10.1.{}.{}", i / 250, i % 250),
                )
            })
            .collect();
        let responses = burst(&app, logins).await;
        assert_no_server_error(&app, &responses);
        let signed_in = responses
            .iter()
            .filter(|r| r.status == 200 && r.json()["success"] == 1)
            .count();
        // Other tests share the hashing workers, so how many got through varies;
        // every answer is a sign-in or "busy", never anything else.
        assert_eq!(signed_in + count(&responses, 503), 64, "{:?}", app.backend);
        let busy = responses
            .iter()
            .find(|r| r.status == 503)
            .expect("a burst this size outruns two hashing slots");
        assert_eq!(
            busy.json()["msg"],
            "The service is temporarily unavailable. Please try again in a moment."
        );
        // Each Argon2 run holds ~19 MiB: never more at once than there are cores.
        let cores = std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get);
        let most = server::services::accounts::secrets::most_hashes_at_once();
        assert!(
            (1..=cores).contains(&most),
            "{:?}: {most} hashes ran at once on {cores} cores",
            app.backend
        );
    }
}

#[tokio::test]
async fn pages_past_the_rendering_bound_answer_busy() {
    let one_slot = |c: &mut server::config::Config| {
        c.render_concurrency = 1;
        c.render_queue_wait_ms = 50;
    };
    for app in TestApp::all_configured(one_slot).await {
        // A render in flight holds the only slot.
        let in_flight = app
            .state
            .render_slots
            .clone()
            .acquire_owned()
            .await
            .unwrap();
        let pages = (0..12)
            .map(|_| Request::get("/id/faq").body(Body::empty()).unwrap())
            .collect();
        let responses = burst(&app, pages).await;
        assert_eq!(count(&responses, 503), 12, "{:?}", app.backend);
        assert_eq!(responses[0].header("retry-after"), Some("1"));
        assert!(
            responses[0].body.contains("Layanan sedang tidak tersedia"),
            "{}",
            responses[0].body
        );
        drop(in_flight);
        assert_eq!(
            app.get("/id/faq").await.status,
            200,
            "{:?}: the slot is free again",
            app.backend
        );
    }
}

#[tokio::test]
async fn a_burst_of_wrong_reset_codes_is_cut_at_the_cap() {
    for app in TestApp::all().await {
        make_user(&app, "coded@mail.com", PASSWORD).await;
        app.get(&format!(
            "{API}/admin/userSession/forgetPassword/coded@mail.com"
        ))
        .await;
        server::jobs::run_mail_jobs(&app.state).await.unwrap();
        let guesses = (0..30)
            .map(|i| {
                Request::put(format!(
                    "{API}/admin/userSession/restPassword/coded@mail.com"
                ))
                .header("content-type", "application/x-www-form-urlencoded")
                .body(Body::from(format!(
                    "code={:06}&newPassword=fresh-pass-1",
                    100_000 + i
                )))
                .unwrap()
            })
            .collect();
        let responses = burst(&app, guesses).await;
        assert_no_server_error(&app, &responses);
        // Ten wrong codes per account are evaluated; the rest are refused unread.
        assert_eq!(
            (count(&responses, 200), count(&responses, 429)),
            (10, 20),
            "{:?}",
            app.backend
        );
    }
}

#[tokio::test]
async fn the_emailed_code_signs_the_owner_in_while_strangers_fill_the_ceiling() {
    for app in TestApp::all_configured(|c| c.trust_forwarded_for = true).await {
        make_user(&app, "target@mail.com", PASSWORD).await;
        // A distributed attack used up the account's daily ceiling.
        let account = server::tokens::digest(&["target@mail.com"]);
        let ceiling = Rule::per_minutes(300, 24 * 60);
        let now = server::clock::now_ms();
        while limits::take(
            &app.db,
            &format!("login:account-day:{account}"),
            ceiling,
            now,
        )
        .await
        .is_ok()
        {}
        let refused = app
            .request(login_request("target@mail.com", PASSWORD, "192.0.2.80"))
            .await;
        assert_eq!(refused.status, 429, "{:?}", app.backend);
        // The owner asks for a code and is signed in by it.
        app.get(&format!(
            "{API}/admin/userSession/forgetPassword/target@mail.com"
        ))
        .await;
        let code = crate::api_password_reset::mailed_code(&app, "target@mail.com").await;
        let body = format!("code={code}&newPassword=owner-again-1");
        let reset = app
            .send(
                "PUT",
                &format!("{API}/admin/userSession/restPassword/target@mail.com"),
                &[],
                Some(&body),
            )
            .await;
        assert_eq!(
            reset.json()["success"],
            1,
            "{:?}: {}",
            app.backend,
            reset.body
        );
        assert_eq!(reset.header("token"), reset.json()["obj"]["token"].as_str());
        // And the cleared ceiling lets the new password in too.
        let again = app
            .request(login_request(
                "target@mail.com",
                "owner-again-1",
                "192.0.2.81",
            ))
            .await;
        assert_eq!(
            again.json()["success"],
            1,
            "{:?}: {}",
            app.backend,
            again.body
        );
    }
}
