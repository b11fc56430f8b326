//! Local payment methods by the payer's country, on SQLite and PostgreSQL:
//! Indonesia gets QRIS, GoPay, OVO, DANA and ShopeePay first (most used
//! first), each asking only for what its provider needs (no postal code;
//! dLocal's 16-digit NIK), and nobody elsewhere is offered them.
use crate::billing_util::{plan_id, API};
use crate::util::{TestApp, TestResponse};

async fn methods(app: &TestApp, country: &str) -> Vec<(String, Vec<String>)> {
    let res = app
        .get(&format!("{API}/portal/payMethods?country={country}"))
        .await;
    let list = res.json()["obj"]["methods"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    list.iter()
        .map(|m| {
            let fields = m["fields"].as_array().unwrap().iter();
            let fields = fields.map(|f| f.as_str().unwrap().to_owned()).collect();
            (m["choose"].as_str().unwrap().to_owned(), fields)
        })
        .collect()
}

async fn order(
    app: &TestApp,
    method: &str,
    country: &str,
    document: &str,
    key: &str,
) -> TestResponse {
    let plan = plan_id(app, "cpl2_id").await;
    let body = format!(
        "planId={plan}&method={method}&email=siti%40mail.com&name=Siti+Rahayu&document={document}&phone=%2B6281234567890&country={country}&idempotencyKey={key}"
    );
    app.send(
        "POST",
        &format!("{API}/portal/order"),
        &[("accept-language", "id")],
        Some(&body),
    )
    .await
}

#[tokio::test]
async fn indonesia_is_offered_its_wallets_most_used_first_with_only_their_fields() {
    for app in TestApp::all().await {
        let id = methods(&app, "ID").await;
        let names: Vec<&str> = id.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names[..6],
            ["qris", "gopay", "ovo", "dana", "shopeepay", "card"],
            "{:?}",
            app.backend
        );
        for (name, fields) in &id {
            let wanted: &[&str] = match name.as_str() {
                "qris" | "ovo" | "shopeepay" => &["name", "document"],
                "gopay" | "dana" => &["name", "phone"],
                "card" => &["zip"],
                _ => &[],
            };
            assert_eq!(fields, wanted, "{name}");
        }
        for elsewhere in ["US", "PH"] {
            let names: Vec<String> = methods(&app, elsewhere)
                .await
                .into_iter()
                .map(|(n, _)| n)
                .collect();
            for local in ["qris", "gopay", "ovo", "dana", "shopeepay"] {
                assert!(
                    !names.iter().any(|n| n == local),
                    "{elsewhere} gets {local}"
                );
            }
        }
    }
}

#[tokio::test]
async fn an_indonesian_wallet_needs_the_nik_and_an_indonesian_payer() {
    for app in TestApp::all().await {
        let short = order(&app, "qris", "ID", "12345", "local-key-qris-short").await;
        let json = short.json();
        assert_eq!(json["success"], 0, "{:?}: {}", app.backend, short.body);
        assert_eq!(
            json["obj"]["documentErrorMsg"],
            "Periksa NIK Anda: 16 angka pada KTP"
        );
        let abroad = order(
            &app,
            "ovo",
            "US",
            "3171234567890123",
            "local-key-ovo-abroad",
        )
        .await;
        assert_eq!(abroad.json()["success"], 0, "{}", abroad.body);
        let placed = order(
            &app,
            "qris",
            "ID",
            "3171+2345+6789+0123",
            "local-key-qris-ok",
        )
        .await;
        assert_eq!(
            placed.json()["success"],
            1,
            "{:?}: {}",
            app.backend,
            placed.body
        );
        let gopay = order(&app, "gopay", "ID", "", "local-key-gopay-ok").await;
        assert_eq!(gopay.json()["success"], 1, "{}", gopay.body);
    }
}

#[tokio::test]
async fn the_plain_indonesian_checkout_lists_qris_first_without_a_postal_code() {
    for app in TestApp::all().await {
        let page = app.get("/id/pay-method?payCountry=ID").await;
        assert_eq!(page.status, 200);
        let qris = page.body.find(r#"value="qris""#).expect("QRIS offered");
        let card = page.body.find(r#"value="card""#).expect("card offered");
        assert!(qris < card, "{:?}: QRIS before the card", app.backend);
    }
}
