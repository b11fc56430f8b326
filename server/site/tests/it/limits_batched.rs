//! The limit primitive for many keys in one statement: a key listed again
//! takes its units in order until its cap, and concurrent batches over the
//! same keys still let exactly the cap through, on SQLite and PostgreSQL.
use crate::util::TestApp;
use futures::future::join_all;
use sea_orm::TransactionTrait as _;
use server::services::limits::{self, Rule};

#[tokio::test]
async fn a_batch_grants_each_key_in_order_up_to_its_cap() {
    for app in TestApp::all().await {
        let b = app.backend;
        let rule = Rule::per_minutes(2, 60);
        let now = server::clock::now_ms();
        limits::take(&app.db, "full", rule, now).await.unwrap();
        limits::take(&app.db, "full", rule, now).await.unwrap();
        let keys = ["a", "full", "a", "a", "new", "a"];
        let granted = limits::take_each(&app.db, &keys, rule, now).await.unwrap();
        assert_eq!(granted, [true, false, true, false, true, false], "{b:?}");
        // The counters hold exactly what was granted: "a" and "full" are at the cap.
        for (key, left) in [("a", false), ("full", false), ("new", true)] {
            let more = limits::take(&app.db, key, rule, now).await.is_ok();
            assert_eq!(more, left, "{b:?}: {key}");
        }
        // A window that ended starts again with the batch's first unit.
        let later = now + 3_600_000;
        let granted = limits::take_each(&app.db, &["a", "a", "a"], rule, later).await;
        assert_eq!(granted.unwrap(), [true, true, false], "{b:?}");
        // A limit of zero grants nothing.
        let none = limits::take_each(&app.db, &["z"], Rule::per_minutes(0, 60), now).await;
        assert_eq!(none.unwrap(), [false], "{b:?}");
    }
}

#[tokio::test]
async fn concurrent_batches_over_the_same_keys_let_exactly_the_cap_through() {
    for app in TestApp::all().await {
        let rule = Rule::per_minutes(7, 60);
        let now = server::clock::now_ms();
        let batches = (0..12).map(|i| {
            let db = app.db.clone();
            tokio::spawn(async move {
                // Each batch in its own transaction, its keys in another order.
                let keys: Vec<&str> = if i % 2 == 0 {
                    vec!["x", "y", "x", "y", "z"]
                } else {
                    vec!["z", "y", "x", "x", "y"]
                };
                let txn = db.begin().await.unwrap();
                let granted = limits::take_each(&txn, &keys, rule, now).await.unwrap();
                txn.commit().await.unwrap();
                keys.into_iter()
                    .zip(granted)
                    .filter(|(_, g)| *g)
                    .map(|(k, _)| k)
                    .collect::<Vec<_>>()
            })
        });
        let taken: Vec<&str> = join_all(batches)
            .await
            .into_iter()
            .flat_map(Result::unwrap)
            .collect();
        for (key, cap) in [("x", 7), ("y", 7), ("z", 7)] {
            let got = taken.iter().filter(|k| **k == key).count();
            assert_eq!(got, cap, "{:?}: {key}", app.backend);
        }
    }
}
