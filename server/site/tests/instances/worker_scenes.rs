//! `kill -9` in the middle of an outside call of the call placer and of the
//! conversion-event sender: the survivor settles the call by a lookup after
//! the lease (one call at the provider), and sends the event again after
//! the lease (one event at Meta, which keeps one per `event_id`).
use crate::cluster::{eventually, Instance};
use crate::scenes::Member;
use crate::Cluster;
use app::api::encode;
use sea_orm::{ColumnTrait as _, EntityTrait as _, PaginatorTrait as _, QueryFilter as _};
use server::persistence::entities::{job, meta_event, voice_message};
use std::time::Duration;

/// How long a fake holds its answer: longer than any scene waits.
const HOLD: Duration = Duration::from_secs(120);

/// The instance `name` of `a` and `b`, and the other one.
fn split(name: &str, a: Instance, b: Instance) -> (Instance, Instance) {
    if a.name == name {
        (a, b)
    } else {
        (b, a)
    }
}

/// Starts `killed` again under its name; returns `(a, b)` in their order.
async fn restart(c: &Cluster, killed: &str, survivor: Instance) -> (Instance, Instance) {
    let restarted = c.start_instance(killed).await;
    c.proxy.set_backends(&[survivor.addr, restarted.addr]);
    if killed == "a" {
        (restarted, survivor)
    } else {
        (survivor, restarted)
    }
}

/// Waits until no job is queued or running.
async fn jobs_done(c: &Cluster) {
    eventually("every job done", || async move {
        let open = job::Entity::find()
            .filter(job::Column::Status.is_in(["queued", "running"]))
            .count(&c.db)
            .await
            .unwrap();
        (open == 0).then_some(())
    })
    .await;
}

/// Asks for a voice message to `phone` through the proxy; returns its id.
async fn voice_message(c: &Cluster, m: &Member, phone: &str, key: &str) -> i64 {
    let text = "Halo, ini pesan suara dari keluarga. Jangan lupa makan malam bersama nanti.";
    let form = format!(
        "country=ID&phone={}&message={}&language=id&voice=female&idempotencyKey={key}",
        encode(phone),
        encode(text)
    );
    let answer = c
        .web
        .post(c.api("/voice/messages"))
        .header("content-type", "application/x-www-form-urlencoded")
        .header("token", &m.token)
        .body(form)
        .send()
        .await
        .unwrap();
    let sent: serde_json::Value = answer.json().await.unwrap();
    assert_eq!(sent["success"], 1, "{sent}");
    sent["obj"]["id"].as_i64().unwrap()
}

/// Kills whichever instance is placing a call (the fake has it, the placer
/// no answer yet); the survivor finds the message `calling` past its lease,
/// looks the call up and goes on as that call: one call at the provider,
/// the message carries its id. Returns `a` and `b`, the killed one restarted.
pub async fn kill_9_mid_call_places_it_once(
    c: &Cluster,
    m: &Member,
    a: Instance,
    b: Instance,
) -> (Instance, Instance) {
    let to = "+6281234567002";
    for account in ["ACa", "ACb"] {
        c.twilio.calls.hold(account, HOLD);
    }
    let id = voice_message(c, m, "0812-3456-7002", "instances-voice-kill").await;
    let account = eventually("a call in flight", || async move {
        c.twilio.calls.unanswered_account()
    })
    .await;
    let (holder, survivor) = split(account.trim_start_matches("AC"), a, b);
    let killed = holder.name.clone();
    holder.kill().await;
    c.proxy.set_backends(&[survivor.addr]);
    c.twilio.calls.hold(&account, Duration::ZERO);
    c.twilio
        .calls
        .hold(&format!("AC{}", survivor.name), Duration::ZERO);
    let message = eventually("the cut-off call settled", || async move {
        let row = voice_message::Entity::find_by_id(id)
            .one(&c.db)
            .await
            .unwrap()?;
        row.provider_id.is_some().then_some(row)
    })
    .await;
    let calls = c.twilio.calls.to(to);
    assert_eq!(calls.len(), 1, "one call at the provider: {calls:?}");
    assert_eq!(calls[0].account, account, "placed by the killed instance");
    assert_eq!(message.provider_id.as_deref(), Some(calls[0].sid.as_str()));
    assert_eq!(message.status, "calling", "{message:?}");
    assert_eq!(
        message.attempts, 1,
        "settled by the lookup, not placed again"
    );
    restart(c, &killed, survivor).await
}

/// Reports a `Lead` conversion from a browser that gave marketing consent.
async fn lead_reported(c: &Cluster, event_id: &str) {
    let now = server::clock::now_ms() / 1000;
    let body = serde_json::json!({"actionSource": "website", "eventName": "Lead", "eventTime": now,
        "eventId": event_id, "eventSourceUrl": "https://ct.test/voice", "userData": {}});
    let url = c.api(&format!(
        "/fackbook/conversions/{}",
        crate::fake_meta::PIXEL
    ));
    let answer = c
        .web
        .post(url)
        .header("cookie", "acceptCookie=necessary.analytics.marketing")
        // A website event is sent only with the browser's agent.
        .header(
            "user-agent",
            "Mozilla/5.0 (X11; Linux x86_64) instances-test",
        )
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(
        answer.status().as_u16(),
        200,
        "{}",
        answer.text().await.unwrap()
    );
}

/// Kills whichever instance is sending a conversion event (Meta has it, the
/// sender no answer yet); its job runs again on the survivor after the lease
/// and backoff, and Meta, which keeps one event per name and `event_id`,
/// counts one. Returns `a` and `b`, the killed one restarted.
pub async fn kill_9_mid_event_sends_it_again(
    c: &Cluster,
    a: Instance,
    b: Instance,
) -> (Instance, Instance) {
    let event_id = "lead-instances-kill-1";
    c.meta.hold(HOLD);
    lead_reported(c, event_id).await;
    let token = eventually("an event in flight", || async move {
        let first = c.meta.deliveries_of(event_id).into_iter().next();
        first.filter(|_| c.meta.unanswered() > 0).map(|r| r.token)
    })
    .await;
    let (holder, survivor) = split(&c.meta_sender(&token), a, b);
    let killed = holder.name.clone();
    holder.kill().await;
    c.proxy.set_backends(&[survivor.addr]);
    c.meta.hold(Duration::ZERO);
    let row = eventually("the cut-off event sent again", || async move {
        let row = meta_event::Entity::find()
            .filter(meta_event::Column::EventId.eq(event_id))
            .one(&c.db)
            .await
            .unwrap()?;
        (row.status == "sent").then_some(row)
    })
    .await;
    jobs_done(c).await;
    let deliveries = c.meta.deliveries_of(event_id);
    assert_eq!(deliveries.len(), 2, "sent again once: {deliveries:?}");
    assert_ne!(
        deliveries[1].token, token,
        "the repeat came from the survivor"
    );
    assert_eq!(c.meta.events(), 1, "one event at Meta");
    assert_eq!(row.attempts, 1, "one settled try: {row:?}");
    restart(c, &killed, survivor).await
}
