//! The job queue: each job runs once across workers, and a job whose worker
//! died mid-run is not run again blindly; on SQLite and PostgreSQL.
use crate::util::TestApp;
use futures::future::join_all;
use sea_orm::EntityTrait as _;
use server::persistence::entities::job;
use server::services::accounts::passwords::ResetCodeMail;
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

#[tokio::test]
async fn a_job_interrupted_mid_run_fails_instead_of_running_again() {
    for app in TestApp::all().await {
        let now = server::clock::now_ms();
        queue_mails(&app, 1, now).await;
        // A worker claims it and dies (no `finish`).
        assert_eq!(
            job_queue::claim_due::<ResetCodeMail>(&app.db, now, 10)
                .await
                .unwrap()
                .len(),
            1
        );
        // Another worker after the lease: the job is not handed out again.
        let later = now + 61_000;
        assert!(
            job_queue::claim_due::<ResetCodeMail>(&app.db, later, 10)
                .await
                .unwrap()
                .is_empty(),
            "{:?}",
            app.backend
        );
        let row = job::Entity::find().one(&app.db).await.unwrap().unwrap();
        assert_eq!(
            (row.status.as_str(), row.payload.as_str()),
            ("failed", ""),
            "{:?}",
            app.backend
        );
        assert_eq!(row.last_error.as_deref(), Some("interrupted"));
    }
}
