//! The country of the card that paid against the plan's country, on SQLite
//! and PostgreSQL (the sandbox reports its Australian test card's issuing
//! country): the first payment is accepted, the renewals follow the card's
//! country's price, stated by e-mail and on the billing page before the
//! next charge; the same price list changes nothing.
use crate::billing_event_util::billing_mails;
use crate::billing_util::*;
use crate::util::TestApp;
use sea_orm::{ColumnTrait as _, EntityTrait as _, QueryFilter as _};
use server::persistence::entities::{charge, sandbox_payment, subscription, user};
use server::services::billing::renewals::run_due;

/// The sandbox's Australian card: Australia pays the family's prices.
const CARD_AU: &str = "4000 0036 0000 0006";

/// Orders on the `locale` page (Indonesia's plan on `id`, the family's
/// otherwise), pays with `card`; the claim cookie and the subscription.
async fn bought(
    app: &TestApp,
    email: &str,
    locale: &str,
    card: &str,
) -> (String, subscription::Model) {
    let key = format!("country-{}", email.replace(['@', '.'], "-"));
    let res = order(app, email, &key, locale).await;
    assert_eq!(res.json()["success"], 1, "{:?}: {}", app.backend, res.body);
    let order_no = res.json()["obj"]["orderNo"].as_str().unwrap().to_owned();
    let form = format!("card={}", app::api::encode(card));
    let checkout = format!("/sandbox/checkout/{order_no}");
    assert_eq!(
        app.send("POST", &checkout, &[], Some(&form)).await.status,
        302
    );
    deliver(app, server::clock::now_ms()).await;
    let member = user::Entity::find()
        .filter(user::Column::Email.eq(email))
        .one(&app.db)
        .await
        .unwrap()
        .expect("account");
    let sub = subscription::Entity::find()
        .filter(subscription::Column::UserId.eq(member.id))
        .one(&app.db)
        .await
        .unwrap()
        .expect("subscription");
    (claim_cookie(&res), sub)
}

#[tokio::test]
async fn a_card_from_abroad_that_bought_indonesias_price_renews_at_its_countrys_price() {
    for app in TestApp::all().await {
        let (claim, sub) = bought(&app, "au-card@mail.com", "id", CARD_AU).await;
        assert_eq!(
            (
                sub.price_minor,
                sub.currency.as_str(),
                sub.price_country.as_deref()
            ),
            (2999, "USD", Some("AU")),
            "{:?}: the family's monthly price",
            app.backend
        );
        let first = charge::Entity::find()
            .filter(charge::Column::SubscriptionId.eq(sub.id))
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (
                first.amount_minor,
                first.currency.as_str(),
                first.status.as_str()
            ),
            (300, "IDR", "succeeded"),
            "the first payment is accepted as agreed"
        );
        let mails = billing_mails(&app, sub.id).await;
        assert!(
            mails.iter().any(|m| m == "price_country"),
            "{:?}: {mails:?}",
            app.backend
        );
        let entered = enter(&app, &claim).await;
        let token = entered
            .headers
            .get_all("set-cookie")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find_map(|c| c.strip_prefix("token=")?.split(';').next())
            .expect("a session")
            .to_owned();
        let page = app
            .get_with("/billing", &[("cookie", &format!("token={token}"))])
            .await;
        let note = page
            .body
            .split("id=\"billing-price-country\"")
            .nth(1)
            .unwrap_or_default();
        assert!(
            note.contains("AU") && note.contains("29.99"),
            "{:?}: stated on /billing",
            app.backend
        );
        let cx = app.state.cx();
        run_due(
            &cx.at(sub.current_period_end + 1_000),
            &app.state.gateways,
            50,
        )
        .await
        .unwrap();
        let renewal = sandbox_payment::Entity::find()
            .filter(sandbox_payment::Column::Kind.eq("renewal"))
            .one(&app.db)
            .await
            .unwrap()
            .expect("renewed");
        assert_eq!(
            (renewal.amount_minor, renewal.currency.as_str()),
            (2999, "USD"),
            "{:?}: charged at the card's country's price",
            app.backend
        );
    }
}

#[tokio::test]
async fn the_same_price_list_or_no_country_reported_changes_nothing() {
    for app in TestApp::all().await {
        let (_, same) = bought(&app, "au-family@mail.com", "en", CARD_AU).await;
        assert_eq!(
            (
                same.price_minor,
                same.currency.as_str(),
                same.price_country.as_deref()
            ),
            (2999, "USD", None),
            "{:?}: Australia pays the family's prices",
            app.backend
        );
        let card = unused_card(&app).await;
        let (_, unknown) = bought(&app, "no-country@mail.com", "id", card).await;
        assert_eq!(
            (
                unknown.price_minor,
                unknown.currency.as_str(),
                unknown.price_country.as_deref()
            ),
            (190_000, "IDR", None),
            "{:?}: no country reported",
            app.backend
        );
        for s in [&same, &unknown] {
            let mails = billing_mails(&app, s.id).await;
            assert!(!mails.iter().any(|m| m == "price_country"), "{mails:?}");
        }
    }
}
