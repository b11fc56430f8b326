//! Locate under concurrency and hostile input, on SQLite and PostgreSQL:
//! bursts get exactly the cap through, one resend wins, a report about a
//! replaced SMS leaves the live link alone, huge page numbers never 5xx.
use crate::api_locate::{
    created_id, link_token, member, send_queued, status_of, API, E164, NUMBER,
};
use crate::util::{TestApp, TestResponse};
use axum::body::Body;
use axum::http::Request;
use futures::future::join_all;
use sea_orm::{
    ColumnTrait as _, EntityTrait as _, PaginatorTrait as _, QueryFilter as _, QueryOrder as _,
};
use server::persistence::entities::sms_queue;
use server::services::locate::sms_events::{self, DeliveryReport};

fn post(path: &str, token: Option<&str>, ip: &str, body: String) -> Request<Body> {
    let mut request = Request::post(format!("{API}{path}"))
        .header("content-type", "application/x-www-form-urlencoded")
        .header("x-forwarded-for", ip);
    if let Some(token) = token {
        request = request.header("token", token);
    }
    request.body(Body::from(body)).unwrap()
}

fn create_request(token: &str, phone: &str) -> Request<Body> {
    post(
        "/spyContent/phoneLocation",
        Some(token),
        "203.0.113.1",
        format!("country=ID&phone={}&note=", app::api::encode(phone)),
    )
}

/// Sends all `requests` at once through the router; none may answer 5xx.
async fn burst(app: &TestApp, requests: Vec<Request<Body>>) -> Vec<TestResponse> {
    let responses = join_all(requests.into_iter().map(|r| app.request(r))).await;
    for r in &responses {
        assert!(r.status < 500, "{:?}: {} {}", app.backend, r.status, r.body);
    }
    responses
}

fn accepted(responses: &[TestResponse]) -> usize {
    responses
        .iter()
        .filter(|r| r.json()["success"] == 1)
        .count()
}

async fn queued(app: &TestApp) -> u64 {
    sms_queue::Entity::find().count(&app.db).await.unwrap()
}

#[tokio::test]
async fn twenty_creates_from_one_account_to_one_number_accept_exactly_two() {
    for app in TestApp::all().await {
        let token = member(&app, "burst1@mail.com").await;
        let responses = burst(
            &app,
            (0..20).map(|_| create_request(&token, NUMBER)).collect(),
        )
        .await;
        assert_eq!(accepted(&responses), 2, "{:?}", app.backend);
        assert_eq!(queued(&app).await, 2, "{:?}", app.backend);
        let refused = responses
            .iter()
            .find(|r| r.json()["success"] == 0)
            .unwrap()
            .json();
        assert_eq!(
            refused["msg"],
            "You have reached today's limit of location requests. Please try again tomorrow."
        );
    }
}

#[tokio::test]
async fn ten_accounts_asking_one_number_at_once_get_exactly_three() {
    for app in TestApp::all().await {
        let mut tokens = Vec::new();
        for letter in 'a'..='j' {
            tokens.push(member(&app, &format!("asker{letter}@mail.com")).await);
        }
        let responses = burst(
            &app,
            tokens.iter().map(|t| create_request(t, NUMBER)).collect(),
        )
        .await;
        assert_eq!(accepted(&responses), 3, "{:?}", app.backend);
        assert_eq!(queued(&app).await, 3, "{:?}", app.backend);
        let refused = responses
            .iter()
            .find(|r| r.json()["success"] == 0)
            .unwrap()
            .json();
        assert_eq!(
            refused["msg"], "This number cannot receive more requests today.",
            "says nothing about other people"
        );
    }
}

#[tokio::test]
async fn one_account_asking_thirty_numbers_at_once_gets_exactly_ten() {
    for app in TestApp::all().await {
        let token = member(&app, "burst3@mail.com").await;
        let requests = (0..30)
            .map(|i| create_request(&token, &format!("0812-3456-78{i:02}")))
            .collect();
        let responses = burst(&app, requests).await;
        assert_eq!(accepted(&responses), 10, "{:?}", app.backend);
        assert_eq!(queued(&app).await, 10, "{:?}", app.backend);
    }
}

#[tokio::test]
async fn thirty_do_not_locate_code_requests_for_one_number_queue_exactly_three() {
    for app in TestApp::all().await {
        let requests = (0..30)
            .map(|i| {
                post(
                    "/doNotLocate/code",
                    None,
                    &format!("198.51.100.{i}"),
                    format!("country=ID&phone={}", app::api::encode(NUMBER)),
                )
            })
            .collect();
        let responses = burst(&app, requests).await;
        assert_eq!(accepted(&responses), 3, "{:?}", app.backend);
        let codes = sms_queue::Entity::find()
            .filter(sms_queue::Column::Purpose.eq("dnl_code"))
            .count(&app.db)
            .await
            .unwrap();
        assert_eq!(codes, 3, "{:?}", app.backend);
    }
}

