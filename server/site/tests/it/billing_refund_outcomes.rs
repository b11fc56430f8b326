//! Refunds follow the rule of every outside call, on SQLite and PostgreSQL,
//! against ledger-keeping fakes of Paddle, FastSpring and dLocal: a lost
//! answer is looked up and settled without a second refund; a pending
//! refund changes nothing until the provider settles it, by webhook or
//! lookup; a rejected one is shown; the whole effect happens once,
//! whichever of the API answer and the webhook comes first.
use crate::console_actions::paying;
use crate::refund_fakes::{start, statuses, Ledger};
use crate::util::TestApp;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait as _, EntityTrait as _, PaginatorTrait as _, QueryFilter as _};
use server::clock::now_ms;
use server::payments::{EventKind, Gateways, Money, ProviderEvent, ProviderKind};
use server::persistence::entities::{charge, job, order, subscription, user};
use server::services::billing::{events, manage, refund_lookup, refunds};
use server::services::ServiceError;

const PROVIDERS: [ProviderKind; 3] = [
    ProviderKind::Paddle,
    ProviderKind::FastSpring,
    ProviderKind::DLocal,
];

/// A member whose trial was paid through `kind` (charge reference `pay_<email>`).
struct Member {
    user: user::Model,
    charge: charge::Model,
}

async fn member_of(app: &TestApp, kind: ProviderKind, email: &str) -> Member {
    let (id, order_no, _) = paying(app, email).await;
    let reference = format!("pay_{}", email.replace(['@', '.'], "_"));
    let provider = Expr::value(kind.as_str());
    order::Entity::update_many()
        .col_expr(order::Column::Provider, provider.clone())
        .filter(order::Column::OrderNo.eq(order_no))
        .exec(&app.db)
        .await
        .unwrap();
    subscription::Entity::update_many()
        .col_expr(subscription::Column::Provider, provider)
        .filter(subscription::Column::UserId.eq(id))
        .exec(&app.db)
        .await
        .unwrap();
    charge::Entity::update_many()
        .col_expr(charge::Column::ProviderRef, Expr::value(reference))
        .filter(charge::Column::UserId.eq(id))
        .exec(&app.db)
        .await
        .unwrap();
    let user = user::Entity::find_by_id(id)
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    Member {
        user,
        charge: stored(app, id).await,
    }
}

async fn stored(app: &TestApp, user_id: i64) -> charge::Model {
    charge::Entity::find()
        .filter(charge::Column::UserId.eq(user_id))
        .one(&app.db)
        .await
        .unwrap()
        .unwrap()
}

/// (charge status, access now, subscription status, "refund issued" mails).
async fn state(app: &TestApp, m: &Member) -> (String, bool, String, u64) {
    let c = stored(app, m.user.id).await;
    let u = user::Entity::find_by_id(m.user.id)
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    let sub = manage::current(&app.db, m.user.id).await.unwrap().unwrap();
    let mails = job::Entity::find()
        .filter(job::Column::Kind.eq("billing_mail"))
        .filter(job::Column::Payload.contains("\"refunded\""))
        .filter(job::Column::Payload.contains(format!("\"user_id\":{}", m.user.id)))
        .count(&app.db)
        .await
        .unwrap();
    (
        c.status,
        server::services::accounts::users::has_access(&u, now_ms()),
        sub.status,
        mails,
    )
}

async fn refund(app: &TestApp, gw: &Gateways, m: &Member) -> Result<(), ServiceError> {
    refunds::refund(&app.state.cx(), gw, &m.user, m.charge.id)
        .await
        .map(drop)
}

