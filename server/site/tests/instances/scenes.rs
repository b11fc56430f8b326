//! The scenes of the two-instance test, in the order they run.
use crate::cluster::{eventually, Instance};
use crate::Cluster;
use app::api::encode;
use futures::future::join_all;
use sea_orm::{ColumnTrait as _, EntityTrait as _, PaginatorTrait as _, QueryFilter as _};
use serde_json::Value;
use server::persistence::entities::{
    charge, job, order, payment_event, sandbox_payment, sandbox_webhook, sms_queue, subscription,
    user, voice_message,
};
use server::services::accounts::users::{self, NewUser};
use std::time::Duration;

pub struct Member {
    pub email: String,
    pub token: String,
}

async fn json(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    let text = response.text().await.unwrap();
    (
        status,
        serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON ({status}): {text}")),
    )
}

async fn post(c: &Cluster, url: &str, token: Option<&str>, form: String) -> (u16, Value) {
    let mut request = c
        .web
        .post(url)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(form);
    if let Some(token) = token {
        request = request.header("token", token);
    }
    json(request.send().await.unwrap()).await
}

/// A member signs in through the proxy; the session works on each instance directly.
pub async fn sessions_work_on_both(c: &Cluster, a: &Instance, b: &Instance) -> Member {
    let email = "ana@mail.com".to_owned();
    let vip_time = server::clock::now_ms() + 30 * 86_400_000;
    let new = NewUser {
        email: email.clone(),
        password: "secret-123".into(),
        locale: app::i18n::Locale::En,
        payment_count: 1,
        vip_time,
    };
    users::create(&c.db, new, server::clock::now_ms())
        .await
        .unwrap();
    let (_, login) = post(
        c,
        &c.api("/admin/userSession"),
        None,
        format!("email={}&password=secret-123", encode(&email)),
    )
    .await;
    assert_eq!(login["success"], 1, "{login}");
    let token = login["obj"]["token"].as_str().unwrap().to_owned();
    let session = login["obj"]["session"]["id"].as_i64().unwrap();
    for instance in [a, b] {
        let url = format!(
            "http://{}/api_f/v1/admin/userSession/{session}",
            instance.addr
        );
        let (_, seen) = json(c.web.get(url).header("token", &token).send().await.unwrap()).await;
        assert_eq!(
            seen["success"], 1,
            "{}: the session made through the proxy is unknown: {seen}",
            instance.name
        );
    }
    Member { email, token }
}

/// Creates a locate request for `phone` (Indonesian national format) through the proxy.
async fn locate(c: &Cluster, m: &Member, phone: &str) -> i64 {
    let form = format!("country=ID&phone={}&note=worried", encode(phone));
    let (_, created) = post(c, &c.api("/spyContent/phoneLocation"), Some(&m.token), form).await;
    assert_eq!(created["success"], 1, "{created}");
    created["obj"]["id"].as_i64().unwrap()
}

/// Waits until the SMS of request `id` is sent.
async fn sms_sent(c: &Cluster, id: i64) {
    eventually(&format!("the SMS of request {id} sent"), || async move {
        let row = sms_queue::Entity::find()
            .filter(sms_queue::Column::RequestId.eq(id))
            .one(&c.db)
            .await
            .unwrap()?;
        (row.status == "sent").then_some(())
    })
    .await;
}

pub async fn a_locate_request_texts_once(c: &Cluster, m: &Member) {
    let id = locate(c, m, "0812-3456-7890").await;
    sms_sent(c, id).await;
    assert_eq!(
        c.twilio.count_to("+6281234567890"),
        1,
        "{:?}",
        c.twilio.sent()
    );
}

/// Reset-code e-mails: 3 per address per 15 minutes, counted in the shared database.
pub async fn a_burst_passes_exactly_the_cap(c: &Cluster, m: &Member) {
    let url = c.api(&format!(
        "/admin/userSession/forgetPassword/{}",
        encode(&m.email)
    ));
    let answers =
        join_all((0..10).map(|_| async { json(c.web.get(&url).send().await.unwrap()).await }))
            .await;
    let passed = answers
        .iter()
        .filter(|(_, body)| body["success"] == 1)
        .count();
    let limited = answers.iter().filter(|(status, _)| *status == 429).count();
    assert_eq!((passed, limited), (3, 7), "{answers:?}");
    eventually("every reset-code job done", || async move {
        let open = job::Entity::find()
            .filter(job::Column::Status.is_in(["queued", "running"]))
            .count(&c.db)
            .await
            .unwrap();
        (open == 0).then_some(())
    })
    .await;
    assert_eq!(
        c.smtp.mails_to(&m.email),
        3,
        "one e-mail per accepted request"
    );
}