fn resend_request(token: &str, id: i64) -> Request<Body> {
    Request::put(format!("{API}/spyContent/phoneLocation/{id}"))
        .header("content-type", "application/x-www-form-urlencoded")
        .header("token", token)
        .body(Body::from("action=resend"))
        .unwrap()
}

#[tokio::test]
async fn ten_concurrent_resends_one_wins_the_others_are_refused() {
    for app in TestApp::all().await {
        let token = member(&app, "resend@mail.com").await;
        let id = created_id(&app, &token, NUMBER).await;
        send_queued(&app).await;
        let responses = burst(&app, (0..10).map(|_| resend_request(&token, id)).collect()).await;
        assert_eq!(accepted(&responses), 1, "{:?}", app.backend);
        for r in responses.iter().filter(|r| r.json()["success"] == 0) {
            assert_eq!(
                r.json()["msg"],
                "This request cannot be changed any more.",
                "{:?}",
                app.backend
            );
        }
        let messages = sms_queue::Entity::find()
            .filter(sms_queue::Column::RequestId.eq(id))
            .count(&app.db)
            .await
            .unwrap();
        assert_eq!(
            messages, 2,
            "{:?}: the first SMS and one resend",
            app.backend
        );
    }
}

#[tokio::test]
async fn resends_count_against_the_numbers_daily_cap() {
    for app in TestApp::all().await {
        let (a, b) = (
            member(&app, "capa@mail.com").await,
            member(&app, "capb@mail.com").await,
        );
        let first = created_id(&app, &a, NUMBER).await;
        created_id(&app, &b, NUMBER).await;
        send_queued(&app).await;
        // Two requests and a resend: the number has had its three messages.
        assert_eq!(
            app.request(resend_request(&a, first)).await.json()["success"],
            1
        );
        let third = app.request(create_request(&b, NUMBER)).await.json();
        assert_eq!(
            third["msg"], "This number cannot receive more requests today.",
            "{:?}",
            app.backend
        );
    }
}

#[tokio::test]
async fn a_late_failure_report_for_a_replaced_sms_leaves_the_live_link() {
    for app in TestApp::all().await {
        let token = member(&app, "late@mail.com").await;
        let id = created_id(&app, &token, NUMBER).await;
        send_queued(&app).await;
        assert_eq!(
            app.request(resend_request(&token, id)).await.json()["success"],
            1
        );
        send_queued(&app).await;
        let live = link_token(&app, E164).await;
        let rows = sms_queue::Entity::find()
            .filter(sms_queue::Column::RequestId.eq(id))
            .order_by_asc(sms_queue::Column::Seq)
            .all(&app.db)
            .await
            .unwrap();
        let (old, new) = (
            rows[0].provider_id.clone().unwrap(),
            rows[1].provider_id.clone().unwrap(),
        );
        let now = server::clock::now_ms();
        sms_events::record_delivery(&app.db, &old, None, DeliveryReport::Failed, now)
            .await
            .unwrap();
        assert_eq!(
            status_of(&app, &token, id).await,
            "delivered",
            "{:?}: a report on seq 1 says nothing about seq 2",
            app.backend
        );
        assert_eq!(
            app.get(&format!("{API}/reveal/{live}")).await.json()["obj"]["state"],
            "pending"
        );
        // A report on the live message does apply.
        sms_events::record_delivery(&app.db, &new, None, DeliveryReport::Failed, now)
            .await
            .unwrap();
        assert_eq!(
            status_of(&app, &token, id).await,
            "opened",
            "{:?}: opened means it arrived",
            app.backend
        );
    }
}

#[tokio::test]
async fn huge_or_odd_page_numbers_answer_the_envelope_never_5xx() {
    for app in TestApp::all().await {
        let token = member(&app, "pages@mail.com").await;
        created_id(&app, &token, NUMBER).await;
        for query in [
            "page=18446744073709551615",
            "page=9999999999999&size=100",
            "page=99999999999999999999999",
            "page=-1",
            "size=18446744073709551615",
            "page=abc",
        ] {
            let res = app
                .get_with(&format!("{API}/spyContent?{query}"), &[("token", &token)])
                .await;
            assert!(
                res.status < 500,
                "{:?} {query}: {} {}",
                app.backend,
                res.status,
                res.body
            );
            let json = res.json();
            if res.status == 200 {
                assert_eq!(json["success"], 1, "{query}");
                assert_eq!(json["page"]["total"], 1, "{query}");
                if query.starts_with("page=1844") || query.starts_with("page=9999") {
                    assert_eq!(
                        json["obj"].as_array().unwrap().len(),
                        0,
                        "{query}: past the last page"
                    );
                }
            } else {
                assert_eq!(res.status, 400, "{query}");
                assert_eq!(json["success"], 0, "{query}");
            }
        }
        for id in ["0", "-5", "18446744073709551615", "9223372036854775808"] {
            let res = app
                .send(
                    "PUT",
                    &format!("{API}/spyContent/phoneLocation/{id}"),
                    &[("token", &token)],
                    Some("action=cancel"),
                )
                .await;
            assert_eq!(res.status, 404, "{:?} id {id}: {}", app.backend, res.body);
        }
    }
}
