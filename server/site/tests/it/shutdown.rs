//! Stopping an instance: its workers stop claiming, jobs they had claimed
//! but not started go back to the queue at once (another instance takes them
//! without waiting for a lease), and a send cut off mid-call is marked for
//! reconciliation instead of being repeated; on SQLite and PostgreSQL.
use crate::util::TestApp;
use sea_orm::{
    ActiveModelTrait as _, ActiveValue::Set, ColumnTrait as _, EntityTrait as _, QueryFilter as _,
    QueryOrder as _,
};
use server::persistence::entities::{dev_outbox, job, sms_queue};
use server::services::accounts::passwords::ResetCodeMail;
use server::services::job_queue;
use server::services::locate::queue::{self, NewSms};
use server::services::workers::{Phase, Stop, Work};
use server::startup::hand_back::hand_back;

async fn queue_mails(app: &TestApp, n: usize, now: i64) {
    for i in 0..n {
        job_queue::enqueue(
            &app.db,
            &ResetCodeMail {
                email: format!("nobody{i}@mail.com"),
            },
            now,
        )
        .await
        .unwrap();
    }
}

async fn jobs(app: &TestApp) -> Vec<job::Model> {
    job::Entity::find()
        .order_by_asc(job::Column::Id)
        .all(&app.db)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_stopping_mail_worker_releases_the_jobs_it_has_not_started() {
    for app in TestApp::all().await {
        let now = server::clock::now_ms();
        queue_mails(&app, 3, now).await;
        let stop = app.state.wakers.stop.clone();
        // The signal arrives while the first e-mail is being sent.
        let ran =
            server::jobs::run_mail_round::<ResetCodeMail>(&app.state, 10, async |_, _, _, _| {
                stop.request();
                Ok(())
            })
            .await
            .unwrap();
        assert_eq!(ran, 1, "{:?}", app.backend);
        let rows = jobs(&app).await;
        let states: Vec<_> = rows
            .iter()
            .map(|r| (r.status.as_str(), r.attempts))
            .collect();
        assert_eq!(
            states,
            [("done", 1), ("queued", 0), ("queued", 0)],
            "{:?}",
            app.backend
        );
        assert!(
            rows[1..]
                .iter()
                .all(|r| r.run_at <= server::clock::now_ms()),
            "{:?}: released jobs are due now",
            app.backend
        );
        assert!(
            app.state.wakers.stop.held().is_empty(),
            "{:?}: nothing is left held",
            app.backend
        );
        // Another instance takes them at once, with no lease to wait for.
        let taken = job_queue::claim_due::<ResetCodeMail>(&app.db, server::clock::now_ms(), 10)
            .await
            .unwrap();
        assert_eq!(taken.len(), 2, "{:?}", app.backend);
        // And a stopped worker claims nothing more.
        queue_mails(&app, 1, now).await;
        let ran = server::jobs::run_mail_round::<ResetCodeMail>(
            &app.state,
            10,
            async |_, _, _, _| Ok(()),
        )
        .await
        .unwrap();
        assert_eq!(ran, 0, "{:?}", app.backend);
    }
}

#[tokio::test]
async fn held_work_left_after_the_grace_is_released_or_marked_uncertain() {
    for app in TestApp::all().await {
        let now = server::clock::now_ms();
        queue_mails(&app, 2, now).await;
        let claimed = job_queue::claim_due::<ResetCodeMail>(&app.db, now, 10)
            .await
            .unwrap();
        let (not_started, mid_send) = (claimed[0].id, claimed[1].id);
        let sms = NewSms {
            request_id: None,
            seq: 1,
            purpose: "dnl_code",
            to: "+6281234567890",
            body: "code 123456",
        };
        queue::enqueue(&app.db, sms, now).await.unwrap();
        let message = sms_queue::Entity::find()
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        // A worker claimed it and was cut off during the provider call.
        let mut sending: sms_queue::ActiveModel = message.clone().into();
        sending.status = Set("sending".into());
        sending.attempts = Set(1);
        sending.attempted_at = Set(Some(now));
        sending.next_attempt_at = Set(now + 60_000);
        sending.update(&app.db).await.unwrap();

        let held = [
            (Work::Job(not_started), Phase::Claimed),
            (Work::Job(mid_send), Phase::Calling),
            (Work::Sms(message.id), Phase::Calling),
        ];
        let later = now + 1_000;
        assert_eq!(
            hand_back(&app.db, &held, later).await.unwrap(),
            3,
            "{:?}",
            app.backend
        );
        let rows = jobs(&app).await;
        assert_eq!(
            (rows[0].status.as_str(), rows[0].attempts, rows[0].run_at),
            ("queued", 0, later),
            "{:?}",
            app.backend
        );
        // A job cut off mid-call runs again later (its effects are idempotent).
        assert_eq!(
            (rows[1].status.as_str(), rows[1].last_error.as_deref()),
            ("queued", Some("interrupted")),
            "{:?}",
            app.backend
        );
        assert!(rows[1].run_at > later, "{:?}: after a backoff", app.backend);
        let row = sms_queue::Entity::find_by_id(message.id)
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (row.status.as_str(), row.next_attempt_at),
            ("uncertain", later),
            "{:?}",
            app.backend
        );
        // Handing back twice changes nothing: every update wants the row still held.
        assert_eq!(
            hand_back(&app.db, &held, later).await.unwrap(),
            0,
            "{:?}",
            app.backend
        );

        // The survivor looks the message up instead of sending it again.
        server::services::locate::sender::run_due(&app.db, &app.state.sms, later, 10)
            .await
            .unwrap();
        let kept = dev_outbox::Entity::find()
            .filter(dev_outbox::Column::Channel.eq("sms"))
            .all(&app.db)
            .await
            .unwrap();
        assert!(
            kept.is_empty(),
            "{:?}: an uncertain message was resent blindly",
            app.backend
        );
        let row = sms_queue::Entity::find_by_id(message.id)
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(row.status, "uncertain", "{:?}", app.backend);
    }
}

#[test]
fn a_hold_is_forgotten_when_done_but_kept_when_its_task_is_cancelled() {
    let stop = Stop::default();
    let done = stop.hold(Work::Sms(1));
    drop(done);
    assert!(stop.held().is_empty());
    let claimed = stop.hold(Work::Call(2));
    let calling = stop.hold(Work::Charge(3));
    calling.calling();
    stop.freeze();
    drop((claimed, calling));
    let mut held = stop.held();
    held.sort_by_key(|(work, _)| format!("{work:?}"));
    assert_eq!(
        held,
        [
            (Work::Call(2), Phase::Claimed),
            (Work::Charge(3), Phase::Calling)
        ]
    );
}
