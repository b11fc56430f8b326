//! `kill -9` of the renewal worker in the middle of a charge, and of an
//! instance before its retention sweep: the survivor settles the charge by
//! a lookup at the provider (one charge, the period moves once), and its
//! next sweep deletes every row past retention and nothing else.
use crate::cluster::{eventually, Instance};
use crate::Cluster;
use sea_orm::ActiveValue::Set;
use sea_orm::{ColumnTrait as _, EntityTrait as _, PaginatorTrait as _, QueryFilter as _};
use server::persistence::entities::{
    charge, click_point, operation_log, sandbox_payment, subscription,
};
use server::services::tracking::events::RETENTION_MS;

/// Makes the period of the only subscription due now; returns it.
async fn period_due(c: &Cluster) -> subscription::Model {
    let subs = subscription::Entity::find().all(&c.db).await.unwrap();
    assert_eq!(subs.len(), 1, "the subscription of the payment scene");
    let mut due: subscription::ActiveModel = subs[0].clone().into();
    due.current_period_end = Set(server::clock::now_ms() - 1_000);
    due.next_attempt_at = Set(None);
    subscription::Entity::update(due).exec(&c.db).await.unwrap();
    subs[0].clone()
}

/// Starts an instance whose sandbox answers renewal charges two minutes
/// after recording them and pauses `a` and `b`, so it takes the due period;
/// kills it while the sandbox has the charge and it has no answer. `a` and
/// `b` go on: one of them finds the charge past its lease, looks it up at
/// the provider and settles it. One charge, the period moves once.
pub async fn kill_9_mid_renewal_charges_once(c: &Cluster, a: &Instance, b: &Instance) {
    let slow = c
        .start_instance_with("r", &[("SANDBOX_LATENCY_MS", "120000")])
        .await;
    a.pause(true);
    b.pause(true);
    c.proxy.set_backends(&[slow.addr]);
    let sub = period_due(c).await;
    let next = sub.period_index + 1;
    let at_provider = move || {
        sandbox_payment::Entity::find()
            .filter(sandbox_payment::Column::Kind.eq("renewal"))
            .filter(
                sandbox_payment::Column::Reference.starts_with(format!("renew_{}_{next}_", sub.id)),
            )
    };
    let charges = move || {
        charge::Entity::find()
            .filter(charge::Column::SubscriptionId.eq(sub.id))
            .filter(charge::Column::PeriodIndex.eq(next))
    };
    eventually(
        "the renewal charge at the provider, unanswered",
        || async move {
            let recorded = at_provider().count(&c.db).await.unwrap() == 1;
            let row = charges().one(&c.db).await.unwrap()?;
            (recorded && row.status == "processing").then_some(())
        },
    )
    .await;
    slow.kill().await;
    a.pause(false);
    b.pause(false);
    c.proxy.set_backends(&[a.addr, b.addr]);
    let row = eventually("the cut-off charge settled", || async move {
        let row = charges().one(&c.db).await.unwrap()?;
        (row.status == "succeeded").then_some(row)
    })
    .await;
    assert_eq!(at_provider().count(&c.db).await.unwrap(), 1, "one charge");
    assert_eq!(charges().count(&c.db).await.unwrap(), 1);
    assert_eq!(row.attempts, 1, "settled by the lookup: {row:?}");
    let renewed = subscription::Entity::find_by_id(sub.id)
        .one(&c.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(renewed.period_index, next, "the period moved once");
    assert!(renewed.current_period_end > server::clock::now_ms());
}

/// A click point and an operation-log row created at `at`.
async fn tracking_rows(c: &Cluster, at: i64, n: usize) {
    for i in 0..n {
        let click = click_point::ActiveModel {
            btn_id: Set("locate".to_owned()),
            apk_channel: Set("SEO".to_owned()),
            os: Set(2),
            created_at: Set(at),
            ..Default::default()
        };
        click_point::Entity::insert(click)
            .exec(&c.db)
            .await
            .unwrap();
        let log = operation_log::ActiveModel {
            event_code: Set(format!("sweep-{i}")),
            event_type: Set(1),
            curr_document: Set("/".to_owned()),
            domain: Set("ct.test".to_owned()),
            apk_version_code: Set("1".to_owned()),
            phone_os: Set("other".to_owned()),
            track_id: Set(format!("t{i}")),
            version: Set("1".to_owned()),
            created_at: Set(at),
            ..Default::default()
        };
        operation_log::Entity::insert(log)
            .exec(&c.db)
            .await
            .unwrap();
    }
}

/// Tracking rows now: (past retention, within it).
async fn tracking_counts(c: &Cluster, cutoff: i64) -> (u64, u64) {
    let clicks = |old: bool| {
        let column = click_point::Column::CreatedAt;
        click_point::Entity::find().filter(if old {
            column.lt(cutoff)
        } else {
            column.gte(cutoff)
        })
    };
    let logs = |old: bool| {
        let column = operation_log::Column::CreatedAt;
        operation_log::Entity::find().filter(if old {
            column.lt(cutoff)
        } else {
            column.gte(cutoff)
        })
    };
    let old = clicks(true).count(&c.db).await.unwrap() + logs(true).count(&c.db).await.unwrap();
    let kept = clicks(false).count(&c.db).await.unwrap() + logs(false).count(&c.db).await.unwrap();
    (old, kept)
}

/// Kills `a`, whose sweep runs every poll (it may be cut off in the middle:
/// each table's delete is one statement, so a cut-off one changes nothing),
/// then writes rows past retention and fresh ones: the survivor's next
/// sweep deletes exactly the old ones. Returns `a` restarted, and `b`.
pub async fn kill_9_before_a_sweep_loses_nothing(
    c: &Cluster,
    a: Instance,
    b: Instance,
) -> (Instance, Instance) {
    a.kill().await;
    c.proxy.set_backends(&[b.addr]);
    let now = server::clock::now_ms();
    let cutoff = now - RETENTION_MS;
    let (_, kept_before) = tracking_counts(c, cutoff).await;
    tracking_rows(c, cutoff - 60_000, 3).await;
    tracking_rows(c, now, 2).await;
    // The survivor sweeps every poll, so some of the old rows written above
    // may already be gone: only the kept ones are counted exactly here.
    assert_eq!(tracking_counts(c, cutoff).await.1, kept_before + 4);
    eventually("the rows past retention deleted", || async move {
        (tracking_counts(c, cutoff).await.0 == 0).then_some(())
    })
    .await;
    assert_eq!(
        tracking_counts(c, cutoff).await,
        (0, kept_before + 4),
        "nothing else deleted"
    );
    let restarted = c.start_instance("a").await;
    c.proxy.set_backends(&[restarted.addr, b.addr]);
    (restarted, b)
}
