//! What support does from the console, on SQLite and PostgreSQL: find a
//! customer, refund (once, within policy unless an admin), cancel, suspend,
//! decide abuse reports, answer the help chat; each action audited once.
use crate::api_accounts::{make_user, session_of};
use crate::api_locate::{create, E164, NUMBER};
use crate::billing_util::{deliver, enter, pay, CARD_OK};
use crate::console_util::*;
use crate::help_chat_util::{self, Who};
use crate::util::TestApp;
use app::model::console::StaffRole;
use sea_orm::{
    ActiveModelTrait as _, ActiveValue::Set, ColumnTrait as _, EntityTrait as _, QueryFilter as _,
    QueryOrder as _,
};
use server::persistence::entities::{abuse_report, locate_request, order, sandbox_payment, user};

/// A customer who paid a trial in the sandbox: (user id, order no, session token).
pub(crate) async fn paying(app: &TestApp, email: &str) -> (i64, String, String) {
    let (order_no, cookie) = pay(app, email, CARD_OK).await;
    deliver(app, server::clock::now_ms()).await;
    let entered = enter(app, &cookie).await;
    let session = entered
        .headers
        .get_all("set-cookie")
        .iter()
        .find(|c| c.to_str().unwrap().starts_with("token="))
        .expect("session");
    let token = session
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .trim_start_matches("token=")
        .to_owned();
    let id = user::Entity::find()
        .filter(user::Column::EmailNormalized.eq(email))
        .one(&app.db)
        .await
        .unwrap()
        .unwrap()
        .id;
    (id, order_no, token)
}

/// `0812-3456-7890` finds who contacted +62 812-3456-7890: in the country
/// support names, else in the countries customers paid from.
async fn national_numbers_are_read_in_a_country(app: &TestApp, staff: &str, id: i64) {
    let found = |path: String| async move {
        let res = call(app, staff, "GET", &path, None).await.json();
        let rows = res["obj"].as_array().cloned().unwrap_or_default();
        rows.iter()
            .map(|r| (r["id"].as_i64(), r["matchedBy"].as_str().map(str::to_owned)))
            .collect::<Vec<_>>()
    };
    let q = app::api::encode("0812-3456-7890");
    let hit = vec![(Some(id), Some("number".to_owned()))];
    assert_eq!(found(format!("/customers?q={q}&country=id")).await, hit);
    assert_eq!(found(format!("/customers?q={q}&country=US")).await, vec![]);
    let orders = order::Entity::find().all(&app.db).await.unwrap();
    for o in orders {
        let mut o: order::ActiveModel = o.into();
        o.country = Set("US".into());
        o.update(&app.db).await.unwrap();
    }
    assert_eq!(
        found(format!("/customers?q={q}")).await,
        vec![],
        "{:?}",
        app.backend
    );
    let o = order::Entity::find().one(&app.db).await.unwrap().unwrap();
    let mut o: order::ActiveModel = o.into();
    o.country = Set("ID".into());
    o.update(&app.db).await.unwrap();
    assert_eq!(
        found(format!("/customers?q={q}")).await,
        hit,
        "{:?}",
        app.backend
    );
}

async fn refunds(app: &TestApp) -> usize {
    sandbox_payment::Entity::find()
        .filter(sandbox_payment::Column::Kind.eq("refund"))
        .all(&app.db)
        .await
        .unwrap()
        .len()
}