async fn webhook(app: &TestApp, kind: ProviderKind, m: &Member, id: &str, refunded: bool) {
    let provider_payment_ref = m.charge.provider_ref.clone().unwrap();
    let kind_of = if refunded {
        EventKind::Refunded {
            provider_payment_ref,
            amount: Money {
                minor: m.charge.amount_minor,
                currency: m.charge.currency.clone(),
                exponent: 2,
            },
        }
    } else {
        EventKind::RefundRejected {
            provider_payment_ref,
        }
    };
    let event = ProviderEvent {
        event_id: id.to_owned(),
        occurred_at_ms: now_ms(),
        kind: kind_of,
    };
    events::ingest(&app.state.cx(), kind, vec![event])
        .await
        .unwrap();
}

fn done(status: &str) -> (String, bool, String, u64) {
    (status.to_owned(), false, "canceled".to_owned(), 1)
}

#[tokio::test]
async fn a_lost_answer_is_looked_up_and_settled_without_a_second_refund() {
    for app in TestApp::all().await {
        for kind in PROVIDERS {
            let (ledger, gw) = start(kind).await;
            ledger.answer(statuses(kind).0, true);
            let m = member_of(&app, kind, &format!("lost{}@mail.com", kind.as_str())).await;
            let first = refund(&app, &gw, &m).await;
            assert!(
                matches!(first, Err(ServiceError::Provider)),
                "{kind:?}: {first:?}"
            );
            assert_eq!(state(&app, &m).await.0, "refund_uncertain", "{kind:?}");
            // Asking again looks the refund up instead of repeating it.
            refund(&app, &gw, &m).await.expect("settled by the lookup");
            assert_eq!(
                state(&app, &m).await,
                done("refunded"),
                "{:?} {kind:?}",
                app.backend
            );
            assert_eq!(ledger.asked(), 1, "{kind:?}: refunded once at the provider");
        }
    }
}

#[tokio::test]
async fn the_lookup_job_settles_a_lost_answer_on_its_own() {
    for app in TestApp::all().await {
        for kind in PROVIDERS {
            let (ledger, gw) = start(kind).await;
            ledger.answer(statuses(kind).0, true);
            let m = member_of(&app, kind, &format!("job{}@mail.com", kind.as_str())).await;
            assert!(refund(&app, &gw, &m).await.is_err());
            let later = app.state.cx().at(now_ms() + refund_lookup::LOOKUP_EVERY_MS);
            refund_lookup::run_due(&later, &gw, 10).await.unwrap();
            assert_eq!(
                state(&app, &m).await.0,
                "refunded",
                "{:?} {kind:?}",
                app.backend
            );
            assert_eq!(ledger.asked(), 1, "{kind:?}");
        }
    }
}

async fn pending(app: &TestApp, kind: ProviderKind, email: &str) -> (Ledger, Gateways, Member) {
    let (ledger, gw) = start(kind).await;
    ledger.answer(statuses(kind).1, false);
    let m = member_of(app, kind, email).await;
    refund(app, &gw, &m).await.expect("accepted");
    let waiting = ("refund_pending".to_owned(), true, "trialing".to_owned(), 0);
    assert_eq!(
        state(app, &m).await,
        waiting,
        "{:?} {kind:?}: nothing ends yet",
        app.backend
    );
    (ledger, gw, m)
}

#[tokio::test]
async fn a_pending_refund_waits_for_the_provider_then_applies_once() {
    for app in TestApp::all().await {
        for kind in PROVIDERS {
            let email = format!("pending{}@mail.com", kind.as_str());
            let (ledger, gw, m) = pending(&app, kind, &email).await;
            // Asking again while pending changes nothing at the provider.
            refund(&app, &gw, &m).await.unwrap();
            assert_eq!(ledger.asked(), 1);
            webhook(&app, kind, &m, &format!("evt-{email}-1"), true).await;
            assert_eq!(
                state(&app, &m).await,
                done("refunded"),
                "{:?} {kind:?}",
                app.backend
            );
            webhook(&app, kind, &m, &format!("evt-{email}-2"), true).await;
            assert_eq!(state(&app, &m).await.3, 1, "one mail");
        }
    }
}

