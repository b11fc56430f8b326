//! A subscriber's lookups reuse the session this instance recognised a
//! moment ago; signing out, an ended subscription or a suspension written
//! by any instance still stops the full answer at the very next lookup, and
//! a burst of them gets exactly the account's daily cap.
use crate::api_locate::{member, API};
use crate::lookup_util::{lookup, UK_MOBILE};
use crate::util::TestApp;
use futures::future::join_all;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait as _, EntityTrait as _, PaginatorTrait as _, QueryFilter as _};
use server::persistence::entities::{usage_entry, user};

/// Whether a lookup with `token` got the subscriber's full answer.
async fn full(app: &TestApp, token: &str) -> bool {
    let res = lookup(app, "GB", UK_MOBILE, Some(token), "198.51.100.30").await;
    let json = res.json();
    assert_eq!(json["success"], 1, "{:?}: {}", app.backend, res.body);
    json["obj"]["full"] == true
}

async fn uses(app: &TestApp) -> u64 {
    usage_entry::Entity::find().count(&app.db).await.unwrap()
}

#[tokio::test]
async fn signing_out_on_another_instance_stops_the_full_lookup_at_once() {
    for app in TestApp::all().await {
        let other = app.another_instance().await;
        let token = member(&app, "recent@mail.com").await;
        assert!(full(&app, &token).await, "{:?}", app.backend);
        assert!(full(&app, &token).await, "{:?}: again", app.backend);
        let res = other
            .send(
                "DELETE",
                &format!("{API}/admin/userSession"),
                &[("token", &token)],
                None,
            )
            .await;
        assert_eq!(res.json()["success"], 1, "{}", res.body);
        assert!(
            !full(&app, &token).await,
            "{:?}: signed out on the other instance",
            app.backend
        );
        assert_eq!(uses(&app).await, 2, "{:?}: no use after", app.backend);
    }
}

#[tokio::test]
async fn an_ended_subscription_or_a_suspension_stops_it_at_once() {
    for app in TestApp::all().await {
        let lapsed = member(&app, "lapsed@mail.com").await;
        let suspended = member(&app, "suspended@mail.com").await;
        assert!(full(&app, &lapsed).await && full(&app, &suspended).await);
        // What another instance writes when access ends or support suspends.
        let change = |email: &'static str, column: user::Column, value: i64| {
            user::Entity::update_many()
                .col_expr(column, Expr::value(value))
                .filter(user::Column::EmailNormalized.eq(email))
                .exec(&app.db)
        };
        change("lapsed@mail.com", user::Column::VipTime, 0)
            .await
            .unwrap();
        change("suspended@mail.com", user::Column::SuspendedAt, 1)
            .await
            .unwrap();
        assert!(!full(&app, &lapsed).await, "{:?}: lapsed", app.backend);
        assert!(
            !full(&app, &suspended).await,
            "{:?}: suspended",
            app.backend
        );
        assert_eq!(uses(&app).await, 2, "{:?}: no use after", app.backend);
    }
}

#[tokio::test]
async fn a_burst_of_one_subscribers_lookups_from_many_addresses_gets_exactly_the_daily_cap() {
    let apps = TestApp::all_configured(|c| {
        c.trust_forwarded_for = true;
        c.lookup.per_account_day = 6;
    })
    .await;
    for app in apps {
        let token = member(&app, "burst@mail.com").await;
        // The first lookup recognises the session; the burst reuses it.
        assert!(full(&app, &token).await, "{:?}", app.backend);
        let addresses: Vec<String> = (0..40).map(|i| format!("198.51.100.{}", 100 + i)).collect();
        let burst = addresses
            .iter()
            .map(|ip| lookup(&app, "GB", UK_MOBILE, Some(&token), ip));
        let answers = join_all(burst).await;
        let full_answers = answers
            .iter()
            .filter(|r| r.status == 200 && r.json()["obj"]["full"] == true)
            .count();
        let refused = answers.iter().filter(|r| r.status == 429).count();
        assert_eq!((full_answers, refused), (5, 35), "{:?}", app.backend);
        assert_eq!(uses(&app).await, 6, "{:?}: one use per answer", app.backend);
    }
}