#[tokio::test]
async fn support_finds_a_customer_by_email_number_and_order() {
    for app in TestApp::all().await {
        let (id, order_no, token) = paying(&app, "finder@mail.com").await;
        assert_eq!(
            create(&app, &token, NUMBER, "worried").await.json()["success"],
            1
        );
        let staff = staff_token(&app, "fia@support.com", StaffRole::Support).await;
        for (q, how) in [
            ("FINDER@mail.com", "email"),
            ("nder@mai", "email"),
            (E164, "number"),
            ("62 812 3456 7890", "number"),
            (order_no.as_str(), "order"),
        ] {
            let res = call(
                &app,
                &staff,
                "GET",
                &format!("/customers?q={}", app::api::encode(q)),
                None,
            )
            .await
            .json();
            let rows = res["obj"]
                .as_array()
                .unwrap_or_else(|| panic!("{:?} {q}: {res}", app.backend));
            assert_eq!(
                (
                    rows.len(),
                    rows[0]["id"].as_i64(),
                    rows[0]["matchedBy"].as_str()
                ),
                (1, Some(id), Some(how)),
                "{:?} {q}",
                app.backend
            );
        }
        national_numbers_are_read_in_a_country(&app, &staff, id).await;
        let none = call(&app, &staff, "GET", "/customers?q=%25%25%25", None)
            .await
            .json();
        assert_eq!(
            none["obj"].as_array().map(Vec::len),
            Some(0),
            "LIKE wildcards are literal"
        );
        let short = call(&app, &staff, "GET", "/customers?q=ab", None)
            .await
            .json();
        assert_eq!(short["success"], 0);
        let detail = call(&app, &staff, "GET", &format!("/customers/{id}"), None).await;
        assert_eq!(detail.header("cache-control"), Some("no-store"));
        let detail = detail.json()["obj"].clone();
        assert_eq!(
            detail["orders"][0]["orderNo"].as_str(),
            Some(order_no.as_str()),
            "{:?}: {detail}",
            app.backend
        );
        assert!(
            detail["orders"][0]["events"]
                .as_array()
                .unwrap()
                .iter()
                .any(|e| e["kind"] == "checkout_paid"),
            "{detail}"
        );
        assert_eq!(
            (
                detail["billing"]["charges"].as_array().map(Vec::len),
                detail["locateRequests"].as_u64()
            ),
            (Some(1), Some(1))
        );
        assert_eq!(detail["audit"][0]["action"], "customer_view");
        assert_eq!(
            call(&app, &staff, "GET", "/customers/999999", None)
                .await
                .status,
            404
        );
    }
}

#[tokio::test]
async fn support_refunds_once_within_policy_and_an_admin_beyond_it() {
    for app in TestApp::all().await {
        let (id, _, _) = paying(&app, "refund@mail.com").await;
        let support = staff_token(&app, "gus@support.com", StaffRole::Support).await;
        let detail = call(&app, &support, "GET", &format!("/customers/{id}"), None)
            .await
            .json();
        let charge = detail["obj"]["billing"]["charges"][0]["id"]
            .as_i64()
            .unwrap();
        let path = format!("/charges/{charge}/refund");
        let no_reason = call(&app, &support, "POST", &path, Some("reason="))
            .await
            .json();
        assert_eq!(
            no_reason["msg"],
            "Please give a reason (it is kept in the audit log)."
        );
        let (a, b) = tokio::join!(
            call(&app, &support, "POST", &path, Some("reason=asked+by+mail")),
            call(&app, &support, "POST", &path, Some("reason=asked+by+mail"))
        );
        assert!(
            [&a, &b].iter().any(|r| r.json()["success"] == 1),
            "{:?}: {} / {}",
            app.backend,
            a.body,
            b.body
        );
        assert_eq!(
            (refunds(&app).await, audited(&app, "refund").await),
            (1, 1),
            "{:?}: refunded and audited once",
            app.backend
        );
        let again = call(&app, &support, "POST", &path, Some("reason=again"))
            .await
            .json();
        assert_eq!(again["msg"], "This charge has already been refunded.");

        let (used_id, _, token) = paying(&app, "used@mail.com").await;
        assert_eq!(
            create(&app, &token, NUMBER, "worried").await.json()["success"],
            1,
            "the service is used"
        );
        let detail = call(
            &app,
            &support,
            "GET",
            &format!("/customers/{used_id}"),
            None,
        )
        .await
        .json();
        let used_charge = detail["obj"]["billing"]["charges"][0]["id"]
            .as_i64()
            .unwrap();
        let path = format!("/charges/{used_charge}/refund");
        let refused = call(&app, &support, "POST", &path, Some("reason=goodwill"))
            .await
            .json();
        assert_eq!(
            refused["msg"],
            "This charge is outside the customer's refund policy; only an admin can refund it.",
            "{:?}",
            app.backend
        );
        assert_eq!(refunds(&app).await, 1);
        let admin = staff_token(&app, "hana@support.com", StaffRole::Admin).await;
        let allowed = call(&app, &admin, "POST", &path, Some("reason=goodwill"))
            .await
            .json();
        assert_eq!(allowed["success"], 1, "{:?}: {allowed}", app.backend);
        assert_eq!((refunds(&app).await, audited(&app, "refund").await), (2, 2));
        let log = call(&app, &admin, "GET", "/audit", None).await.json();
        assert!(
            log["obj"][0]["detail"]
                .as_str()
                .unwrap()
                .contains("outside policy: service_used"),
            "{log}"
        );
    }
}

