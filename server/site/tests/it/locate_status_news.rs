//! The requester's dashboard hears of every status its requests take, on
//! SQLite and PostgreSQL: the news stream says "changed" when the SMS is
//! sent and delivered, when the owner opens the link, when they decline or
//! block, and when a request expires; and it stays quiet while nothing
//! happens.
use crate::api_locate::{
    answer, created_id, link_token, member, send_queued, status_of, E164, NUMBER,
};
use crate::locate_receipt::reveal;
use crate::locate_sharing::{changes_within, open_news};
use crate::util::TestApp;
use server::services::locate::retention;
use std::time::Duration;

const HEARD: Duration = Duration::from_secs(3);
const QUIET: Duration = Duration::from_millis(600);

#[tokio::test]
async fn every_status_of_a_request_reaches_the_requesters_stream() {
    for app in TestApp::all().await {
        let token = member(&app, "watcher@mail.com").await;
        let mut news = open_news(&app, &token).await.into_body();
        assert!(
            changes_within(&mut news, QUIET).await >= 1,
            "the first read"
        );
        assert_eq!(changes_within(&mut news, QUIET).await, 0, "quiet");

        let id = created_id(&app, &token, NUMBER).await;
        send_queued(&app).await;
        assert_eq!(status_of(&app, &token, id).await, "delivered");
        assert!(
            changes_within(&mut news, HEARD).await >= 1,
            "{:?}: delivered",
            app.backend
        );
        let link = link_token(&app, E164).await;
        reveal(&app, &link).await;
        assert!(changes_within(&mut news, HEARD).await >= 1, "opened");
        assert_eq!(changes_within(&mut news, QUIET).await, 0, "quiet again");
        answer(&app, &link, "decision=decline").await;
        assert!(changes_within(&mut news, HEARD).await >= 1, "declined");

        let id2 = created_id(&app, &token, NUMBER).await;
        send_queued(&app).await;
        assert!(changes_within(&mut news, HEARD).await >= 1, "the second");
        let expiry = app.state.clock.now_ms() + app.state.config.locate.link_ttl_ms + 1;
        retention::expire_requests(&app.db, expiry).await.unwrap();
        assert!(
            changes_within(&mut news, HEARD).await >= 1,
            "{:?}: expired",
            app.backend
        );
        assert_eq!(status_of(&app, &token, id2).await, "expired");
    }
}

#[tokio::test]
async fn a_block_reaches_the_requesters_stream() {
    for app in TestApp::all().await {
        let token = member(&app, "blocked@mail.com").await;
        created_id(&app, &token, NUMBER).await;
        send_queued(&app).await;
        let link = link_token(&app, E164).await;
        let mut news = open_news(&app, &token).await.into_body();
        assert!(changes_within(&mut news, QUIET).await >= 1);
        answer(&app, &link, "decision=block").await;
        assert!(
            changes_within(&mut news, HEARD).await >= 1,
            "{:?}: blocked",
            app.backend
        );
    }
}
