//! What support decides on and what it reads, on SQLite and PostgreSQL:
//! the abuse queue shows the reported words (a spam report's comment, a
//! text's note) escaped on the page, and every reading of a person's data
//! leaves an audit row: the customer search with its query, a customer's
//! page, the chat inbox and a thread, the abuse queue.
use crate::console_util::{call, staff_token};
use crate::help_chat_util::{self, Who};
use crate::lookup_util::{account, UK_E164};
use crate::util::TestApp;
use app::model::console::{StaffRole, STAFF_COOKIE};
use sea_orm::{ActiveValue::Set, ColumnTrait as _, EntityTrait as _, QueryFilter as _};
use server::persistence::entities::{spam_report, staff_audit};

const HOSTILE: &str = "<script>alert(\"x\")</script> & calls at night";

/// The audit rows of `action`: (subject id, detail), oldest first.
async fn audit_of(app: &TestApp, action: &str) -> Vec<(i64, String)> {
    staff_audit::Entity::find()
        .filter(staff_audit::Column::Action.eq(action))
        .all(&app.db)
        .await
        .unwrap()
        .into_iter()
        .map(|r| (r.subject_id, r.detail))
        .collect()
}

#[tokio::test]
async fn the_queue_shows_a_disputed_spam_report_s_comment_escaped() {
    for app in TestApp::all().await {
        let reporter = account(&app, "reporter@mail.com", true, 60, true).await;
        let now = server::clock::now_ms();
        let spam = spam_report::ActiveModel {
            phone_e164: Set(UK_E164.into()),
            reporter_id: Set(reporter.id),
            category: Set("scam".into()),
            comment: Set(HOSTILE.into()),
            weight: Set(1.0),
            status: Set("visible".into()),
            created_at: Set(now),
            reviewed_at: Set(None),
            ..Default::default()
        };
        spam_report::Entity::insert(spam)
            .exec(&app.db)
            .await
            .unwrap();
        server::services::lookup::reports::dispute_all(&app.db, UK_E164, now)
            .await
            .unwrap();
        let support = staff_token(&app, "mira@support.com", StaffRole::Support).await;
        let queue = call(&app, &support, "GET", "/abuse", None).await.json();
        assert_eq!(queue["obj"][0]["reportedWords"], HOSTILE, "{queue}");
        let page = app
            .get_with(
                "/admin/abuse",
                &[("cookie", &format!("{STAFF_COOKIE}={support}"))],
            )
            .await;
        assert_eq!(page.status, 200, "{:?}: {}", app.backend, page.body);
        assert!(
            page.body
                .contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; calls at night")
                || page
                    .body
                    .contains("&lt;script&gt;alert(\"x\")&lt;/script&gt; &amp; calls at night"),
            "{:?}: the comment shows, escaped",
            app.backend
        );
        assert!(!page.body.contains("<script>alert"), "{:?}", app.backend);
        assert_eq!(audit_of(&app, "abuse_queue_view").await.len(), 2);
    }
}

#[tokio::test]
async fn every_reading_of_a_person_s_data_is_audited() {
    for app in TestApp::all().await {
        let customer = account(&app, "ana.reads@mail.com", true, 60, true).await;
        let mut visitor = Who::visitor("203.0.113.9");
        let (conversation, _) = help_chat_util::sent(&app, &mut visitor, "Hello?").await;
        let support = staff_token(&app, "lina@support.com", StaffRole::Support).await;

        let found = call(&app, &support, "GET", "/customers?q=ana.reads", None).await;
        assert_eq!(found.json()["obj"][0]["id"], customer.id, "{}", found.body);
        assert_eq!(
            audit_of(&app, "customer_search").await,
            vec![(0, format!("ana.reads → {}", customer.id))],
            "{:?}: the query and who it found",
            app.backend
        );
        call(
            &app,
            &support,
            "GET",
            &format!("/customers/{}", customer.id),
            None,
        )
        .await;
        assert_eq!(audit_of(&app, "customer_view").await.len(), 1);
        call(&app, &support, "GET", "/chats", None).await;
        assert_eq!(
            audit_of(&app, "chat_inbox_view").await,
            vec![(0, conversation.to_string())]
        );
        let path = format!("/chats/{conversation}");
        assert_eq!(call(&app, &support, "GET", &path, None).await.status, 200);
        assert_eq!(
            audit_of(&app, "chat_view").await,
            vec![(conversation, String::new())],
            "{:?}",
            app.backend
        );
        call(&app, &support, "GET", "/abuse?status=closed", None).await;
        assert_eq!(
            audit_of(&app, "abuse_queue_view").await,
            vec![(0, "closed: ".to_owned())]
        );
    }
}
