//! Reverse lookup through the real router on SQLite and PostgreSQL: the
//! free and the full answer, the trust-weighted score (decay, brigading),
//! one report per member and number, bad input, and the daily limits.
use crate::api_locate::{member, API};
use crate::lookup_util::{account, label, lookup, report_as, DAY_MS, UK_E164, UK_MOBILE};
use crate::util::TestApp;
use futures::future::join_all;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait as _, EntityTrait as _, PaginatorTrait as _, QueryFilter as _};
use server::persistence::entities::{spam_report, usage_entry};

fn apps_trusting_forwarded_for() -> impl std::future::Future<Output = Vec<TestApp>> {
    TestApp::all_configured(|c| c.trust_forwarded_for = true)
}

#[tokio::test]
async fn a_visitor_sees_the_facts_and_a_subscriber_everything() {
    for app in apps_trusting_forwarded_for().await {
        let res = lookup(&app, "GB", UK_MOBILE, None, "198.51.100.20").await;
        let json = res.json();
        assert_eq!(json["success"], 1, "{:?}: {}", app.backend, res.body);
        let obj = &json["obj"];
        assert_eq!(obj["info"]["e164"], UK_E164);
        assert_eq!(obj["info"]["numberType"], "MOBILE");
        assert_eq!(obj["info"]["country"], "United Kingdom");
        let zone = obj["info"]["displayName"].as_str().unwrap();
        assert!(
            zone.starts_with("United Kingdom Time (UTC+"),
            "readable zone: {zone}"
        );
        assert!(
            !zone.contains("Guernsey") && !zone.contains(';'),
            "the number's own country's zone: {zone}"
        );
        assert_eq!(
            (
                obj["full"].as_bool(),
                obj["spam"].is_null(),
                obj["owner"].is_null()
            ),
            (Some(false), true, true)
        );
        assert_eq!(
            usage_entry::Entity::find().count(&app.db).await.unwrap(),
            0,
            "a visitor's lookup is not a use"
        );
        let token = member(&app, "lookupsub@mail.com").await;
        let full = lookup(&app, "GB", UK_MOBILE, Some(token.as_str()), "198.51.100.20")
            .await
            .json();
        assert_eq!(full["obj"]["full"], true);
        assert_eq!(full["obj"]["spam"]["label"], "no_reports");
        assert_eq!(full["obj"]["spam"]["reports"], 0);
        assert_eq!(
            usage_entry::Entity::find().count(&app.db).await.unwrap(),
            1,
            "a full lookup counts as using the service"
        );
        // Indonesian page: carrier and area names in the page's language.
        let id = app
            .get_with(
                &format!("{API}{}", app::api::lookup_path("ID", "081234567890")),
                &[("accept-language", "id")],
            )
            .await
            .json();
        assert_eq!(id["obj"]["info"]["country"], "Indonesia");
        assert!(
            id["obj"]["info"]["displayName"]
                .as_str()
                .unwrap()
                .contains("Waktu Indonesia Barat"),
            "{id}"
        );
    }
}

#[tokio::test]
async fn three_trusted_reports_make_likely_spam_and_reports_fade() {
    for app in apps_trusting_forwarded_for().await {
        let token = member(&app, "firstreporter@mail.com").await;
        let body =
            format!("country=GB&phone={UK_MOBILE}&category=scam&comment=Asked+for+my+bank+PIN");
        let res = app
            .send(
                "POST",
                &format!("{API}/lookup/report"),
                &[("token", &token)],
                Some(&body),
            )
            .await;
        assert_eq!(res.json()["success"], 1, "{:?}: {}", app.backend, res.body);
        assert_eq!(label(&app, &token, UK_MOBILE).await, "not_reliable");
        for i in 0..3 {
            let trusted = account(&app, &format!("trusted{i}@mail.com"), true, 90, true).await;
            report_as(
                &app,
                &trusted,
                UK_MOBILE,
                if i == 0 { "robocall" } else { "scam" },
            )
            .await
            .unwrap();
            let expected = ["not_reliable", "some_reports", "likely_spam"][i];
            assert_eq!(
                label(&app, &token, UK_MOBILE).await,
                expected,
                "{:?} after {} trusted",
                app.backend,
                i + 1
            );
        }
        let full = lookup(&app, "GB", UK_MOBILE, Some(token.as_str()), "198.51.100.21")
            .await
            .json();
        assert_eq!(full["obj"]["spam"]["reports"], 4);
        assert_eq!(full["obj"]["spam"]["topCategories"][0], "scam");
        // Half a year later the same reports no longer brand the number.
        spam_report::Entity::update_many()
            .col_expr(
                spam_report::Column::CreatedAt,
                Expr::value(server::clock::now_ms() - 200 * DAY_MS),
            )
            .exec(&app.db)
            .await
            .unwrap();
        // Written behind the service's back, so its cache must be told (another
        // instance's write would show within `FRESH_FOR_MS`).
        server::services::lookup::forget_all_facts(&app.state.cx());
        assert_eq!(label(&app, &token, UK_MOBILE).await, "not_reliable");
    }
}