#[tokio::test]
async fn support_cancels_and_only_an_admin_suspends_which_ends_the_customer_s_sessions() {
    for app in TestApp::all().await {
        let (id, _, _) = paying(&app, "cancel@mail.com").await;
        let support = staff_token(&app, "ida@support.com", StaffRole::Support).await;
        let cancelled = call(
            &app,
            &support,
            "POST",
            &format!("/customers/{id}/cancel"),
            Some("reason=asked+in+chat"),
        )
        .await
        .json();
        assert_eq!(
            cancelled["obj"]["subscription"]["cancelAtPeriodEnd"], true,
            "{:?}: {cancelled}",
            app.backend
        );
        call(
            &app,
            &support,
            "POST",
            &format!("/customers/{id}/cancel"),
            Some("reason=again"),
        )
        .await;
        assert_eq!(
            audited(&app, "cancel").await,
            1,
            "nothing left to cancel is not a second action"
        );

        let member = make_user(&app, "sus@mail.com", "secret-123").await;
        let (token, _) = session_of(&app, "sus@mail.com", "secret-123").await;
        let path = format!("/customers/{member}/suspend");
        assert_eq!(
            call(&app, &support, "POST", &path, Some("reason=fraud"))
                .await
                .status,
            403
        );
        let admin = staff_token(&app, "joko@support.com", StaffRole::Admin).await;
        let suspended = call(&app, &admin, "POST", &path, Some("reason=fraud"))
            .await
            .json();
        assert_eq!(
            suspended["obj"]["suspended"], true,
            "{:?}: {suspended}",
            app.backend
        );
        let property = app
            .get_with(
                "/api_f/v1/other/user/property",
                &[("token", token.as_str())],
            )
            .await;
        assert_eq!(
            property.status, 401,
            "{:?}: the customer's token stopped working",
            app.backend
        );
        let login = app
            .send(
                "POST",
                "/api_f/v1/admin/userSession",
                &[],
                Some("email=sus%40mail.com&password=secret-123"),
            )
            .await
            .json();
        assert_eq!(
            login["msg"], "The e-mail or password is incorrect.",
            "{:?}",
            app.backend
        );
        let back = call(
            &app,
            &admin,
            "POST",
            &format!("/customers/{member}/reinstate"),
            Some("reason=cleared"),
        )
        .await
        .json();
        assert_eq!(back["obj"]["suspended"], false);
        session_of(&app, "sus@mail.com", "secret-123").await;
        assert_eq!(
            (
                audited(&app, "suspend").await,
                audited(&app, "reinstate").await
            ),
            (1, 1)
        );
    }
}

