//! The order follows the edited payment form: the idempotency key covers
//! one submission (the key and what was typed), so going back from the
//! checkout and correcting the e-mail makes a new order, while the same
//! submission sent twice stays one order.
use crate::billing_util::*;
use crate::util::TestApp;
use sea_orm::{ColumnTrait as _, EntityTrait as _, PaginatorTrait as _, QueryFilter as _};
use server::persistence::entities::{order, user};

const KEY: &str = "edit-key-0123456789";

#[tokio::test]
async fn a_corrected_e_mail_after_going_back_is_a_new_order_and_the_account_s_e_mail() {
    for app in TestApp::all().await {
        let typo = order(&app, "buyer@gmial.com", KEY, "en").await;
        assert_eq!(
            typo.json()["success"],
            1,
            "{:?}: {}",
            app.backend,
            typo.body
        );
        let again = order(&app, "buyer@gmial.com", KEY, "en").await;
        assert_eq!(
            typo.json()["obj"]["orderNo"],
            again.json()["obj"]["orderNo"],
            "{:?}: the same submission twice is one order",
            app.backend
        );
        assert_eq!(order::Entity::find().count(&app.db).await.unwrap(), 1);

        let fixed = order(&app, "buyer@gmail.com", KEY, "en").await;
        assert_eq!(fixed.json()["success"], 1, "{}", fixed.body);
        let order_no = fixed.json()["obj"]["orderNo"].as_str().unwrap().to_owned();
        assert_ne!(
            typo.json()["obj"]["orderNo"].as_str().unwrap(),
            order_no,
            "{:?}: the edited form is another order",
            app.backend
        );
        assert_eq!(stored_order(&app, &order_no).await.email, "buyer@gmail.com");
        let cookie = claim_cookie(&fixed);
        let form = format!("card={}", app::api::encode(CARD_OK));
        let paid = app
            .send(
                "POST",
                &format!("/sandbox/checkout/{order_no}"),
                &[],
                Some(&form),
            )
            .await;
        assert_eq!(paid.status, 302, "{}", paid.body);
        assert_eq!(deliver(&app, server::clock::now_ms()).await, vec![200]);
        let emails: Vec<String> = user::Entity::find()
            .all(&app.db)
            .await
            .unwrap()
            .into_iter()
            .map(|u| u.email)
            .collect();
        assert_eq!(
            emails,
            vec!["buyer@gmail.com".to_owned()],
            "{:?}",
            app.backend
        );
        let entered = enter(&app, &cookie).await;
        assert_eq!(entered.header("location"), Some("/dashboard/locations"));
        let typo_row = order::Entity::find()
            .filter(order::Column::Email.eq("buyer@gmial.com"))
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        assert_ne!(typo_row.status, "paid", "the abandoned order stays unpaid");
    }
}
