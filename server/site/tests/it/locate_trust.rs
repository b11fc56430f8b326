//! Trusted requesters, on SQLite and PostgreSQL: after deciding, the owner
//! marks the account that asked as trusted (once, however often asked);
//! that account's next request opens naming it, with Share one tap away,
//! and still waits for the owner's decision; nobody else's does. The owner
//! stops trusting from the receipt or from the next request's own page
//! (API and no-JavaScript form), and blocking the number ends every trust.
use crate::api_locate::{answer, created_id, link_token, send_queued, status_of, E164, NUMBER};
use crate::locate_receipt::{asked, reveal};
use crate::util::{TestApp, TestResponse};
use sea_orm::{EntityTrait as _, PaginatorTrait as _};
use server::persistence::entities::locate_trust;

/// The anti-CSRF token a page's answer sets.
pub(crate) fn csrf_of(page: &TestResponse) -> String {
    page.headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|c| {
            c.strip_prefix("csrf=")?
                .split(';')
                .next()
                .map(str::to_owned)
        })
        .expect("a csrf cookie")
}

async fn trusts(app: &TestApp) -> u64 {
    locate_trust::Entity::find().count(&app.db).await.unwrap()
}

/// The same account asks the number again: the new link.
async fn asks_again(app: &TestApp, token: &str) -> (i64, String) {
    let id = created_id(app, token, NUMBER).await;
    send_queued(app).await;
    (id, link_token(app, E164).await)
}

fn generous() -> impl Fn(&mut server::config::Config) + Sync {
    |c| {
        c.locate.cap_per_requester_number_day = 20;
        c.locate.cap_per_number_day = 20;
    }
}

#[tokio::test]
async fn a_trusted_account_asks_again_with_one_tap_share_and_trust_is_revocable() {
    for app in TestApp::all_configured(generous()).await {
        let (token, _id, link) = asked(&app, "trusted@mail.com").await;
        let early = answer(&app, &link, "decision=trust").await;
        assert_eq!(
            early["success"], 0,
            "{:?}: not before deciding",
            app.backend
        );
        let declined = answer(&app, &link, "decision=decline").await["obj"].clone();
        assert_eq!(declined["canTrust"], true, "{declined}");
        let trusted = answer(&app, &link, "decision=trust").await["obj"].clone();
        assert_eq!(
            (trusted["trusted"].clone(), trusted["canTrust"].clone()),
            (true.into(), false.into()),
            "{:?}: {trusted}",
            app.backend
        );
        answer(&app, &link, "decision=trust").await;
        assert_eq!(trusts(&app).await, 1, "trusting twice is one trust");

        let (id2, link2) = asks_again(&app, &token).await;
        let page = reveal(&app, &link2).await;
        assert_eq!(page["state"], "pending", "{page}");
        assert_eq!(page["trusted"], true);
        assert_eq!(page["requester"], "t•••@mail.com");
        let html = app.get(&format!("/reveal-location?t={link2}")).await.body;
        for needle in [
            "reveal-trusted",
            "t•••@mail.com",
            "reveal-share",
            "share-mode-live_1h",
        ] {
            assert!(html.contains(needle), "{:?}: {needle}", app.backend);
        }
        assert_eq!(
            status_of(&app, &token, id2).await,
            "opened",
            "still the owner's decision"
        );

        let (_stranger, _id, link3) = asked(&app, "stranger@mail.com").await;
        let theirs = reveal(&app, &link3).await;
        assert_eq!(
            (theirs["trusted"].clone(), theirs["requester"].clone()),
            (false.into(), serde_json::Value::Null),
            "{theirs}"
        );

        // The one tap, with the mode the owner picks.
        let shared = answer(
            &app,
            &link2,
            "decision=share&mode=approximate&latitude=1.234&longitude=2.345",
        )
        .await["obj"]
            .clone();
        assert_eq!(shared["state"], "shared", "{shared}");
        assert_eq!(send_queued(&app).await, 1, "the receipt");
        let receipt = link_token(&app, E164).await;
        let revoked = answer(&app, &receipt, "decision=untrust").await["obj"].clone();
        assert_eq!(
            (revoked["trusted"].clone(), revoked["canTrust"].clone()),
            (false.into(), true.into())
        );
        let (_id4, link4) = asks_again(&app, &token).await;
        assert_eq!(reveal(&app, &link4).await["trusted"], false);

        // Trusted again, then revoked from the next request's own page.
        answer(&app, &receipt, "decision=trust").await;
        assert_eq!(reveal(&app, &link4).await["trusted"], true);
        let page = app.get(&format!("/reveal-location?t={link4}")).await;
        let csrf = csrf_of(&page);
        let posted = app
            .send(
                "POST",
                "/reveal-location",
                &[("cookie", &format!("csrf={csrf}"))],
                Some(&format!(
                    "csrf={csrf}&form=reveal&t={link4}&decision=untrust"
                )),
            )
            .await;
        assert!(matches!(posted.status, 302 | 303), "{}", posted.body);
        let after = reveal(&app, &link4).await;
        assert_eq!(
            (after["state"].clone(), after["trusted"].clone()),
            ("pending".into(), false.into())
        );
        assert_eq!(trusts(&app).await, 0);

        // Blocking the number ends every trust it gave.
        answer(&app, &receipt, "decision=trust").await;
        answer(&app, &link4, "decision=block").await;
        assert_eq!(trusts(&app).await, 0, "{:?}", app.backend);
        assert_eq!(
            answer(&app, &receipt, "decision=trust").await["success"],
            0,
            "a blocked number trusts nobody"
        );
    }
}