#[tokio::test]
async fn blocking_a_requester_stops_their_requests_to_the_reporting_number_only() {
    for app in TestApp::all().await {
        let accused = make_user(&app, "pest@mail.com", "secret-123").await;
        let (pest, _) = session_of(&app, "pest@mail.com", "secret-123").await;
        make_user(&app, "other@mail.com", "secret-123").await;
        let (other, _) = session_of(&app, "other@mail.com", "secret-123").await;
        let first = create(&app, &pest, NUMBER, "worried").await.json()["obj"]["id"]
            .as_i64()
            .unwrap();
        let report = abuse_report::ActiveModel {
            source: Set("locate_sms".into()),
            subject_id: Set(first),
            accused_user_id: Set(Some(accused)),
            reporter_e164: Set(E164.into()),
            status: Set("open".into()),
            created_at: Set(server::clock::now_ms()),
            ..Default::default()
        };
        let report = abuse_report::Entity::insert(report)
            .exec_with_returning(&app.db)
            .await
            .unwrap()
            .id;
        let support = staff_token(&app, "kiki@support.com", StaffRole::Support).await;
        let queue = call(&app, &support, "GET", "/abuse?status=open", None)
            .await
            .json();
        let line = &queue["obj"][0];
        assert_eq!(
            (line["source"].as_str(), line["accusedEmail"].as_str()),
            (Some("locate_request"), Some("pest@mail.com")),
            "{queue}"
        );
        let masked = line["reporterMasked"].as_str().unwrap();
        assert!(
            masked.contains('•') && masked.ends_with("890") && !masked.contains("3456"),
            "{masked}"
        );
        let path = format!("/abuse/{report}");
        assert_eq!(
            call(
                &app,
                &support,
                "POST",
                &path,
                Some("action=suspend_account&note=x")
            )
            .await
            .status,
            403
        );
        assert_eq!(
            call(&app, &support, "POST", &path, Some("action=uphold_dispute"))
                .await
                .json()["success"],
            0,
            "not a dispute"
        );
        let decided = call(
            &app,
            &support,
            "POST",
            &path,
            Some("action=block_requester&note=texted+STOP"),
        )
        .await
        .json();
        assert_eq!(
            decided["obj"]["status"], "requester_blocked",
            "{:?}: {decided}",
            app.backend
        );
        let twice = call(&app, &support, "POST", &path, Some("action=dismiss"))
            .await
            .json();
        assert_eq!(twice["msg"], "This report has already been decided.");
        let closed = call(&app, &support, "GET", "/abuse?status=closed", None)
            .await
            .json();
        assert_eq!(closed["obj"][0]["id"].as_i64(), Some(report));

        let again = create(&app, &pest, NUMBER, "worried").await.json();
        assert_eq!(
            again["obj"]["phoneErrorMsg"],
            "The owner of this number has asked not to receive location requests through our service.",
            "{:?}: {again}",
            app.backend
        );
        let elsewhere = create(&app, &pest, "0812-9999-0000", "worried")
            .await
            .json();
        assert_eq!(
            elsewhere["obj"]["status"], "created",
            "{:?}: other numbers are not blocked",
            app.backend
        );
        let others = create(&app, &other, NUMBER, "worried").await.json();
        assert_eq!(
            others["obj"]["status"], "created",
            "{:?}: other requesters are not blocked",
            app.backend
        );
        let sent_to_number = locate_request::Entity::find()
            .filter(locate_request::Column::PhoneE164.eq(E164))
            .filter(locate_request::Column::Status.eq("created"))
            .all(&app.db)
            .await
            .unwrap();
        assert_eq!(
            sent_to_number.len(),
            2,
            "the first request and the other requester's"
        );
        assert_eq!(audited(&app, "abuse_decision").await, 1);
    }
}

#[tokio::test]
async fn a_staff_reply_reaches_the_visitor_s_conversation() {
    for app in TestApp::all().await {
        let mut visitor = Who::visitor("203.0.113.9");
        let (conversation, _) =
            help_chat_util::sent(&app, &mut visitor, "Hello, is anyone there?").await;
        let support = staff_token(&app, "lina@support.com", StaffRole::Support).await;
        let inbox = call(&app, &support, "GET", "/chats", None).await.json();
        assert_eq!(
            (
                inbox["obj"][0]["id"].as_i64(),
                inbox["obj"][0]["unread"].as_u64()
            ),
            (Some(conversation), Some(1)),
            "{inbox}"
        );
        assert_eq!(inbox["obj"][0]["identity"], "visitor");
        let thread = call(
            &app,
            &support,
            "GET",
            &format!("/chats/{conversation}"),
            None,
        )
        .await
        .json();
        assert_eq!(
            thread["obj"]["messages"][0]["body"],
            "Hello, is anyone there?"
        );
        let empty = call(
            &app,
            &support,
            "POST",
            &format!("/chats/{conversation}/reply"),
            Some("body=+"),
        )
        .await
        .json();
        assert_eq!(empty["success"], 0);
        let reply = call(
            &app,
            &support,
            "POST",
            &format!("/chats/{conversation}/reply"),
            Some("body=Yes%2C+how+can+we+help%3F"),
        )
        .await
        .json();
        assert_eq!(
            reply["obj"]["author"], "staff",
            "{:?}: {reply}",
            app.backend
        );
        let seen = help_chat_util::call(
            &app,
            &visitor,
            "GET",
            &format!("/chat/conversations/{conversation}/messages?after=0"),
            None,
        )
        .await
        .json();
        let bodies: Vec<&str> = seen["obj"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|m| m["body"].as_str())
            .collect();
        assert_eq!(
            bodies,
            ["Hello, is anyone there?", "Yes, how can we help?"],
            "{:?}",
            app.backend
        );
        assert_eq!(audited(&app, "chat_reply").await, 1);
    }
}

