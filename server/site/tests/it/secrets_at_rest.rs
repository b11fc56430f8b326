//! Secrets at rest, on SQLite and PostgreSQL: staff TOTP keys and saved
//! wallet tokens are stored sealed (the raw row never holds the plain
//! value); a rotation reads with the previous key, reseals to the new one
//! and keeps working once the previous key is dropped; a changed value or
//! the wrong key is refused; plain text from before sealing is sealed at
//! start.
use crate::billing_util::{deliver, pay, CARD_OK};
use crate::console_util::{make_staff, sign_in, StaffAccount, STAFF_PASSWORD};
use crate::util::TestApp;
use app::model::console::StaffRole;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait as _, EntityTrait as _, QueryFilter as _};
use server::persistence::entities::{sandbox_payment, staff_user, subscription};
use server::secrets::Keyring;
use server::services::sealed;

const OLD: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
const NEW: &str = "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f";

fn keys(current: &str, previous: Option<&str>) -> Keyring {
    Keyring::from_config(Some(current), previous).unwrap()
}

/// Another instance on the same database with other keys (a restart).
async fn restarted(app: &TestApp, keys: Keyring) -> TestApp {
    let mut config = (*app.state.config).clone();
    config.secrets = keys;
    let state = server::startup::build_state(config, app::views())
        .await
        .unwrap();
    TestApp {
        backend: app.backend,
        router: server::startup::build_router(state.clone()),
        db: state.db.clone(),
        state,
    }
}

async fn stored(app: &TestApp) -> String {
    staff_user::Entity::find()
        .one(&app.db)
        .await
        .unwrap()
        .unwrap()
        .totp_secret
}

async fn set_stored(app: &TestApp, value: &str) {
    staff_user::Entity::update_many()
        .col_expr(staff_user::Column::TotpSecret, Expr::value(value))
        .exec(&app.db)
        .await
        .unwrap();
}

/// Signs in with the current code (the code's step is forgotten first, so
/// one test may sign in several times); whether it worked.
async fn signs_in(app: &TestApp, ann: &StaffAccount) -> bool {
    staff_user::Entity::update_many()
        .col_expr(staff_user::Column::TotpLastStep, Expr::value(0))
        .exec(&app.db)
        .await
        .unwrap();
    let res = sign_in(app, "ann@support.com", STAFF_PASSWORD, &ann.code(0)).await;
    res.json()["success"] == 1
}

#[tokio::test]
async fn totp_keys_are_sealed_and_survive_a_key_rotation() {
    for first in TestApp::all_configured(|c| c.secrets = keys(OLD, None)).await {
        let ann = make_staff(&first, "ann@support.com", StaffRole::Support).await;
        let raw = stored(&first).await;
        assert!(raw.starts_with("sealed1:"), "{raw}");
        assert!(
            !raw.contains(&ann.secret),
            "{:?}: not the plain key",
            first.backend
        );
        assert!(signs_in(&first, &ann).await);

        let rotating = restarted(&first, keys(NEW, Some(OLD))).await;
        assert!(
            signs_in(&rotating, &ann).await,
            "read with the previous key"
        );
        let done = sealed::reseal_all(&rotating.db, &rotating.state.config.secrets)
            .await
            .unwrap();
        assert_eq!(done.totp_secrets, 1);
        let moved = stored(&rotating).await;
        assert!(moved.starts_with(&format!("sealed1:{}:", keys(NEW, None).current_id())));

        let new_only = restarted(&first, keys(NEW, None)).await;
        assert!(signs_in(&new_only, &ann).await, "the previous key dropped");
        let old_only = restarted(&first, keys(OLD, None)).await;
        assert!(!signs_in(&old_only, &ann).await, "the wrong key is refused");

        let (head, tail) = moved.split_at(moved.len() - 4);
        let flipped = if tail.starts_with('A') { "B" } else { "A" };
        set_stored(&new_only, &format!("{head}{flipped}{}", &tail[1..])).await;
        assert!(
            !signs_in(&new_only, &ann).await,
            "a changed value is refused"
        );

        set_stored(&new_only, &ann.secret).await;
        let upgraded = restarted(&first, keys(NEW, None)).await;
        let sealed_now = stored(&upgraded).await;
        assert!(sealed_now.starts_with("sealed1:") && !sealed_now.contains(&ann.secret));
        assert!(
            signs_in(&upgraded, &ann).await,
            "plain text sealed at start"
        );
    }
}

#[tokio::test]
async fn a_saved_wallet_token_is_stored_sealed() {
    for app in TestApp::all().await {
        pay(&app, "wallet@mail.com", CARD_OK).await;
        deliver(&app, server::clock::now_ms()).await;
        let provider_token = sandbox_payment::Entity::find()
            .filter(sandbox_payment::Column::Token.is_not_null())
            .one(&app.db)
            .await
            .unwrap()
            .and_then(|p| p.token)
            .expect("the provider saved a token");
        let raw = subscription::Entity::find()
            .one(&app.db)
            .await
            .unwrap()
            .and_then(|s| s.payment_token)
            .expect("a saved token");
        assert!(!raw.contains(&provider_token), "{:?}: {raw}", app.backend);
        let keys = &app.state.config.secrets;
        assert_eq!(keys.open(sealed::PAYMENT_TOKEN, &raw), Ok(provider_token));
        assert!(
            keys.open(sealed::TOTP_SECRET, &raw).is_err(),
            "bound to its column"
        );
    }
}