#[tokio::test]
async fn a_brigade_of_new_accounts_does_not_flip_the_label() {
    for app in apps_trusting_forwarded_for().await {
        let viewer = member(&app, "brigadeviewer@mail.com").await;
        for i in 0..40 {
            // New accounts, half of them even paid for a trial.
            let fresh = account(
                &app,
                &format!("fresh{i}@mail.com"),
                i % 2 == 0,
                0,
                i % 2 == 0,
            )
            .await;
            report_as(&app, &fresh, UK_MOBILE, "harassment")
                .await
                .unwrap();
        }
        let res = lookup(
            &app,
            "GB",
            UK_MOBILE,
            Some(viewer.as_str()),
            "198.51.100.22",
        )
        .await
        .json();
        assert_eq!(
            res["obj"]["spam"]["label"], "not_reliable",
            "{:?}: {res}",
            app.backend
        );
        assert_eq!(res["obj"]["spam"]["reports"], 40);
        assert!(res["obj"]["spam"]["score"].as_f64().unwrap() <= 1.0 + 1e-9);
    }
}

#[tokio::test]
async fn one_report_per_member_and_number_and_bad_reports_are_refused() {
    for app in apps_trusting_forwarded_for().await {
        let token = member(&app, "onereport@mail.com").await;
        let post = |body: String| {
            let (app, token) = (&app, token.clone());
            async move {
                app.send(
                    "POST",
                    &format!("{API}/lookup/report"),
                    &[("token", &token)],
                    Some(&body),
                )
                .await
            }
        };
        assert_eq!(
            post(format!("country=GB&phone={UK_MOBILE}&category=robocall"))
                .await
                .json()["success"],
            1
        );
        let again = post(format!("country=GB&phone={UK_MOBILE}&category=scam"))
            .await
            .json();
        assert_eq!(
            again["msg"], "You already reported this number in the last 30 days.",
            "{again}"
        );
        let link = post(
            "country=GB&phone=07400123457&category=scam&comment=see+www.evil.example".to_owned(),
        )
        .await
        .json();
        assert_eq!(
            link["obj"]["commentErrorMsg"],
            "Please leave out links, e-mail addresses and phone numbers.",
            "{link}"
        );
        let long = post(format!(
            "country=GB&phone=07400123457&category=scam&comment={}",
            "a".repeat(301)
        ))
        .await
        .json();
        assert_eq!(
            long["obj"]["commentErrorMsg"],
            "The comment can be at most 300 characters."
        );
        let category = post("country=GB&phone=07400123457&category=bogus".to_owned())
            .await
            .json();
        assert_eq!(
            category["msg"],
            "Please choose what kind of calls or messages they were."
        );
        let number = post("country=GB&phone=abc&category=scam".to_owned())
            .await
            .json();
        assert_eq!(
            number["obj"]["phoneErrorMsg"],
            "Please enter the correct number"
        );
        let visitor = app
            .send(
                "POST",
                &format!("{API}/lookup/report"),
                &[],
                Some("country=GB&phone=07400123457&category=scam"),
            )
            .await;
        assert_eq!(visitor.status, 401);
        assert_eq!(spam_report::Entity::find().count(&app.db).await.unwrap(), 1);
    }
}

#[tokio::test]
async fn bad_input_gets_the_spec_message_and_never_a_5xx() {
    for app in apps_trusting_forwarded_for().await {
        let long = "1".repeat(260);
        for (country, phone) in [
            ("GB", " "),
            ("GB", "letters"),
            ("GB", long.as_str()),
            ("XX", "07400123456"),
            ("GB", "0740"),
        ] {
            let res = lookup(&app, country, phone, None, "198.51.100.23").await;
            assert!(res.status < 500, "{country} {phone:?}: {}", res.status);
            assert_eq!(
                res.json()["msg"],
                "Please enter the correct number",
                "{country} {phone:?}: {}",
                res.body
            );
        }
        let zh = app
            .get_with(
                &format!("{API}{}", app::api::lookup_path("GB", "abc")),
                &[("accept-language", "zh")],
            )
            .await;
        assert_ne!(
            zh.json()["msg"],
            "Please enter the correct number",
            "localized: {}",
            zh.body
        );
    }
}

#[tokio::test]
async fn a_burst_of_lookups_gets_exactly_the_daily_limit() {
    let apps = TestApp::all_configured(|c| {
        c.trust_forwarded_for = true;
        c.lookup.per_ip_day = 5;
    })
    .await;
    for app in apps {
        let burst = (0..20).map(|_| lookup(&app, "GB", UK_MOBILE, None, "198.51.100.24"));
        let statuses: Vec<u16> = join_all(burst)
            .await
            .into_iter()
            .map(|r| r.status)
            .collect();
        assert_eq!(
            statuses.iter().filter(|s| **s == 200).count(),
            5,
            "{:?}: {statuses:?}",
            app.backend
        );
        assert_eq!(statuses.iter().filter(|s| **s == 429).count(), 15);
        // Input errors spend nothing; another address has its own budget.
        assert_eq!(
            lookup(&app, "GB", "x", None, "198.51.100.24").await.json()["msg"],
            "Please enter the correct number"
        );
        assert_eq!(
            lookup(&app, "GB", UK_MOBILE, None, "198.51.100.25")
                .await
                .status,
            200
        );
        let reports = spam_report::Entity::find()
            .filter(spam_report::Column::PhoneE164.eq(UK_E164))
            .count(&app.db)
            .await
            .unwrap();
        assert_eq!(reports, 0);
    }
}
