//! `/other/location/info/{phone}`, `/other/ipInfo` and `/multilingualWord`.
use crate::util::TestApp;

const INVALID: [(&str, &str); 3] = [
    ("en", "Please enter the correct number"),
    ("id", "Silakan masukkan nomor yang benar"),
    ("zh", "请输入正确的号码"),
];

#[tokio::test]
async fn an_indonesian_mobile_has_its_carrier_country_and_time_zone_in_every_locale() {
    for app in TestApp::all().await {
        for (lang, country) in [
            ("en", "Indonesia"),
            ("id", "Indonesia"),
            ("zh", "印度尼西亚"),
        ] {
            let res = app
                .get_with(
                    "/api_f/v1/other/location/info/+6281234567890",
                    &[("accept-language", lang)],
                )
                .await;
            assert_eq!(res.status, 200, "{:?} {lang}", app.backend);
            let json = res.json();
            assert_eq!(json["success"], 1);
            let info = &json["obj"];
            assert_eq!(
                info["carrier"], "Telkomsel",
                "{lang}: carrier falls back to English"
            );
            assert_eq!(info["country"], country);
            let zone = info["displayName"].as_str().unwrap();
            assert!(
                zone.starts_with("Western Indonesia Time (UTC+7), ")
                    || zone.starts_with("Waktu Indonesia Barat (UTC+7), ")
                    || zone.starts_with("印度尼西亚西部时间 (UTC+7), "),
                "{zone}"
            );
            assert_eq!(info["city"], "", "a mobile prefix names no area");
            assert_eq!(info["location"], "", "never a position without consent");
            assert_eq!(info["numberType"], "MOBILE");
            assert_eq!(info["e164"], "+6281234567890");
            assert_eq!(info["international"], "+62 812-3456-7890");
            assert_eq!(info["national"], "0812-3456-7890");
            assert_eq!(info["rfc3966"], "tel:+62-812-3456-7890");
            assert_eq!(info["region"], "ID");
            assert_eq!(info["callingCode"], 62);
        }
    }
}

#[tokio::test]
async fn national_numbers_take_the_region_from_the_query() {
    for app in TestApp::all().await {
        let json = app
            .get("/api_f/v1/other/location/info/0812-3456-7890?region=ID")
            .await
            .json();
        assert_eq!(json["obj"]["e164"], "+6281234567890");
        let json = app
            .get("/api_f/v1/other/location/info/(201)%20555-0123?region=US")
            .await
            .json();
        let info = &json["obj"];
        assert_eq!(info["country"], "United States");
        assert_eq!(info["city"], "New Jersey");
        let zone = info["displayName"].as_str().unwrap();
        assert!(
            zone.starts_with("Eastern Time (UTC-")
                || zone.starts_with("Waktu Timur (UTC-")
                || zone.starts_with("北美东部时间 (UTC-"),
            "{zone}"
        );
        assert_eq!(info["numberType"], "FIXED_LINE_OR_MOBILE");
    }
}

#[tokio::test]
async fn areas_and_carriers_follow_the_language_with_english_fallback() {
    for app in TestApp::all().await {
        let get = |uri: &'static str, lang: &'static str| {
            let app = &app;
            async move { app.get_with(uri, &[("accept-language", lang)]).await.json()["obj"].clone() }
        };
        let beijing = get("/api_f/v1/other/location/info/+8613800138000", "zh").await;
        assert_eq!(beijing["carrier"], "中国移动");
        assert_eq!(beijing["city"], "北京市");
        assert_eq!(
            get("/api_f/v1/other/location/info/+8613800138000", "en").await["carrier"],
            "China Mobile"
        );
        let jakarta = "/api_f/v1/other/location/info/+622112345678";
        assert_eq!(get(jakarta, "id").await["city"], "Jabodetabek");
        assert_eq!(get(jakarta, "en").await["city"], "Greater Jakarta");
        assert_eq!(
            get(jakarta, "zh").await["city"],
            "Greater Jakarta",
            "no zh text: English, not nothing"
        );
    }
}

#[tokio::test]
async fn invalid_numbers_and_bad_input_answer_the_localized_message_never_a_500() {
    let too_long = "1".repeat(260);
    let long_ext = "+1%20201-555-0123%20ext.%2012345678".to_owned();
    let bad_inputs = [
        "/api_f/v1/other/location/info/12345?region=ID".to_owned(),
        "/api_f/v1/other/location/info/0812-3456-7890".to_owned(),
        "/api_f/v1/other/location/info/0812-3456-7890?region=ZZ".to_owned(),
        "/api_f/v1/other/location/info/+999123456789".to_owned(),
        "/api_f/v1/other/location/info/hello?region=US".to_owned(),
        "/api_f/v1/other/location/info/1?region=US".to_owned(),
        "/api_f/v1/other/location/info/%F0%9F%98%80?region=US".to_owned(),
        format!("/api_f/v1/other/location/info/{too_long}?region=US"),
        format!("/api_f/v1/other/location/info/{long_ext}"),
        "/api_f/v1/other/location/info/+62%20218%203501%202329".to_owned(),
    ];
    for app in TestApp::all().await {
        for (lang, msg) in INVALID {
            for uri in &bad_inputs {
                let res = app.get_with(uri, &[("accept-language", lang)]).await;
                assert_eq!(res.status, 200, "{uri}: an answer, not a server error");
                let json = res.json();
                assert_eq!(json["success"], 0, "{uri}");
                assert_eq!(json["msg"], msg, "{lang} {uri}");
            }
        }
        let ok = app
            .get("/api_f/v1/other/location/info/+1%20201-555-0123%20ext.%201234567")
            .await
            .json();
        assert_eq!(
            ok["success"], 1,
            "extensions of up to 7 digits are accepted"
        );
    }
}

#[tokio::test]
async fn ip_info_uses_the_browser_language_region_then_the_default() {
    for app in TestApp::all().await {
        let json = app
            .get_with(
                "/api_f/v1/other/ipInfo",
                &[("accept-language", "id-ID,id;q=0.9")],
            )
            .await
            .json();
        assert_eq!(json["success"], 1);
        assert_eq!(json["obj"]["nationalCountry"], "ID");
        assert_eq!(json["obj"]["source"], "accept-language");
        let json = app.get("/api_f/v1/other/ipInfo").await.json();
        assert_eq!(json["obj"]["nationalCountry"], "US");
        assert_eq!(json["obj"]["source"], "default");
    }
}

#[tokio::test]
async fn phone_texts_come_from_the_database_in_the_request_language() {
    for app in TestApp::all().await {
        for (lang, msg) in INVALID {
            let res = app
                .get_with(
                    "/api_f/v1/multilingualWord/one/3/phone_text",
                    &[("accept-language", lang)],
                )
                .await;
            let json = res.json();
            assert_eq!(json["success"], 1);
            assert_eq!(json["obj"]["phone_invalid"], msg);
            assert!(json["obj"]["locate_done"].is_string());
            assert!(
                json["obj"].get("home_heading").is_none(),
                "only the phone group"
            );
        }
        let res = app
            .get("/api_f/v1/multilingualWord/one/3/other_group")
            .await;
        assert_eq!(res.status, 404);
    }
}
