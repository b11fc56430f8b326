//! Forgotten passwords: a code by e-mail (read back from the dev
//! outbox), used once, within 15 minutes, for at most 5 tries.
use crate::api_accounts::{login, make_user};
use crate::util::TestApp;
use sea_orm::{ColumnTrait as _, EntityTrait as _, QueryFilter as _, QueryOrder as _};
use server::persistence::entities::{dev_outbox, password_reset_code};
use server::services::accounts::{passwords, ClientInfo};

const API: &str = "/api_f/v1";
const PASSWORD: &str = "secret-123";

/// The newest code e-mailed to `to` (the mail leaves in the background).
pub async fn mailed_code(app: &TestApp, to: &str) -> String {
    server::jobs::run_mail_jobs(&app.state)
        .await
        .expect("mail jobs");
    for _ in 0..100 {
        let newest = dev_outbox::Entity::find()
            .filter(dev_outbox::Column::Recipient.eq(to))
            .order_by_desc(dev_outbox::Column::Id)
            .one(&app.db)
            .await
            .unwrap();
        if let Some(row) = newest {
            return six_digits(&row.body_text)
                .unwrap_or_else(|| panic!("no code in: {}", row.body_text));
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    panic!("{:?}: no e-mail to {to}", app.backend)
}

async fn mails_to(app: &TestApp, to: &str) -> usize {
    server::jobs::run_mail_jobs(&app.state)
        .await
        .expect("mail jobs");
    dev_outbox::Entity::find()
        .filter(dev_outbox::Column::Recipient.eq(to))
        .all(&app.db)
        .await
        .unwrap()
        .len()
}

pub fn six_digits(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    (0..bytes.len().saturating_sub(5)).find_map(|i| {
        let run = &bytes[i..i + 6];
        let bounded = (i == 0 || !bytes[i - 1].is_ascii_digit())
            && bytes.get(i + 6).is_none_or(|b| !b.is_ascii_digit());
        (bounded && run.iter().all(u8::is_ascii_digit))
            .then(|| String::from_utf8_lossy(run).into_owned())
    })
}

async fn ask_code(app: &TestApp, email: &str) -> serde_json::Value {
    app.get(&format!("{API}/admin/userSession/forgetPassword/{email}"))
        .await
        .json()
}

async fn reset(
    app: &TestApp,
    variant: &str,
    email: &str,
    code: &str,
    new_password: &str,
) -> serde_json::Value {
    let body = format!("code={code}&newPassword={new_password}");
    app.send(
        "PUT",
        &format!("{API}/admin/userSession/{variant}/{email}"),
        &[],
        Some(&body),
    )
    .await
    .json()
}

#[tokio::test]
async fn asking_for_a_code_answers_the_same_for_unknown_addresses() {
    for app in TestApp::all().await {
        make_user(&app, "k@mail.com", PASSWORD).await;
        let known = ask_code(&app, "k@mail.com").await;
        let unknown = ask_code(&app, "nobody@mail.com").await;
        assert_eq!(known, unknown, "{:?}", app.backend);
        assert_eq!(known["success"], 1);
        assert_eq!(mails_to(&app, "k@mail.com").await, 1);
        assert_eq!(mails_to(&app, "nobody@mail.com").await, 0);
        let bad = ask_code(&app, "nope").await;
        assert_eq!(
            bad["obj"]["emailErrorMsg"],
            "Check the e-mail address: it needs a name, @ and a domain, like name@example.com"
        );
    }
}

#[tokio::test]
async fn a_code_sets_a_new_password_once_and_ends_all_sessions() {
    for app in TestApp::all().await {
        make_user(&app, "m@mail.com", PASSWORD).await;
        let (token, id) = crate::api_accounts::session_of(&app, "m@mail.com", PASSWORD).await;
        ask_code(&app, "m@mail.com").await;
        let code = mailed_code(&app, "m@mail.com").await;
        assert_eq!(code.len(), 6);

        let ok = reset(&app, "forgetPassword", "M@mail.com", &code, "fresh-pass-1").await;
        assert_eq!(ok["success"], 1, "{:?}: {ok}", app.backend);
        // The code signs the owner in: its token works at once.
        let (new_token, new_id) = (
            ok["obj"]["token"].as_str().unwrap(),
            ok["obj"]["session"]["id"].as_i64().unwrap(),
        );
        let mine = app
            .get_with(
                &format!("{API}/admin/userSession/{new_id}"),
                &[("token", new_token)],
            )
            .await;
        assert_eq!(mine.status, 200, "{:?}", app.backend);
        assert_eq!(
            login(&app, "m@mail.com", "fresh-pass-1").await.json()["success"],
            1
        );
        assert_eq!(
            login(&app, "m@mail.com", PASSWORD).await.json()["success"],
            0
        );
        let old = app
            .get_with(
                &format!("{API}/admin/userSession/{id}"),
                &[("token", &token)],
            )
            .await;
        assert_eq!(old.status, 401, "sessions end after a reset");

        let again = reset(&app, "restPassword", "m@mail.com", &code, "other-pass-2").await;
        assert_eq!(again["success"], 0, "a code works once");
        assert_eq!(
            again["obj"]["codeErrorMsg"],
            "The code is wrong or has expired. Please request a new one."
        );
    }
}

#[tokio::test]
async fn a_mail_job_run_again_sends_the_same_working_code() {
    for app in TestApp::all().await {
        make_user(&app, "again@mail.com", PASSWORD).await;
        let (cx, brand) = (app.state.cx(), app.state.brand());
        let job = passwords::ResetCodeMail {
            email: "again@mail.com".into(),
        };
        // The worker died after the mail left: the same job runs once more.
        let mailer = app.state.mailer.for_job(41, 1_000);
        passwords::mail_reset_code(&cx, &mailer, &brand, &job)
            .await
            .unwrap();
        let first = mailed_code(&app, "again@mail.com").await;
        passwords::mail_reset_code(&cx, &mailer, &brand, &job)
            .await
            .unwrap();
        let sealed = password_reset_code::Entity::find()
            .one(&app.db)
            .await
            .unwrap()
            .and_then(|row| row.code_sealed)
            .expect("the code is kept sealed for the repeat");
        assert!(!sealed.contains(&first), "sealed, not in plain text");
        assert_eq!(mails_to(&app, "again@mail.com").await, 1, "one mail kept");
        let ok = reset(
            &app,
            "forgetPassword",
            "again@mail.com",
            &first,
            "fresh-pass-1",
        )
        .await;
        assert_eq!(
            ok["success"], 1,
            "{:?}: the delivered code works: {ok}",
            app.backend
        );
        // A new request is a new job: a new code, the old one dead.
        let other = app.state.mailer.for_job(42, 2_000);
        passwords::mail_reset_code(&cx, &other, &brand, &job)
            .await
            .unwrap();
        assert_ne!(mailed_code(&app, "again@mail.com").await, first);
    }
}

#[tokio::test]
async fn a_code_dies_after_five_wrong_tries() {
    for app in TestApp::all().await {
        make_user(&app, "n@mail.com", PASSWORD).await;
        ask_code(&app, "n@mail.com").await;
        let code = mailed_code(&app, "n@mail.com").await;
        let wrong = if code == "000000" { "111111" } else { "000000" };
        for _ in 0..5 {
            assert_eq!(
                reset(&app, "restPassword", "n@mail.com", wrong, "fresh-pass-1").await["success"],
                0
            );
        }
        let right_too_late = reset(&app, "restPassword", "n@mail.com", &code, "fresh-pass-1").await;
        assert_eq!(
            right_too_late["success"], 0,
            "{:?}: the sixth try must fail",
            app.backend
        );
        assert_eq!(
            login(&app, "n@mail.com", PASSWORD).await.json()["success"],
            1
        );
    }
}

#[tokio::test]
async fn a_code_expires_after_fifteen_minutes() {
    for app in TestApp::all().await {
        make_user(&app, "o@mail.com", PASSWORD).await;
        ask_code(&app, "o@mail.com").await;
        let code = mailed_code(&app, "o@mail.com").await;
        let row = password_reset_code::Entity::find()
            .one(&app.db)
            .await
            .unwrap()
            .expect("a stored code");
        assert_eq!(row.expires_at - row.created_at, 15 * 60_000);
        assert_ne!(row.code_hash, code, "codes are stored hashed");
        let client = ClientInfo::default();
        let expired = passwords::reset_with_code(
            &app.state.cx().at(row.expires_at),
            "o@mail.com",
            &code,
            "fresh-pass-1",
            &client,
        )
        .await;
        assert!(expired.is_err(), "{:?}", app.backend);
        let in_time = passwords::reset_with_code(
            &app.state.cx().at(row.expires_at - 1),
            "o@mail.com",
            &code,
            "fresh-pass-1",
            &client,
        )
        .await;
        assert!(in_time.is_ok(), "{:?}: {in_time:?}", app.backend);
    }
}

#[tokio::test]
async fn code_mails_to_one_address_are_capped() {
    for app in TestApp::all().await {
        make_user(&app, "t@mail.com", PASSWORD).await;
        for _ in 0..3 {
            assert_eq!(ask_code(&app, "t@mail.com").await["success"], 1);
        }
        let capped = app
            .get(&format!(
                "{API}/admin/userSession/forgetPassword/t@mail.com"
            ))
            .await;
        assert_eq!(capped.status, 429);
        assert_eq!(
            capped.json()["msg"],
            "Too many attempts. Please wait a few minutes and try again."
        );
    }
}

#[test]
fn finds_the_code_in_a_text() {
    assert_eq!(
        six_digits("Your code: 042917. It expires").as_deref(),
        Some("042917")
    );
    assert_eq!(six_digits("no 12345 or 1234567 here"), None);
}
