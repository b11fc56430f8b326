//! `server backup` and `server restore` on both databases: a backup taken
//! while rows are being written restores into a new database with every row
//! committed before it began, and nothing that was never committed.
use crate::util::{postgres_url, scratch_dir, TestApp};
use sea_orm::{ConnectionTrait as _, Database, DatabaseConnection, Statement};
use server::persistence::backup;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::Arc;

async fn execute(db: &DatabaseConnection, sql: &str) {
    db.execute_unprepared(sql)
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
}

async fn probe_ids(db: &DatabaseConnection) -> Vec<i64> {
    let backend = db.get_database_backend();
    db.query_all_raw(Statement::from_string(
        backend,
        "SELECT id FROM backup_probe ORDER BY id",
    ))
    .await
    .expect("probe rows")
    .iter()
    .map(|row| row.try_get_by_index::<i64>(0).expect("id"))
    .collect()
}

async fn count(db: &DatabaseConnection, table: &str) -> i64 {
    let backend = db.get_database_backend();
    let row = db
        .query_one_raw(Statement::from_string(
            backend,
            format!("SELECT COUNT(*) FROM {table}"),
        ))
        .await
        .expect("count")
        .expect("a row");
    row.try_get_by_index::<i64>(0).expect("count")
}

/// Writes numbered rows one by one until told to stop; the highest
/// committed number is published after each commit.
fn keep_writing(
    db: DatabaseConnection,
    stop: Arc<AtomicBool>,
    committed: Arc<AtomicI64>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut n = 0_i64;
        while !stop.load(Ordering::Relaxed) {
            n += 1;
            execute(
                &db,
                &format!("INSERT INTO backup_probe (id, body) VALUES ({n}, 'row {n}')"),
            )
            .await;
            committed.store(n, Ordering::Release);
        }
    })
}

/// A new, empty database of the same backend as `app`'s.
async fn empty_database(app: &TestApp) -> String {
    match postgres_url().await {
        Some(url) if app.db.get_database_backend() == sea_orm::DbBackend::Postgres => url,
        _ => format!("sqlite://{}/restored.db?mode=rwc", scratch_dir().display()),
    }
}

#[tokio::test]
async fn a_backup_under_write_load_restores_every_committed_row() {
    for app in TestApp::all().await {
        execute(
            &app.db,
            "CREATE TABLE backup_probe (id BIGINT PRIMARY KEY, body TEXT NOT NULL)",
        )
        .await;
        let stop = Arc::new(AtomicBool::new(false));
        let committed = Arc::new(AtomicI64::new(0));
        let writer = keep_writing(app.db.clone(), stop.clone(), committed.clone());
        while committed.load(Ordering::Acquire) < 200 {
            tokio::task::yield_now().await;
        }
        let before = committed.load(Ordering::Acquire);
        let file = scratch_dir().join("backup.bin");
        backup::backup(&app.state.config.database_url, &file)
            .await
            .unwrap_or_else(|e| panic!("{:?}: {e:#}", app.backend));
        stop.store(true, Ordering::Relaxed);
        writer.await.expect("writer");
        assert!(
            backup::backup(&app.state.config.database_url, &file)
                .await
                .is_err(),
            "a backup never overwrites"
        );

        let target = empty_database(&app).await;
        backup::restore(&file, &target)
            .await
            .unwrap_or_else(|e| panic!("{:?}: {e:#}", app.backend));
        let restored = Database::connect(&target).await.expect("restored db");
        let ids = probe_ids(&restored).await;
        let source = probe_ids(&app.db).await;
        // Every row committed before the backup began, in one unbroken run
        // (a consistent snapshot), and only rows that exist in the source.
        assert!(
            ids.len() as i64 >= before,
            "{:?}: {} < {before}",
            app.backend,
            ids.len()
        );
        assert_eq!(
            ids,
            (1..=ids.len() as i64).collect::<Vec<_>>(),
            "{:?}",
            app.backend
        );
        assert!(ids.len() <= source.len());
        for table in ["users", "seaql_migrations"] {
            assert_eq!(
                count(&restored, table).await,
                count(&app.db, table).await,
                "{:?}: {table}",
                app.backend
            );
        }
        assert!(
            backup::restore(&file, &target).await.is_err(),
            "{:?}: a restore never overwrites a database",
            app.backend
        );
    }
}