#[tokio::test]
async fn an_owner_s_spam_dispute_lands_in_the_queue_and_is_upheld_or_dismissed() {
    use crate::lookup_util::{account, report_as, UK_E164, UK_MOBILE};
    use server::persistence::entities::spam_report;
    for app in TestApp::all().await {
        let a = account(&app, "reporter-a@mail.com", true, 60, true).await;
        let b = account(&app, "reporter-b@mail.com", true, 60, true).await;
        report_as(&app, &a, UK_MOBILE, "scam").await.unwrap();
        report_as(&app, &b, UK_MOBILE, "scam").await.unwrap();
        server::services::lookup::reports::dispute_all(&app.db, UK_E164, server::clock::now_ms())
            .await
            .unwrap();
        let support = staff_token(&app, "mira@support.com", StaffRole::Support).await;
        let queue = call(&app, &support, "GET", "/abuse", None).await.json();
        let lines = queue["obj"].as_array().unwrap();
        assert_eq!(
            lines.len(),
            2,
            "{:?}: one queue line per disputed report: {queue}",
            app.backend
        );
        assert!(lines.iter().all(|l| l["source"] == "spam_dispute"));
        let (first, second) = (
            lines[0]["id"].as_i64().unwrap(),
            lines[1]["id"].as_i64().unwrap(),
        );
        let blocked = call(
            &app,
            &support,
            "POST",
            &format!("/abuse/{first}"),
            Some("action=block_requester"),
        )
        .await
        .json();
        assert_eq!(blocked["msg"], "This action does not fit this report.");
        let upheld = call(
            &app,
            &support,
            "POST",
            &format!("/abuse/{first}"),
            Some("action=uphold_dispute&note=not+spam"),
        )
        .await
        .json();
        assert_eq!(
            upheld["obj"]["status"], "dispute_upheld",
            "{:?}: {upheld}",
            app.backend
        );
        call(
            &app,
            &support,
            "POST",
            &format!("/abuse/{second}"),
            Some("action=dismiss"),
        )
        .await;
        let statuses: Vec<String> = spam_report::Entity::find()
            .order_by_asc(spam_report::Column::Id)
            .all(&app.db)
            .await
            .unwrap()
            .into_iter()
            .map(|r| r.status)
            .collect();
        assert_eq!(statuses, ["removed", "visible"], "{:?}", app.backend);
        assert_eq!(audited(&app, "abuse_decision").await, 2);
    }
}

#[tokio::test]
async fn a_blocked_requester_cannot_send_voice_messages_to_that_number() {
    use crate::voice_util::{apps, draft, send, HELLO_ID};
    for app in apps().await {
        let accused = make_user(&app, "caller@mail.com", "secret-123").await;
        let (blocked, _) = session_of(&app, "caller@mail.com", "secret-123").await;
        make_user(&app, "friend@mail.com", "secret-123").await;
        let (friend, _) = session_of(&app, "friend@mail.com", "secret-123").await;
        server::services::console::abuse::block(&app.db, accused, E164, server::clock::now_ms())
            .await
            .unwrap();
        let refused = send(&app, &blocked, &draft(NUMBER, HELLO_ID, "id", "v1"))
            .await
            .json();
        assert_eq!(
            refused["obj"]["phoneErrorMsg"],
            "This number has asked not to receive messages from our service. Nothing was sent.",
            "{:?}: {refused}",
            app.backend
        );
        let others = send(&app, &friend, &draft(NUMBER, HELLO_ID, "id", "v2"))
            .await
            .json();
        assert_eq!(others["success"], 1, "{:?}: {others}", app.backend);
    }
}
