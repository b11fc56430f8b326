//! Prices follow the payer, never the page's language: the country of the
//! number to locate, else the one picked, else the address's (the IP
//! database), else the default. Every page and the order agree, and an
//! order for another country's price is refused before anything is charged.
use crate::billing_util::{plan_id, API};
use crate::util::TestApp;
use sea_orm::{EntityTrait as _, PaginatorTrait as _};
use server::persistence::entities::order;

const INDONESIA: &str = "36.64.0.1";
const UNITED_STATES: &str = "8.8.8.8";

/// Apps that read the visitor's address from the IP database the scripts
/// install, or none (with a notice) when `GEOIP_TEST_DB` is unset.
async fn apps_with_geoip() -> Vec<TestApp> {
    let Some(path) = std::env::var_os("GEOIP_TEST_DB").filter(|v| !v.is_empty()) else {
        assert!(std::env::var_os("CI").is_none(), "GEOIP_TEST_DB is unset");
        eprintln!("skipped: GEOIP_TEST_DB is unset (scripts/lib.sh ensure_geoip_db)");
        return Vec::new();
    };
    let path = std::path::PathBuf::from(path);
    TestApp::all_configured(|c| {
        c.geoip_db_path = Some(path.clone());
        c.trust_forwarded_for = true;
    })
    .await
}

