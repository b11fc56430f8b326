//! The usage ledger and refunds, on SQLite and PostgreSQL: each kind of use
//! (locate request, voice message, full lookup) makes the charge
//! unrefundable from the moment it is made, and a refund stops the
//! member's queued work: the call is never placed, the SMS never sent.
use crate::api_locate::{create, created_id, send_queued, API, E164, NUMBER};
use crate::console_actions::paying;
use crate::console_util::{call, staff_token};
use crate::util::TestApp;
use crate::voice_util::{apps, draft, message, run_caller, send, sent_id, HELLO_ID};
use app::model::console::StaffRole;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait as _, EntityTrait as _, PaginatorTrait as _, QueryFilter as _};
use server::clock::now_ms;
use server::persistence::entities::{
    dev_outbox, locate_request, sandbox_payment, usage_entry, user,
};

async fn refund_detail(app: &TestApp, token: &str) -> serde_json::Value {
    let res = app
        .send(
            "POST",
            &format!("{API}/admin/order/refundDetail"),
            &[("token", token)],
            Some(""),
        )
        .await;
    res.json()["obj"].clone()
}

async fn sandbox_refunds(app: &TestApp) -> u64 {
    sandbox_payment::Entity::find()
        .filter(sandbox_payment::Column::Kind.eq("refund"))
        .count(&app.db)
        .await
        .unwrap()
}

async fn ledger(app: &TestApp, user_id: i64, kind: &str) -> u64 {
    usage_entry::Entity::find()
        .filter(usage_entry::Column::UserId.eq(user_id))
        .filter(usage_entry::Column::Kind.eq(kind))
        .count(&app.db)
        .await
        .unwrap()
}

/// Placed calls and SMS sent to `E164` (the sandbox providers' outbox).
async fn reached(app: &TestApp) -> (usize, u64) {
    let calls = app.get("/dev/calls.json").await.json();
    let sms = dev_outbox::Entity::find()
        .filter(dev_outbox::Column::Channel.eq("sms"))
        .filter(dev_outbox::Column::Recipient.eq(E164))
        .count(&app.db)
        .await
        .unwrap();
    (calls.as_array().map_or(0, Vec::len), sms)
}

#[tokio::test]
async fn each_kind_of_use_makes_the_charge_unrefundable_at_once() {
    for app in apps().await {
        for kind in ["locate", "voice", "lookup"] {
            let (id, _, token) = paying(&app, &format!("{kind}use@mail.com")).await;
            assert_eq!(refund_detail(&app, &token).await["eligible"], true);
            let used = match kind {
                "locate" => create(&app, &token, NUMBER, "worried").await,
                // Only queued: not called yet, and already a use.
                "voice" => send(&app, &token, &draft(NUMBER, HELLO_ID, "id", "use-1")).await,
                _ => {
                    let path = app::api::lookup_path("GB", "07400123456");
                    app.get_with(&format!("{API}{path}"), &[("token", &token)])
                        .await
                }
            };
            assert_eq!(used.json()["success"], 1, "{kind}: {}", used.body);
            assert_eq!(ledger(&app, id, kind).await, 1, "{kind}: one ledger row");
            let detail = refund_detail(&app, &token).await;
            assert_eq!(
                (detail["eligible"].as_bool(), detail["reason"].as_str()),
                (Some(false), Some("service_used")),
                "{:?} {kind}: {detail}",
                app.backend
            );
            let refused = app
                .send(
                    "POST",
                    &format!("{API}/admin/order/refund"),
                    &[("token", &token)],
                    Some(&format!("chargeId={}", detail["chargeId"])),
                )
                .await;
            assert_eq!(refused.json()["msg"], "This charge cannot be refunded.");
        }
        assert_eq!(sandbox_refunds(&app).await, 0, "{:?}", app.backend);
    }
}

#[tokio::test]
async fn a_refund_stops_the_member_s_queued_calls_and_sms() {
    for app in apps().await {
        let (_, _, token) = paying(&app, "queued@mail.com").await;
        let voice = sent_id(&app, &token, "queued-1").await;
        let request = created_id(&app, &token, NUMBER).await;
        let charge = refund_detail(&app, &token).await["chargeId"].clone();
        // Used, so only an admin may refund it.
        let admin = staff_token(&app, "admin@support.com", StaffRole::Admin).await;
        let path = format!("/charges/{charge}/refund");
        let refunded = call(&app, &admin, "POST", &path, Some("reason=asked"))
            .await
            .json();
        assert_eq!(refunded["success"], 1, "{:?}: {refunded}", app.backend);
        assert_eq!(sandbox_refunds(&app).await, 1);
        run_caller(&app, now_ms()).await;
        send_queued(&app).await;
        assert_eq!(reached(&app).await, (0, 0), "{:?}", app.backend);
        assert_eq!(message(&app, voice).await.status, "canceled");
        let row = locate_request::Entity::find_by_id(request)
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (row.status.as_str(), row.link_token_hash.as_str()),
            ("cancelled", "")
        );
        let listed = app
            .get_with(
                &format!("{API}/voice/messages/{voice}"),
                &[("token", &token)],
            )
            .await
            .json();
        assert_eq!(listed["obj"]["status"], "failed", "never placed");
    }
}

#[tokio::test]
async fn work_handed_back_after_access_ended_is_never_done() {
    for app in apps().await {
        let (id, _, token) = paying(&app, "handed@mail.com").await;
        let voice = sent_id(&app, &token, "handed-1").await;
        created_id(&app, &token, NUMBER).await;
        // Access ended while a worker held the work (it is still queued).
        user::Entity::update_many()
            .col_expr(user::Column::VipTime, Expr::value(now_ms() - 1))
            .filter(user::Column::Id.eq(id))
            .exec(&app.db)
            .await
            .unwrap();
        run_caller(&app, now_ms()).await;
        send_queued(&app).await;
        assert_eq!(reached(&app).await, (0, 0), "{:?}", app.backend);
        assert_eq!(message(&app, voice).await.status, "canceled");
    }
}
