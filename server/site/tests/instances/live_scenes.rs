//! A live sharing across instances: the owner's page posts its positions
//! to instance A, the requester's news stream is open on instance B and
//! hears of the share and of each move (through the database's news rows),
//! B's trace follows, and the owner is texted one receipt.
use crate::cluster::{eventually, Instance};
use crate::scenes::Member;
use crate::Cluster;
use app::api::encode;
use serde_json::Value;
use std::time::Duration;
use tokio::time::Instant;

const PHONE: &str = "0812-3456-7000";
const E164: &str = "+6281234567000";

/// Posts `form` to `path` of `instance`'s API directly (not the proxy),
/// with the session `token` when given.
async fn post_to(
    c: &Cluster,
    instance: &Instance,
    path: &str,
    token: Option<&str>,
    form: String,
) -> Value {
    let url = format!("http://{}/api_f/v1{path}", instance.addr);
    let mut request = c
        .web
        .post(url)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(form);
    if let Some(token) = token {
        request = request.header("token", token);
    }
    request.send().await.unwrap().json().await.unwrap()
}

/// Counts `changed` events arriving on `stream` within `within`.
async fn changes_within(stream: &mut reqwest::Response, within: Duration) -> usize {
    let deadline = Instant::now() + within;
    let mut text = String::new();
    while let Ok(Ok(Some(chunk))) = tokio::time::timeout_at(deadline, stream.chunk()).await {
        text.push_str(&String::from_utf8_lossy(&chunk));
    }
    text.matches("event: changed").count()
}

/// The token of the newest link texted to `to`.
fn texted_link(c: &Cluster, to: &str) -> Option<String> {
    let sent = c.twilio.sent();
    let body = &sent.iter().rev().find(|s| s.to == to)?.body;
    let start = body.find("reveal-location?t=")? + "reveal-location?t=".len();
    body.get(start..start + 64).map(str::to_owned)
}

pub async fn a_live_session_crosses_instances(c: &Cluster, m: &Member, a: &Instance, b: &Instance) {
    let form = format!("country=ID&phone={}&note=worried", encode(PHONE));
    let created = post_to(c, a, "/spyContent/phoneLocation", Some(&m.token), form).await;
    assert_eq!(created["success"], 1, "{created}");
    let id = created["obj"]["id"].as_i64().unwrap();
    let link = eventually("the owner's link texted", || async { texted_link(c, E164) }).await;

    let mut stream = c
        .web
        .get(format!("http://{}/api_f/v1/spyContent/stream", b.addr))
        .header("token", &m.token)
        .send()
        .await
        .unwrap();
    assert_eq!(stream.status(), 200);
    assert!(changes_within(&mut stream, Duration::from_millis(800)).await >= 1);

    let share = "decision=share&mode=live_1h&latitude=-6.2&longitude=106.8&accuracy=9";
    let shared = post_to(c, a, &format!("/reveal/{link}"), None, share.to_owned()).await;
    assert_eq!(shared["obj"]["state"], "shared", "{shared}");
    assert!(
        changes_within(&mut stream, Duration::from_secs(4)).await >= 1,
        "B hears of the share made on A"
    );
    let moved = post_to(
        c,
        a,
        &format!("/reveal/{link}/position"),
        None,
        "latitude=-6.25&longitude=106.8&accuracy=9".to_owned(),
    )
    .await;
    assert_eq!(moved["success"], 1, "{moved}");
    assert!(
        changes_within(&mut stream, Duration::from_secs(4)).await >= 1,
        "B hears of the move made on A"
    );
    let trace: Value = c
        .web
        .get(format!(
            "http://{}/api_f/v1/gpsTrace/phoneLocation/{id}",
            b.addr
        ))
        .header("token", &m.token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(trace["obj"]["points"][0]["point"]["lat"], -6.25, "{trace}");
    eventually("the receipt texted", || async {
        (c.twilio.count_to(E164) == 2).then_some(())
    })
    .await;
    assert_eq!(c.twilio.count_to(E164), 2, "the link and one receipt");
}