/// The trial price a page shows: its symbol and amount (`("Rp", "300")`).
fn shown_price(body: &str) -> (String, String) {
    let part = |class: &str| {
        let start = body
            .find(&format!(r#"class="{class}">"#))
            .unwrap_or_else(|| panic!("no {class} in the page"))
            + class.len()
            + 9;
        body[start..start + body[start..].find('<').unwrap()]
            .trim()
            .to_owned()
    };
    let amount = format!("{}{}", part("price-integer"), part("price-decimal"));
    (part("price-symbol"), amount)
}

async fn page_price(app: &TestApp, path: &str, ip: &str) -> (String, String) {
    let res = app.get_with(path, &[("x-forwarded-for", ip)]).await;
    assert_eq!(res.status, 200, "{:?} {path}: {}", app.backend, res.body);
    shown_price(&res.body)
}

async fn api_currency(app: &TestApp, query: &str, ip: &str) -> String {
    let path = format!("{API}/portal/priceSetup?hasWeight=true&channel=cpl2{query}");
    let res = app.get_with(&path, &[("x-forwarded-for", ip)]).await;
    assert_eq!(res.json()["success"], 1, "{path}: {}", res.body);
    res.json()["obj"][0]["currency"]
        .as_str()
        .unwrap()
        .to_owned()
}

#[tokio::test]
async fn english_and_indonesian_pages_show_an_indonesian_visitor_the_same_price() {
    for app in apps_with_geoip().await {
        let english = page_price(&app, "/", INDONESIA).await;
        let indonesian = page_price(&app, "/id", INDONESIA).await;
        let chinese = page_price(&app, "/zh", INDONESIA).await;
        assert_eq!(
            english,
            ("Rp".to_owned(), "300".to_owned()),
            "{:?}",
            app.backend
        );
        assert_eq!(indonesian, english);
        assert_eq!(chinese, english);
        // The kept rendering of a page is per country: the next visitor
        // from elsewhere gets their own price, not the one kept.
        assert_eq!(page_price(&app, "/", UNITED_STATES).await.1, "0.99");
        assert_eq!(page_price(&app, "/", INDONESIA).await.1, "300");
        assert_eq!(api_currency(&app, "", INDONESIA).await, "IDR");
        // The language of the browser names no place.
        let res = app
            .get_with(
                &format!("{API}/portal/priceSetup?hasWeight=true&channel=cpl2"),
                &[
                    ("x-forwarded-for", UNITED_STATES),
                    ("accept-language", "id-ID"),
                ],
            )
            .await;
        assert_eq!(res.json()["obj"][0]["currency"], "USD");
    }
}

#[tokio::test]
async fn a_visitor_from_the_united_states_on_the_indonesian_site_sees_the_us_price() {
    for app in apps_with_geoip().await {
        let (symbol, amount) = page_price(&app, "/id", UNITED_STATES).await;
        // Dollars as Indonesian writes them.
        assert_eq!((symbol.as_str(), amount.as_str()), ("$", "0,99"));
        let checkout = app
            .get_with("/id/pay-method", &[("x-forwarded-for", UNITED_STATES)])
            .await;
        assert!(checkout.body.contains("29,99"), "{}", checkout.body);
        assert!(!checkout.body.contains("190.000"), "{}", checkout.body);
        assert_eq!(api_currency(&app, "", UNITED_STATES).await, "USD");
    }
}

#[tokio::test]
async fn the_number_to_locate_decides_before_the_address() {
    for app in apps_with_geoip().await {
        let searched = "/?country=ID&phone=81234567890";
        assert_eq!(page_price(&app, searched, UNITED_STATES).await.1, "300");
        let id_number = "/pay-method?country=ID&phone=81234567890";
        let checkout = app
            .get_with(id_number, &[("x-forwarded-for", UNITED_STATES)])
            .await;
        // Rupiah as English writes them.
        assert!(checkout.body.contains("190,000"), "{}", checkout.body);
        assert_eq!(
            api_currency(&app, "&country=ID", UNITED_STATES).await,
            "IDR"
        );
        assert_eq!(api_currency(&app, "&country=US", INDONESIA).await, "USD");
    }
}

#[tokio::test]
async fn without_an_address_the_default_country_decides_not_the_language() {
    for app in TestApp::all().await {
        for lang in ["en", "id-ID,id;q=0.9", "zh-CN"] {
            let res = app
                .get_with(
                    &format!("{API}/portal/priceSetup?hasWeight=true&channel=cpl2"),
                    &[("accept-language", lang)],
                )
                .await;
            assert_eq!(res.json()["obj"][0]["currency"], "USD", "{lang}");
        }
        for page in ["/", "/id", "/zh"] {
            let (symbol, _) = shown_price(&app.get(page).await.body);
            assert_eq!(symbol, "$", "{:?} {page}", app.backend);
        }
        // A suffixed channel is still read as named (the catalogue).
        let named = app
            .get(&format!(
                "{API}/portal/priceSetup?hasWeight=true&channel=cpl2_id"
            ))
            .await;
        assert_eq!(named.json()["obj"][0]["currency"], "IDR");
    }
}

#[tokio::test]
async fn an_order_at_another_country_price_is_refused_before_any_checkout() {
    for app in TestApp::all().await {
        let rupiah = plan_id(&app, "cpl2_id").await;
        let dollars = plan_id(&app, "cpl2").await;
        let cases = [
            (rupiah, "US", "en", "This price is for another country."),
            (rupiah, "US", "id", "Harga ini untuk negara lain."),
            (dollars, "ID", "zh", "此价格适用于其他国家或地区。"),
        ];
        for (plan, country, lang, msg) in cases {
            let body = format!(
                "planId={plan}&method=card&email=ana%40mail.com&zip=10110&country={country}&idempotencyKey=plan-country-key-{plan}-{country}-{lang}"
            );
            let res = app
                .send(
                    "POST",
                    &format!("{API}/portal/order"),
                    &[("accept-language", lang)],
                    Some(&body),
                )
                .await;
            assert_eq!(res.json()["success"], 0, "{:?}: {}", app.backend, res.body);
            let text = res.json()["msg"].as_str().unwrap().to_owned();
            assert!(text.starts_with(msg), "{text}");
            assert!(res.header("set-cookie").is_none());
        }
        assert_eq!(order::Entity::find().count(&app.db).await.unwrap(), 0);
        // The payer's own country's price is taken.
        let body = format!(
            "planId={rupiah}&method=card&email=ana%40mail.com&zip=10110&country=ID&idempotencyKey=plan-country-key-ok-0001"
        );
        let res = app
            .send("POST", &format!("{API}/portal/order"), &[], Some(&body))
            .await;
        assert_eq!(res.json()["success"], 1, "{}", res.body);
    }
}
