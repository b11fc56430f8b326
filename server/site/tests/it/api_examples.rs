//! The OpenAPI description's examples are real answers: for each schema with
//! an example, the API answers exactly the example to the request the
//! example names (same fields, same values), at the example's instant.
use crate::util::TestApp;
use serde_json::Value;

/// 2026-01-15 08:04 UTC: 15:04 in Western Indonesia.
const EXAMPLE_AT: i64 = 1_768_464_240_000;

/// Each schema with an example, and the request whose answer it is.
const EXAMPLES: [(&str, &str, &str); 2] = [
    (
        "NumberInfo",
        "/api_f/v1/other/location/info/+6281234567890",
        "en",
    ),
    ("VisitorCountry", "/api_f/v1/other/ipInfo", "id-ID,id;q=0.9"),
];

#[tokio::test]
async fn every_example_of_the_description_is_what_the_api_answers() {
    for app in TestApp::all().await {
        app.state.clock.set(EXAMPLE_AT);
        let doc: Value = app.get("/api_f/v1/openapi.json").await.json();
        let schemas = doc["components"]["schemas"]
            .as_object()
            .expect("the description has schemas");
        let with_examples: Vec<&String> = schemas
            .iter()
            .filter(|(_, schema)| schema.get("example").is_some())
            .map(|(name, _)| name)
            .collect();
        let checked: Vec<&str> = EXAMPLES.iter().map(|(name, ..)| *name).collect();
        assert_eq!(
            with_examples, checked,
            "every example has a request here, and every request here an example"
        );
        for (name, uri, language) in EXAMPLES {
            let res = app.get_with(uri, &[("accept-language", language)]).await;
            assert_eq!(res.status, 200, "{name}: {}", res.body);
            let answer = res.json();
            assert_eq!(answer["success"], 1, "{name}: {answer}");
            assert_eq!(
                answer["obj"], schemas[name]["example"],
                "{name}: the example is not what {uri} answers ({:?})",
                app.backend
            );
        }
    }
}