#[tokio::test]
async fn a_pending_refund_settled_by_lookup_when_no_webhook_comes() {
    for app in TestApp::all().await {
        let kind = ProviderKind::Paddle;
        let (ledger, gw, m) = pending(&app, kind, "quiet@mail.com").await;
        ledger.decide(statuses(kind).0);
        let later = app
            .state
            .cx()
            .at(now_ms() + refund_lookup::PENDING_LOOKUP_EVERY_MS);
        refund_lookup::run_due(&later, &gw, 10).await.unwrap();
        assert_eq!(state(&app, &m).await.0, "refunded", "{:?}", app.backend);
    }
}

#[tokio::test]
async fn a_rejected_refund_is_shown_to_the_member_and_keeps_access() {
    for app in TestApp::all().await {
        for kind in PROVIDERS {
            let email = format!("rejected{}@mail.com", kind.as_str());
            let (_, _, m) = pending(&app, kind, &email).await;
            webhook(&app, kind, &m, &format!("evt-{email}"), false).await;
            let kept = ("refund_rejected".to_owned(), true, "trialing".to_owned(), 0);
            assert_eq!(state(&app, &m).await, kept, "{:?} {kind:?}", app.backend);
            let cx = app.state.cx();
            let summary = manage::summary(&cx, &m.user).await.unwrap();
            assert_eq!(summary.charges[0].status, "refund_rejected");
            let detail = refunds::detail(&cx, &m.user).await.unwrap();
            assert_eq!(detail.reason.as_deref(), Some("refund_rejected"));
        }
    }
}

#[tokio::test]
async fn the_webhook_before_or_after_the_api_answer_applies_once() {
    for app in TestApp::all().await {
        for kind in PROVIDERS {
            let settled = statuses(kind).0;
            // Before: the answer was lost, the webhook comes, then the lookup.
            let (ledger, gw) = start(kind).await;
            ledger.answer(settled, true);
            let m = member_of(&app, kind, &format!("before{}@mail.com", kind.as_str())).await;
            assert!(refund(&app, &gw, &m).await.is_err());
            webhook(
                &app,
                kind,
                &m,
                &format!("evt-before-{}", kind.as_str()),
                true,
            )
            .await;
            assert_eq!(
                state(&app, &m).await,
                done("refunded"),
                "{:?} {kind:?}",
                app.backend
            );
            refund(&app, &gw, &m).await.unwrap();
            assert_eq!((state(&app, &m).await.3, ledger.asked()), (1, 1));
            // After: the answer said refunded, the webhook repeats it.
            let (ledger, gw) = start(kind).await;
            ledger.answer(settled, false);
            let m = member_of(&app, kind, &format!("after{}@mail.com", kind.as_str())).await;
            refund(&app, &gw, &m).await.unwrap();
            webhook(
                &app,
                kind,
                &m,
                &format!("evt-after-{}", kind.as_str()),
                true,
            )
            .await;
            assert_eq!(
                state(&app, &m).await,
                done("refunded"),
                "{:?} {kind:?}",
                app.backend
            );
        }
    }
}

#[tokio::test]
async fn a_wrong_key_is_refused_by_each_provider_and_is_certain() {
    use server::payments::{PaymentError, RefundRequest};
    for kind in PROVIDERS {
        let (ledger, gateways) = crate::refund_fakes::start_keyed(kind, "-wrong").await;
        let request = RefundRequest {
            idempotency_key: "refund_1".into(),
            provider_payment_ref: "pay_1".into(),
            amount: Money {
                minor: 99,
                currency: "USD".into(),
                exponent: 2,
            },
            order_no: "CT1".into(),
        };
        let refused = gateways.get(kind).unwrap().refund(&request).await;
        assert!(
            matches!(
                refused,
                Err(PaymentError::Rejected {
                    status: 401 | 403,
                    ..
                })
            ),
            "{kind:?}: {refused:?}"
        );
        assert!(
            !refused.unwrap_err().is_uncertain(),
            "{kind:?}: never retried blindly"
        );
        assert_eq!(ledger.asked(), 0, "{kind:?}: nothing refunded");
    }
}
