//! The number owner's rights on SQLite and PostgreSQL: proof by texted
//! code, disputes (hidden until review, then kept or removed), the opt-in
//! directory (no name without it) and the opt-out; and reports of our own
//! calls that feed the abuse queue, not the recipient's score.
use crate::api_locate::{member, send_queued, API};
use crate::lookup_util::{account, lookup, report_as, UK_E164, UK_MOBILE};
use crate::util::TestApp;
use sea_orm::{ColumnTrait as _, EntityTrait as _, QueryFilter as _, QueryOrder as _};
use server::persistence::entities::{dev_outbox, spam_report};
use server::services::lookup::reports;

/// Texts an owner code to the UK number and reads it from the outbox.
async fn owner_code(app: &TestApp) -> String {
    let res = app
        .send(
            "POST",
            &format!("{API}/lookup/owner/code"),
            &[],
            Some(&format!("country=GB&phone={UK_MOBILE}")),
        )
        .await;
    assert_eq!(res.json()["success"], 1, "{:?}: {}", app.backend, res.body);
    send_queued(app).await;
    let sms = dev_outbox::Entity::find()
        .filter(dev_outbox::Column::Recipient.eq(UK_E164))
        .order_by_desc(dev_outbox::Column::Id)
        .one(&app.db)
        .await
        .unwrap()
        .expect("the code SMS");
    assert!(sms.body_text.contains("lookups"), "{}", sms.body_text);
    sms.body_text
        .split(|c: char| !c.is_ascii_digit())
        .find(|w| w.len() == 6)
        .expect("a 6-digit code")
        .to_owned()
}

async fn claim(app: &TestApp) -> String {
    let code = owner_code(app).await;
    let body = format!("country=GB&phone={UK_MOBILE}&code={code}");
    let res = app
        .send(
            "POST",
            &format!("{API}/lookup/owner/claim"),
            &[],
            Some(&body),
        )
        .await;
    let json = res.json();
    assert_eq!(json["success"], 1, "{}", res.body);
    json["obj"]["ownerToken"].as_str().unwrap().to_owned()
}

async fn owner_call(
    app: &TestApp,
    method: &str,
    path: &str,
    owner: &str,
    body: Option<&str>,
) -> serde_json::Value {
    app.send(
        method,
        &format!("{API}/lookup/owner{path}"),
        &[("owner-token", owner)],
        body,
    )
    .await
    .json()
}

#[tokio::test]
async fn the_owner_disputes_publishes_and_opts_out() {
    for app in TestApp::all_configured(|c| c.trust_forwarded_for = true).await {
        let viewer = member(&app, "ownerviewer@mail.com").await;
        let full = |ip: &'static str| lookup(&app, "GB", UK_MOBILE, Some(viewer.as_str()), ip);
        for i in 0..3 {
            let trusted = account(&app, &format!("ownertrusted{i}@mail.com"), true, 60, true).await;
            report_as(&app, &trusted, UK_MOBILE, "telemarketing")
                .await
                .unwrap();
        }
        assert_eq!(
            full("203.0.113.1").await.json()["obj"]["spam"]["label"],
            "likely_spam"
        );
        // A wrong code proves nothing.
        let _ = owner_code(&app).await;
        let wrong = app
            .send(
                "POST",
                &format!("{API}/lookup/owner/claim"),
                &[],
                Some(&format!("country=GB&phone={UK_MOBILE}&code=000000")),
            )
            .await;
        assert_eq!(wrong.json()["success"], 0);
        assert_eq!(
            owner_call(&app, "POST", "/dispute", "forged-token", None).await["success"],
            0
        );
        let owner = claim(&app).await;
        let view = owner_call(&app, "GET", "", &owner, None).await;
        assert_eq!(
            (
                view["obj"]["visibleReports"].as_u64(),
                view["obj"]["entry"].is_null()
            ),
            (Some(3), true),
            "{view}"
        );
        assert_eq!(
            owner_call(&app, "POST", "/dispute", &owner, None).await["obj"],
            3
        );
        let hidden = full("203.0.113.2").await.json();
        assert_eq!(hidden["obj"]["spam"]["label"], "no_reports", "{hidden}");
        assert_eq!(hidden["obj"]["spam"]["underReview"], true);
        assert!(
            hidden["obj"]["owner"].is_null(),
            "no name without the owner's entry"
        );
        // Publishing: refused with contacts in it, shown once valid.
        let bad = owner_call(
            &app,
            "PUT",
            "/directory",
            &owner,
            Some("name=Call+me+at+www.x.example&city="),
        )
        .await;
        assert!(bad["obj"]["nameErrorMsg"].is_string(), "{bad}");
        assert_eq!(
            owner_call(
                &app,
                "PUT",
                "/directory",
                &owner,
                Some("name=Budi+Santoso&city=Bandung")
            )
            .await["success"],
            1
        );
        let named = full("203.0.113.3").await.json();
        assert_eq!(
            (
                named["obj"]["owner"]["name"].as_str(),
                named["obj"]["owner"]["city"].as_str()
            ),
            (Some("Budi Santoso"), Some("Bandung"))
        );
        let visitor = lookup(&app, "GB", UK_MOBILE, None, "203.0.113.4")
            .await
            .json();
        assert!(
            visitor["obj"]["owner"].is_null(),
            "the full part is for subscribers"
        );
        // Opting out leaves only the numbering plan's facts.
        assert_eq!(
            owner_call(&app, "PUT", "/optOut", &owner, Some("optOut=true")).await["success"],
            1
        );
        let out = full("203.0.113.5").await.json();
        assert_eq!(
            (
                out["obj"]["optedOut"].as_bool(),
                out["obj"]["spam"].is_null(),
                out["obj"]["owner"].is_null()
            ),
            (Some(true), true, true)
        );
        assert_eq!(out["obj"]["info"]["numberType"], "MOBILE");
        assert_eq!(
            owner_call(&app, "PUT", "/optOut", &owner, Some("optOut=false")).await["success"],
            1
        );
        assert_eq!(
            owner_call(&app, "DELETE", "/directory", &owner, None).await["success"],
            1
        );
        assert!(full("203.0.113.6").await.json()["obj"]["owner"].is_null());
    }
}

