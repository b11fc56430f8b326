//! The job queue: each job is claimed by one worker at a time; a job whose
//! worker died mid-run runs again (a bounded number of times) and its mail
//! reaches the receiver once; on SQLite and PostgreSQL.
use crate::util::TestApp;
use futures::future::join_all;
use sea_orm::EntityTrait as _;
use server::persistence::entities::job;
use server::services::accounts::passwords::{self, ResetCodeMail};
use server::services::job_queue;

async fn queue_mails(app: &TestApp, n: usize, now: i64) {
    for i in 0..n {
        job_queue::enqueue(
            &app.db,
            &ResetCodeMail {
                email: format!("user{i}@mail.com"),
            },
            now,
        )
        .await
        .unwrap();
    }
}

#[tokio::test]
async fn concurrent_workers_claim_each_job_once() {
    for app in TestApp::all().await {
        let now = server::clock::now_ms();
        queue_mails(&app, 30, now).await;
        let workers = (0..4).map(|_| {
            let db = app.db.clone();
            tokio::spawn(async move {
                job_queue::claim_due::<ResetCodeMail>(&db, now, 100)
                    .await
                    .unwrap()
            })
        });
        let mut ids: Vec<i64> = join_all(workers)
            .await
            .into_iter()
            .flat_map(|w| w.unwrap())
            .map(|c| c.id)
            .collect();
        ids.sort_unstable();
        let claimed = ids.len();
        ids.dedup();
        assert_eq!(
            (claimed, ids.len()),
            (30, 30),
            "{:?}: a job was claimed twice or lost",
            app.backend
        );
    }
}

/// The e-mails kept for `to` (the receiver's view of the outbox transport).
async fn mails_to(
    app: &TestApp,
    to: &str,
) -> Vec<server::persistence::entities::dev_outbox::Model> {
    let filter = server::persistence::outbox::OutboxFilter {
        recipient: Some(to.into()),
        ..Default::default()
    };
    server::persistence::outbox::list(&app.db, &filter)
        .await
        .unwrap()
}

async fn the_job(app: &TestApp) -> job::Model {
    job::Entity::find().one(&app.db).await.unwrap().unwrap()
}

#[tokio::test]
async fn a_job_whose_worker_died_runs_again_and_its_mail_arrives_once() {
    for app in TestApp::all().await {
        let now = 1_780_000_000_000;
        app.state.clock.set(now);
        for (email, mailed_before_dying) in [("died@mail.com", true), ("early@mail.com", false)] {
            crate::api_locate::member(&app, email).await;
            job_queue::enqueue(
                &app.db,
                &ResetCodeMail {
                    email: email.into(),
                },
                app.state.now_ms(),
            )
            .await
            .unwrap();
            // A worker claims it, perhaps mails, and dies (no `finish`).
            let claimed = job_queue::claim_due::<ResetCodeMail>(&app.db, app.state.now_ms(), 10)
                .await
                .unwrap();
            assert_eq!(claimed.len(), 1, "{:?}", app.backend);
            let job = &claimed[0];
            if mailed_before_dying {
                let mailer = app.state.mailer.for_job(job.id, job.queued_at);
                passwords::mail_reset_code(
                    &app.state.cx(),
                    &mailer,
                    &app.state.brand(),
                    &job.input,
                )
                .await
                .unwrap();
            }
            // Within the lease nobody takes it; after it, it runs again after its backoff.
            assert_eq!(server::jobs::run_mail_jobs(&app.state).await.unwrap(), 0);
            app.state.clock.advance(61_000);
            assert_eq!(server::jobs::run_mail_jobs(&app.state).await.unwrap(), 0);
            app.state.clock.advance(job_queue::backoff_ms(1));
            assert_eq!(
                server::jobs::run_mail_jobs(&app.state).await.unwrap(),
                1,
                "{:?}",
                app.backend
            );
            let row = job::Entity::find_by_id(job.id)
                .one(&app.db)
                .await
                .unwrap()
                .unwrap();
            assert_eq!(
                (row.status.as_str(), row.attempts),
                ("done", 2),
                "{:?}",
                app.backend
            );
            let kept = mails_to(&app, email).await;
            assert_eq!(
                kept.len(),
                1,
                "{:?}: {email} got {} mails",
                app.backend,
                kept.len()
            );
            assert_eq!(
                kept[0].message_id.as_deref(),
                Some(format!("<job.{}.{}@outbox>", job.id, job.queued_at).as_str())
            );
        }
    }
}

#[tokio::test]
async fn a_job_cut_off_every_time_fails_after_the_attempt_cap() {
    for app in TestApp::all().await {
        let mut now = 1_780_000_000_000;
        queue_mails(&app, 1, now).await;
        for attempt in 1..=job_queue::MAX_ATTEMPTS {
            let claimed = job_queue::claim_due::<ResetCodeMail>(&app.db, now, 10)
                .await
                .unwrap();
            assert_eq!(claimed.len(), 1, "{:?}: run {attempt}", app.backend);
            // The lease runs out: seen, and queued again after the backoff.
            now += 61_000;
            assert!(job_queue::claim_due::<ResetCodeMail>(&app.db, now, 10)
                .await
                .unwrap()
                .is_empty());
            now += job_queue::backoff_ms(attempt);
        }
        let row = the_job(&app).await;
        assert_eq!(
            (row.status.as_str(), row.payload.as_str(), row.attempts),
            ("failed", "", job_queue::MAX_ATTEMPTS),
            "{:?}",
            app.backend
        );
        assert_eq!(row.last_error.as_deref(), Some("interrupted"));
    }
}