#[tokio::test]
async fn in_one_burst_a_signed_out_sessions_units_are_given_back_and_the_others_counted() {
    use server::persistence::entities::rate_limit_counter;
    for app in TestApp::all().await {
        let (ended, open) = (
            member(&app, "ended@mail.com").await,
            member(&app, "open@mail.com").await,
        );
        // Both recognised by this instance, then one signed out elsewhere.
        assert!(full(&app, &ended).await && full(&app, &open).await);
        let other = app.another_instance().await;
        let path = format!("{API}/admin/userSession");
        let res = other
            .send("DELETE", &path, &[("token", &ended)], None)
            .await;
        assert_eq!(res.json()["success"], 1, "{}", res.body);
        let tokens = (0..24).map(|i| if i % 2 == 0 { &ended } else { &open });
        let answers = join_all(tokens.map(|t| full(&app, t))).await;
        assert_eq!(
            answers.iter().filter(|f| **f).count(),
            12,
            "{:?}",
            app.backend
        );
        assert_eq!(uses(&app).await, 2 + 12, "{:?}", app.backend);
        let hits = |email: &'static str| {
            let db = app.db.clone();
            async move {
                let id = user::Entity::find()
                    .filter(user::Column::EmailNormalized.eq(email))
                    .one(&db)
                    .await
                    .unwrap()
                    .unwrap()
                    .id;
                rate_limit_counter::Entity::find_by_id(format!("lookups:user:{id}"))
                    .one(&db)
                    .await
                    .unwrap()
                    .map_or(0, |row| row.hits)
            }
        };
        // The signed-out account keeps only its one unit from before.
        assert_eq!(hits("ended@mail.com").await, 1, "{:?}", app.backend);
        assert_eq!(hits("open@mail.com").await, 13, "{:?}", app.backend);
    }
}

#[tokio::test]
async fn a_burst_mixing_visitors_from_many_addresses_and_a_subscriber_keeps_every_cap() {
    let apps = TestApp::all_configured(|c| {
        c.trust_forwarded_for = true;
        c.lookup.per_ip_day = 3;
        c.lookup.per_account_day = 4;
    })
    .await;
    for app in apps {
        let b = app.backend;
        let token = member(&app, "mixed@mail.com").await;
        assert!(full(&app, &token).await, "{b:?}");
        // Six addresses with five visitor lookups each, and ten of the
        // subscriber's, all at once: one group holds many keys and two rules.
        let visitors = (0..30).map(|i| (None, format!("203.0.113.{}", 10 + i % 6)));
        let member = (0..10).map(|i| (Some(token.as_str()), format!("192.0.2.{}", 50 + i)));
        let sent: Vec<(Option<&str>, String)> = visitors.chain(member).collect();
        let answers = join_all(
            sent.iter()
                .map(|(token, ip)| lookup(&app, "GB", UK_MOBILE, *token, ip)),
        )
        .await;
        for address in 0..6 {
            let ip = format!("203.0.113.{}", 10 + address);
            let statuses: Vec<u16> = sent
                .iter()
                .zip(&answers)
                .filter(|((token, from), _)| token.is_none() && *from == ip)
                .map(|(_, res)| res.status)
                .collect();
            let ok = statuses.iter().filter(|s| **s == 200).count();
            let refused = statuses.iter().filter(|s| **s == 429).count();
            assert_eq!((ok, refused), (3, 2), "{b:?} {ip}: {statuses:?}");
        }
        let full_answers = answers[30..]
            .iter()
            .filter(|r| r.status == 200 && r.json()["obj"]["full"] == true)
            .count();
        let refused = answers[30..].iter().filter(|r| r.status == 429).count();
        assert_eq!((full_answers, refused), (3, 7), "{b:?}");
        assert_eq!(uses(&app).await, 4, "{b:?}: one use per full answer");
    }
}
