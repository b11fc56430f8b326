//! A failed first payment says what happened, in the payer's language,
//! beside the payment form with what they chose kept, and that nothing was
//! charged; a paid one says what was charged, when it renews at what full
//! price, how to cancel, and lets the new member choose a password. Each
//! sandbox test card of a decline class produces that class. On SQLite and
//! PostgreSQL.
use crate::billing_util::*;
use crate::util::{TestApp, TestResponse};
use app::i18n::{t, Key, Locale};
use app::model::billing::Decline;
use sea_orm::{ColumnTrait as _, EntityTrait as _, QueryFilter as _};
use server::persistence::entities::{subscription, user};

/// The sandbox card of each decline class, and the message it shows.
const CLASSES: [(&str, Decline, Key); 6] = [
    (
        "4000 0000 0000 9995",
        Decline::InsufficientFunds,
        Key::DeclineInsufficientFunds,
    ),
    (
        "4000 0000 0000 0002",
        Decline::Declined,
        Key::DeclineDeclined,
    ),
    ("4000 0000 0000 0069", Decline::Expired, Key::DeclineExpired),
    (
        "4000 0000 0000 0127",
        Decline::Authentication,
        Key::DeclineAuthentication,
    ),
    (
        "4000 0000 0000 0044",
        Decline::MethodUnavailable,
        Key::DeclineMethodUnavailable,
    ),
    (
        "4000 0000 0000 0051",
        Decline::ProviderBusy,
        Key::DeclineProviderBusy,
    ),
];

/// Whether the page shows `text` (as Leptos escapes it).
fn shows(page: &TestResponse, text: &str) -> bool {
    page.body.contains(text) || page.body.contains(&text.replace('\'', "&#x27;"))
}

async fn status(app: &TestApp, order_no: &str) -> serde_json::Value {
    let res = app
        .get(&format!("{API}/admin/order/status?orderNo={order_no}"))
        .await;
    res.json()["obj"].clone()
}

#[tokio::test]
async fn each_decline_class_is_reported_in_words_beside_the_form_with_the_choice_kept() {
    for app in TestApp::all().await {
        for (i, (card, class, key)) in CLASSES.into_iter().enumerate() {
            let email = format!("decline{i}@mail.com");
            let (order_no, _) = pay(&app, &email, card).await;
            assert_eq!(deliver(&app, server::clock::now_ms()).await, vec![200]);
            let obj = status(&app, &order_no).await;
            assert_eq!(obj["outcome"], "fail", "{:?} {card}", app.backend);
            assert_eq!(obj["decline"], class.as_str(), "{card}");
            for locale in [Locale::En, Locale::Id] {
                let prefix = locale.path_prefix();
                let result = app
                    .get(&format!("{prefix}/pay-result?orderNo={order_no}"))
                    .await;
                assert!(
                    shows(&result, t(locale, key)),
                    "{card} {locale:?}: {}",
                    result.body
                );
                assert!(result.body.contains(&format!("retry={order_no}")), "{card}");
                let plan = obj["planId"].as_i64().unwrap();
                let form = app
                    .get(&format!(
                        "{prefix}/pay-method?planId={plan}&retry={order_no}"
                    ))
                    .await;
                assert_eq!(form.status, 200);
                assert!(
                    shows(&form, t(locale, key)),
                    "{card} {locale:?}: the reason beside the form"
                );
                assert!(
                    form.body.contains(&format!(r#"value="{email}""#)),
                    "the e-mail kept"
                );
            }
        }
    }
}

#[tokio::test]
async fn a_paid_order_states_its_terms_and_lets_the_new_member_choose_a_password() {
    for app in TestApp::all().await {
        let (order_no, cookie) = pay(&app, "terms@mail.com", CARD_OK).await;
        assert_eq!(deliver(&app, server::clock::now_ms()).await, vec![200]);
        let obj = status(&app, &order_no).await;
        let row = stored_order(&app, &order_no).await;
        let money = |minor| {
            server::services::billing::money::text(minor, &row.currency, row.currency_exponent)
        };
        assert_eq!(obj["outcome"], "success", "{:?}", app.backend);
        assert_eq!(obj["firstCharge"], money(row.first_amount_minor));
        assert_eq!(obj["renewalPrice"], money(row.renewal_amount_minor));
        let sub = subscription::Entity::find()
            .filter(subscription::Column::OrderId.eq(row.id))
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(obj["renewsAt"], sub.current_period_end);
        assert_eq!(obj["needsPassword"], true);
        let page = app.get(&format!("/pay-result?orderNo={order_no}")).await;
        assert!(
            page.body.contains(&money(row.renewal_amount_minor)),
            "{}",
            page.body
        );
        assert!(page.body.contains(r#"name="password""#) && page.body.contains("/billing"));

        let enter = |fields: String| {
            let cookie = cookie.clone();
            let app = &app;
            async move {
                app.send(
                    "POST",
                    "/pay-result/enter",
                    &[("cookie", &cookie)],
                    Some(&fields),
                )
                .await
            }
        };
        let short = enter(format!("lang=en&order_no={order_no}&password=abc")).await;
        assert_eq!(
            short.header("location").map(str::to_owned),
            Some(format!("/pay-result?orderNo={order_no}&password=invalid"))
        );
        assert_eq!(
            stored_order(&app, &order_no).await.claimed_at,
            None,
            "claim kept"
        );
        let again = app
            .get(&format!("/pay-result?orderNo={order_no}&password=invalid"))
            .await;
        assert!(shows(&again, t(Locale::En, Key::ValidatePassword)));

        let ok = enter(format!(
            "lang=en&order_no={order_no}&password=Six%20chars%21"
        ))
        .await;
        assert_eq!(
            ok.header("location"),
            Some("/dashboard/locations"),
            "{}",
            ok.body
        );
        let member = user::Entity::find()
            .filter(user::Column::Email.eq("terms@mail.com"))
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        let wait = std::time::Duration::from_secs(5);
        let stored = Some(member.password_hash.clone());
        let matches = server::services::accounts::secrets::verify_password(
            "Six chars!".to_owned(),
            stored,
            wait,
        );
        assert!(matches.await.unwrap(), "the chosen password signs in");
        assert_eq!(status(&app, &order_no).await["needsPassword"], false);
        let twice = enter(format!("lang=en&order_no={order_no}&password=another1")).await;
        assert_eq!(twice.header("location"), Some("/login?redirect=dashboard"));
    }
}