#[tokio::test]
async fn review_keeps_or_removes_and_removed_reports_cost_trust() {
    for app in TestApp::all().await {
        let reporter = account(&app, "reviewed@mail.com", true, 60, true).await;
        report_as(&app, &reporter, UK_MOBILE, "scam").await.unwrap();
        report_as(&app, &reporter, "07400123457", "scam")
            .await
            .unwrap();
        assert_eq!(
            reports::dispute_all(&app.db, UK_E164, server::clock::now_ms())
                .await
                .unwrap(),
            1
        );
        let ids: Vec<i64> = spam_report::Entity::find()
            .order_by_asc(spam_report::Column::Id)
            .all(&app.db)
            .await
            .unwrap()
            .iter()
            .map(|r| r.id)
            .collect();
        let cx = app.state.cx();
        reports::review(&cx, ids[0], false).await.unwrap();
        assert!(
            reports::review(&cx, ids[0], true).await.is_err(),
            "only a disputed report is decided"
        );
        assert!(
            reports::review(&cx, ids[1], false).await.is_err(),
            "a visible report was not disputed"
        );
        report_as(&app, &reporter, "07400123458", "scam")
            .await
            .unwrap();
        let newest = spam_report::Entity::find()
            .order_by_desc(spam_report::Column::Id)
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        assert!(
            newest.weight < 0.5,
            "{:?}: a removed report lowers trust: {}",
            app.backend,
            newest.weight
        );
        // A kept report cannot be disputed again.
        reports::dispute_all(&app.db, "+447400123458", server::clock::now_ms())
            .await
            .unwrap();
        reports::review(&cx, newest.id, true).await.unwrap();
        assert_eq!(
            reports::dispute_all(&app.db, "+447400123458", server::clock::now_ms())
                .await
                .unwrap(),
            0
        );
    }
}

#[tokio::test]
async fn a_report_texted_back_goes_to_the_abuse_queue_not_a_spam_score() {
    use server::persistence::entities::abuse_report;
    use server::services::locate::sms_events::{self, OptKeyword};
    for app in TestApp::all().await {
        let token = member(&app, "reportedrequester@mail.com").await;
        let id = crate::api_locate::created_id(&app, &token, crate::api_locate::NUMBER).await;
        let e164 = crate::api_locate::E164;
        sms_events::record_keyword(&app.db, e164, OptKeyword::Report, server::clock::now_ms())
            .await
            .unwrap();
        sms_events::record_keyword(&app.db, e164, OptKeyword::Report, server::clock::now_ms())
            .await
            .unwrap();
        let queued = abuse_report::Entity::find().all(&app.db).await.unwrap();
        assert_eq!(
            queued.len(),
            1,
            "{:?}: texting REPORT twice is one report",
            app.backend
        );
        assert_eq!(
            (queued[0].source.as_str(), queued[0].subject_id),
            ("locate_sms", id)
        );
        assert!(queued[0].accused_user_id.is_some());
        assert!(
            server::services::locate::registry::is_blocked(&app.db, e164)
                .await
                .unwrap()
        );
        let spam = spam_report::Entity::find()
            .filter(spam_report::Column::PhoneE164.eq(e164))
            .all(&app.db)
            .await
            .unwrap();
        assert!(spam.is_empty(), "the reporter's own number is not reported");
    }
}

#[tokio::test]
async fn the_owner_page_shows_the_session_privately_and_a_forged_cookie_nothing() {
    for app in TestApp::all().await {
        let owner = claim(&app).await;
        let cookie = format!("number_owner={owner}");
        let page = app
            .get_with("/telecom/owner", &[("cookie", cookie.as_str())])
            .await;
        assert_eq!(page.status, 200);
        assert!(
            page.body.contains(r#"id="owner-panel""#) && page.body.contains("+44 7400 123456"),
            "{:?}",
            app.backend
        );
        assert!(page
            .header("cache-control")
            .unwrap_or_default()
            .contains("no-store"));
        let forged = app
            .get_with("/telecom/owner", &[("cookie", "number_owner=forged")])
            .await;
        assert!(
            !forged.body.contains(r#"id="owner-panel""#)
                && forged.body.contains(r#"id="owner-code-form""#)
        );
    }
}
