//! What a requester may put in front of a phone's owner: only a preset
//! reason code. Any other `note` — links, addresses, punycode, look-alike
//! letters, full-width dots, zero-width characters, "[.]" — is refused with
//! the localized field error and nothing is stored or sent.
use crate::api_accounts::{make_user, session_of};
use crate::util::TestApp;
use sea_orm::{EntityTrait as _, PaginatorTrait as _};
use server::persistence::entities::{locate_request, sms_queue};

const API: &str = "/api_f/v1";

#[tokio::test]
async fn hostile_notes_are_refused_and_reasons_are_stored_as_codes() {
    for app in TestApp::all().await {
        make_user(&app, "why@mail.com", "secret-123").await;
        let token = session_of(&app, "why@mail.com", "secret-123").await.0;
        let post = |note: &str, lang: &'static str| {
            let body = format!(
                "country=ID&phone=0812-3456-7890&note={}",
                app::api::encode(note)
            );
            let token = token.clone();
            let app = &app;
            async move {
                let headers = [("token", token.as_str()), ("accept-language", lang)];
                app.send(
                    "POST",
                    &format!("{API}/spyContent/phoneLocation"),
                    &headers,
                    Some(&body),
                )
                .await
                .json()
            }
        };
        for hostile in [
            "Hi Mum, it's me",
            "http://203.0.113.7/login",
            "3405803783",
            "xn--80ak6aa92e.com",
            "аpple.com",
            "bank\u{200b}.com",
            "pay\u{ff0e}example\u{ff0e}com",
            "evil[.]com",
            "worried\u{200d}",
            "Worried",
        ] {
            let res = post(hostile, "en").await;
            assert_eq!(res["success"], 0, "{:?} {hostile:?}: {res}", app.backend);
            assert_eq!(
                res["obj"]["noteErrorMsg"], "Please choose one of the listed reasons.",
                "{hostile:?}"
            );
        }
        let res = post("evil[.]com", "zh").await;
        assert_eq!(res["obj"]["noteErrorMsg"], "请选择列出的理由之一。");
        assert_eq!(
            locate_request::Entity::find().count(&app.db).await.unwrap(),
            0
        );
        assert_eq!(sms_queue::Entity::find().count(&app.db).await.unwrap(), 0);

        let res = post("phone_lost", "en").await;
        assert_eq!(res["success"], 1, "{res}");
        assert_eq!(res["obj"]["note"], "phone_lost");
        let row = locate_request::Entity::find()
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(row.note, "phone_lost", "the column holds the code");
    }
}

/// The name a requester gives a request is as long as the form allows
/// (`app::model::locate::LABEL_MAX_CHARS`), on the server too.
#[tokio::test]
async fn label_limit_is_the_forms_limit() {
    for app in TestApp::all().await {
        make_user(&app, "lbl@mail.com", "secret-123").await;
        let token = session_of(&app, "lbl@mail.com", "secret-123").await.0;
        let body = "country=ID&phone=0812-3456-7890&note=agreed";
        let path = format!("{API}/spyContent/phoneLocation");
        let created = app
            .send("POST", &path, &[("token", token.as_str())], Some(body))
            .await
            .json();
        let id = created["obj"]["id"].as_i64().expect("created");
        let max = app::model::locate::LABEL_MAX_CHARS;
        for (label, ok) in [("字".repeat(max), 1), ("字".repeat(max + 1), 0)] {
            let body = format!("action=rename&label={}", app::api::encode(&label));
            let res = app
                .send(
                    "PUT",
                    &format!("{path}/{id}"),
                    &[("token", token.as_str())],
                    Some(&body),
                )
                .await
                .json();
            assert_eq!(
                res["success"],
                ok,
                "{:?} {} chars: {res}",
                app.backend,
                label.chars().count()
            );
        }
    }
}
