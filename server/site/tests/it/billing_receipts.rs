//! Receipts through the API: a member reads each payment that took money
//! (seller, statement name, amount, tax, total, dates); nobody else can.
use crate::billing_refunds::member;
use crate::billing_util::API;
use crate::util::TestApp;
use sea_orm::{sea_query::Expr, ColumnTrait as _, EntityTrait as _, QueryFilter as _};
use server::persistence::entities::charge;

#[tokio::test]
async fn a_member_reads_their_receipt_and_nobody_else_can() {
    for app in TestApp::all().await {
        let a = member(&app, "receipt.a@mail.com").await;
        let b = member(&app, "receipt.b@mail.com").await;
        let summary = app
            .get_with(&format!("{API}/other/user/property"), &[("token", &a)])
            .await
            .json();
        let charge = &summary["obj"]["charges"][0];
        let no = charge["receiptNo"].as_str().unwrap().to_owned();
        let path = format!("{API}/other/user/receipt?receiptNo={no}");

        let mine = app.get_with(&path, &[("token", &a)]).await.json();
        let receipt = &mine["obj"];
        assert_eq!(
            receipt["receiptNo"],
            no.as_str(),
            "{:?} {mine}",
            app.backend
        );
        assert_eq!(receipt["seller"], app.state.config.operator_name.as_str());
        assert_eq!(receipt["descriptor"], "Cool Tracker");
        assert_eq!(receipt["status"], "succeeded");
        assert_eq!(receipt["amountText"], charge["amountText"]);
        assert_eq!(receipt["taxText"], "$0");
        assert_eq!(receipt["totalText"], charge["amountText"]);
        assert_eq!(receipt["chargedAt"], charge["chargedAt"]);
        assert!(receipt["periodEnd"].as_i64().unwrap() > receipt["periodStart"].as_i64().unwrap());
        assert_eq!(receipt["planPriceText"], "$29.99");

        // A taxed payment: the total is the amount and its tax.
        charge::Entity::update_many()
            .col_expr(charge::Column::TaxMinor, Expr::value(330_i64))
            .filter(charge::Column::ReceiptNo.eq(no.as_str()))
            .exec(&app.db)
            .await
            .unwrap();
        let taxed = app.get_with(&path, &[("token", &a)]).await.json();
        assert_eq!(
            taxed["obj"]["taxText"], "$3.30",
            "{:?} {taxed}",
            app.backend
        );
        assert_ne!(taxed["obj"]["totalText"], taxed["obj"]["amountText"]);

        let theirs = app.get_with(&path, &[("token", &b)]).await;
        assert_eq!(
            theirs.status, 404,
            "{:?}: another member's receipt",
            app.backend
        );
        assert_eq!(theirs.json()["success"], 0);
        let stranger = app.send("GET", &path, &[], None).await;
        assert_eq!(stranger.status, 401, "{:?}", app.backend);
        let missing = app
            .get_with(&format!("{API}/other/user/receipt"), &[("token", &a)])
            .await;
        assert_eq!(missing.status, 400, "{:?}", app.backend);
    }
}
