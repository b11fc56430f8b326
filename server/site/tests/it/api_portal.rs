//! `GET /api_f/v1/portal/priceSetup` and the envelope contract.
use crate::util::TestApp;

#[tokio::test]
async fn price_setup_returns_the_seeded_indonesian_trial_in_the_envelope() {
    for app in TestApp::all().await {
        let res = app
            .get("/api_f/v1/portal/priceSetup?hasWeight=true&channel=cpl2_id")
            .await;
        assert_eq!(res.status, 200, "{:?}", app.backend);
        let json = res.json();
        assert_eq!(json["success"], 1);
        assert_eq!(json["msg"], "");
        let plans = json["obj"].as_array().expect("obj is a list");
        assert_eq!(plans.len(), 2);
        let first = &plans[0];
        assert_eq!(first["sort"], 1);
        assert_eq!(first["isTryout"], true);
        assert_eq!(first["trialPrice"], "300");
        assert_eq!(first["presentPrice"], "190000");
        assert_eq!(first["currency"], "IDR");
        assert_eq!(first["cycle"], "month");
        assert_eq!(first["trialDays"], 1);
        assert_eq!(plans[1]["cycle"], "week");
        assert!(
            json.get("page").is_some() && json.get("result").is_some(),
            "all five envelope fields"
        );
    }
}

#[tokio::test]
async fn english_and_chinese_channels_have_weekly_and_monthly_plans() {
    for app in TestApp::all().await {
        for (channel, currency) in [("cpl2", "USD"), ("cpl2_zh", "CNY")] {
            let json = app
                .get(&format!(
                    "/api_f/v1/portal/priceSetup?hasWeight=true&channel={channel}"
                ))
                .await
                .json();
            let plans = json["obj"].as_array().unwrap();
            let cycles: Vec<_> = plans.iter().map(|p| p["cycle"].as_str().unwrap()).collect();
            assert_eq!(cycles, ["month", "week"], "{channel}");
            assert!(plans.iter().all(|p| p["currency"] == currency));
            assert_eq!(
                plans[0]["trialPrice"],
                if currency == "USD" { "0.99" } else { "6.90" }
            );
        }
    }
}

#[tokio::test]
async fn unknown_channel_is_an_empty_list_not_an_error() {
    for app in TestApp::all().await {
        let json = app
            .get("/api_f/v1/portal/priceSetup?hasWeight=true&channel=cpl9")
            .await
            .json();
        assert_eq!(json["success"], 1);
        assert_eq!(json["obj"], serde_json::json!([]));
    }
}

#[tokio::test]
async fn bad_input_answers_a_localized_envelope_error_without_internals() {
    for app in TestApp::all().await {
        let cases = [
            (
                "en",
                "The request could not be understood. Please check what you entered.",
            ),
            (
                "id-ID,id;q=0.9",
                "Permintaan tidak dapat dipahami. Periksa kembali isian Anda.",
            ),
            ("zh-CN", "无法理解该请求，请检查您输入的内容。"),
        ];
        for (lang, msg) in cases {
            for (uri, status) in [
                (
                    "/api_f/v1/portal/priceSetup?hasWeight=maybe&channel=cpl2",
                    400,
                ),
                ("/api_f/v1/portal/priceSetup?hasWeight=true", 400),
                (
                    "/api_f/v1/portal/priceSetup?channel=x%27%3B%20drop%20table%20price_plans",
                    200,
                ),
            ] {
                let res = app.get_with(uri, &[("accept-language", lang)]).await;
                assert_eq!(
                    res.status, status,
                    "{uri}: malformed query 400, rejected value 200"
                );
                let json = res.json();
                assert_eq!(json["success"], 0);
                assert_eq!(json["msg"], msg, "{lang} {uri}");
                assert!(json["obj"].is_null());
            }
        }
        // The table is still there after the injection attempt.
        let json = app
            .get("/api_f/v1/portal/priceSetup?hasWeight=true&channel=cpl2")
            .await
            .json();
        assert_eq!(json["success"], 1);
    }
}

#[tokio::test]
async fn unknown_api_paths_answer_the_envelope_not_a_page() {
    for app in TestApp::all().await {
        let res = app
            .get_with("/api_f/v1/nope", &[("accept-language", "id")])
            .await;
        assert_eq!(res.status, 404);
        let json = res.json();
        assert_eq!(json["success"], 0);
        assert_eq!(json["msg"], "Halaman yang Anda cari tidak dapat ditemukan.");
    }
}

#[tokio::test]
async fn website_type_and_token_headers_are_accepted() {
    for app in TestApp::all().await {
        let res = app
            .get_with(
                "/api_f/v1/portal/priceSetup?hasWeight=true&channel=cpl2",
                &[("website_type", "1"), ("token", "not-a-session-yet")],
            )
            .await;
        assert_eq!(res.status, 200);
        assert_eq!(res.json()["success"], 1);
        assert!(res.header("token").is_none(), "no call here issues a token");
    }
}