pub async fn a_payment_is_applied_once_and_renewed_once(c: &Cluster) {
    let (_, plans) = json(
        c.web
            .get(c.api("/portal/priceSetup?hasWeight=true&channel=cpl2"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    let plan = plans["obj"][0]["id"].as_i64().expect("a seeded plan");
    let form = format!("planId={plan}&method=card&email=buyer%40mail.com&zip=10110&country=US&idempotencyKey=instances-order-1");
    let (_, placed) = post(c, &c.api("/portal/order"), None, form).await;
    assert_eq!(placed["success"], 1, "{placed}");
    let order_no = placed["obj"]["orderNo"].as_str().unwrap().to_owned();
    let checkout = format!("{}/sandbox/checkout/{order_no}", c.proxy.url());
    let paid = c
        .web
        .post(checkout)
        .header("content-type", "application/x-www-form-urlencoded")
        .body("card=4242424242424242")
        .send()
        .await
        .unwrap();
    assert_eq!(
        paid.status().as_u16(),
        302,
        "{}",
        paid.text().await.unwrap()
    );
    let order = order::Entity::find()
        .filter(order::Column::OrderNo.eq(&order_no))
        .one(&c.db)
        .await
        .unwrap()
        .unwrap();
    let order_id = order.id;
    // The sandbox's webhooks reach us through the proxy, from either instance.
    let sub = eventually(
        "the payment's webhooks delivered and the subscription opened",
        || async move {
            let undelivered = sandbox_webhook::Entity::find()
                .filter(sandbox_webhook::Column::DeliveredAt.is_null())
                .count(&c.db)
                .await
                .unwrap();
            let sub = subscription::Entity::find()
                .filter(subscription::Column::OrderId.eq(order_id))
                .one(&c.db)
                .await
                .unwrap()?;
            (undelivered == 0).then_some(sub)
        },
    )
    .await;
    let hooks = sandbox_webhook::Entity::find().count(&c.db).await.unwrap();
    assert_eq!(
        payment_event::Entity::find().count(&c.db).await.unwrap(),
        hooks,
        "each webhook applied once"
    );
    assert_eq!(
        subscription::Entity::find()
            .filter(subscription::Column::OrderId.eq(order.id))
            .count(&c.db)
            .await
            .unwrap(),
        1
    );
    assert_eq!(
        user::Entity::find()
            .filter(user::Column::Email.eq("buyer@mail.com"))
            .count(&c.db)
            .await
            .unwrap(),
        1
    );
    renewed_once(c, &sub).await;
}

/// Makes the period due now; both instances' renewal workers look at it.
async fn renewed_once(c: &Cluster, sub: &subscription::Model) {
    let next = sub.period_index + 1;
    let mut due: subscription::ActiveModel = sub.clone().into();
    due.current_period_end = sea_orm::ActiveValue::Set(server::clock::now_ms() - 1_000);
    due.next_attempt_at = sea_orm::ActiveValue::Set(None);
    subscription::Entity::update(due).exec(&c.db).await.unwrap();
    let charges = || {
        charge::Entity::find()
            .filter(charge::Column::SubscriptionId.eq(sub.id))
            .filter(charge::Column::PeriodIndex.eq(next))
    };
    eventually("the due period charged", || async move {
        let row = charges().one(&c.db).await.unwrap()?;
        (row.status == "succeeded").then_some(())
    })
    .await;
    let renewed = subscription::Entity::find_by_id(sub.id)
        .one(&c.db)
        .await
        .unwrap()
        .unwrap();
    assert!(
        renewed.current_period_end > server::clock::now_ms(),
        "the period moved on, so nobody charges it again"
    );
    let at_provider = sandbox_payment::Entity::find()
        .filter(sandbox_payment::Column::Kind.eq("renewal"))
        .filter(
            sandbox_payment::Column::Reference.starts_with(format!("renew_{}_{next}_", sub.id)),
        );
    assert_eq!(
        at_provider.count(&c.db).await.unwrap(),
        1,
        "one charge call reached the provider"
    );
    assert_eq!(charges().count(&c.db).await.unwrap(), 1);
}

pub async fn a_voice_message_rings_once(c: &Cluster, m: &Member) {
    let text = "Halo, selamat ulang tahun! Semoga sehat selalu dan bahagia bersama keluarga.";
    let form = format!(
        "country=ID&phone={}&message={}&language=id&voice=female&idempotencyKey=instances-voice-1",
        encode("0812-3456-7001"),
        encode(text)
    );
    let (_, sent) = post(c, &c.api("/voice/messages"), Some(&m.token), form).await;
    assert_eq!(sent["success"], 1, "{sent}");
    let id = sent["obj"]["id"].as_i64().unwrap();
    // Claimed first (`calling`), then synthesized, then placed (a provider id).
    let message = eventually("the voice message called", || async move {
        let row = voice_message::Entity::find_by_id(id)
            .one(&c.db)
            .await
            .unwrap()?;
        row.provider_id.is_some().then_some(row)
    })
    .await;
    assert_eq!(message.status, "calling", "{message:?}");
    let calls = c.twilio.calls.to("+6281234567001");
    assert_eq!(calls.len(), 1, "one call per message: {calls:?}");
    assert_eq!(message.provider_id.as_deref(), Some(calls[0].sid.as_str()));
}

/// Numbers of the burst queued before the kill.
fn burst_number(i: usize) -> (String, String) {
    (format!("0812-3456-71{i:02}"), format!("+62812345671{i:02}"))
}

/// Kills `a` in the middle of a send (the provider has the message, `a`
/// has no answer yet) while more texts are queued; `b` finishes each once:
/// the cut-off one by a lookup after its lease, the queued ones by sending.
/// Returns a fresh third instance, started in `a`'s place.
pub async fn kill_9_loses_and_doubles_nothing(
    c: &Cluster,
    m: &Member,
    a: Instance,
    b: &Instance,
) -> Instance {
    c.twilio.slow_down("ACa", Duration::from_secs(30));
    c.twilio.set_delay(Duration::from_millis(200));
    let ids =
        join_all((0..12).map(|i| async move { locate(c, m, &burst_number(i).0).await })).await;
    eventually("instance a in the middle of a send", || async move {
        (c.twilio.unanswered("ACa") > 0).then_some(())
    })
    .await;
    a.kill().await;
    c.proxy.set_backends(&[b.addr]);
    for id in &ids {
        sms_sent(c, *id).await;
    }
    for i in 0..12 {
        let to = burst_number(i).1;
        assert_eq!(c.twilio.count_to(&to), 1, "{to}: {:?}", c.twilio.sent());
    }
    let cut_off = sms_queue::Entity::find()
        .filter(sms_queue::Column::LastError.eq("interrupted during send"))
        .count(&c.db)
        .await
        .unwrap();
    assert_eq!(
        cut_off, 1,
        "the send cut off by the kill was settled by a lookup"
    );
    c.twilio.set_delay(Duration::ZERO);
    let fresh = c.start_instance("c").await;
    c.proxy.set_backends(&[b.addr, fresh.addr]);
    fresh
}

/// SIGTERM to the instance in the middle of a (slow) send: it exits within
/// the grace period, and the other settles the send by a lookup, not a resend.
pub async fn sigterm_hands_back_within_the_grace(
    c: &Cluster,
    m: &Member,
    b: Instance,
    fresh: Instance,
    grace: Duration,
) {
    c.twilio.set_delay(Duration::from_secs(40));
    let id = locate(c, m, "0812-3456-7200").await;
    let to = "+6281234567200";
    let sender = eventually("the slow send started", || async move {
        c.twilio
            .sent()
            .iter()
            .find(|s| s.to == to)
            .map(|s| s.account.clone())
    })
    .await;
    let (holder, survivor) = if sender == "ACb" {
        (b, fresh)
    } else {
        (fresh, b)
    };
    c.proxy.set_backends(&[survivor.addr]);
    let took = holder.terminate().await;
    assert!(
        took < grace + Duration::from_secs(5),
        "{} took {took:?} to stop",
        holder_name(&sender)
    );
    c.twilio.set_delay(Duration::ZERO);
    sms_sent(c, id).await;
    let row = sms_queue::Entity::find()
        .filter(sms_queue::Column::RequestId.eq(id))
        .one(&c.db)
        .await
        .unwrap()
        .unwrap();
    // Handed back by the stopping instance (its lease had not run out).
    assert_eq!(
        row.last_error.as_deref(),
        Some("interrupted by shutdown"),
        "{row:?}"
    );
    assert_eq!(
        c.twilio.count_to(to),
        1,
        "settled by a lookup, never sent twice"
    );
    // The survivor serves on.
    let after = locate(c, m, "0812-3456-7201").await;
    sms_sent(c, after).await;
    drop(survivor);
}

fn holder_name(account: &str) -> &str {
    account.trim_start_matches("AC")
}
