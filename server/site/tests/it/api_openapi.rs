//! The OpenAPI description served at `/api_f/v1/openapi.json` is valid
//! OpenAPI 3.1 JSON, documents every route of the API router with its
//! methods, and nothing the router does not serve.
use crate::util::TestApp;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

const API: &str = "/api_f/v1";
const METHODS: [&str; 8] = [
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

/// Path -> methods, as a paths object of the description lists them.
fn operations(paths: &Value) -> BTreeMap<String, BTreeSet<String>> {
    let paths = paths.as_object().expect("paths is an object");
    paths
        .iter()
        .map(|(path, item)| {
            let methods = METHODS
                .iter()
                .filter(|m| item.get(**m).is_some())
                .map(|m| m.to_string())
                .collect();
            (path.clone(), methods)
        })
        .collect()
}

/// What the router's route list says: every entry with its own annotation.
fn routed() -> BTreeMap<String, BTreeSet<String>> {
    let mut all = BTreeMap::new();
    for (_, paths, _) in server::http::v1_routes() {
        let listed = operations(&serde_json::to_value(&paths.paths).expect("paths serialize"));
        for (path, methods) in listed {
            let before = all.insert(format!("{API}{path}"), methods);
            assert!(before.is_none(), "{path} is listed twice in the route list");
        }
    }
    all
}

#[tokio::test]
async fn openapi_json_is_3_1_and_documents_every_route() {
    for app in TestApp::all().await {
        let res = app.get(&format!("{API}/openapi.json")).await;
        assert_eq!(res.status, 200, "{:?}: {}", app.backend, res.body);
        assert_eq!(res.header("content-type"), Some("application/json"));
        let doc: Value = serde_json::from_str(&res.body).expect("the description is JSON");
        assert!(
            doc["openapi"]
                .as_str()
                .is_some_and(|v| v.starts_with("3.1")),
            "openapi: {}",
            doc["openapi"]
        );
        assert_eq!(doc["info"]["title"], "Cool Tracker API");
        let documented = operations(&doc["paths"]);
        let routed = routed();
        assert!(
            routed.len() > 40,
            "the route list has {} paths",
            routed.len()
        );
        assert_eq!(
            documented, routed,
            "the description and the router's route list differ"
        );
        for (path, methods) in &documented {
            for method in methods {
                let op = &doc["paths"][path][method];
                assert!(
                    op["responses"]["200"].is_object(),
                    "{method} {path}: no 200 answer documented"
                );
                let secured = op["security"]
                    .as_array()
                    .is_some_and(|s| s.iter().any(|r| r.get("token").is_some()));
                let optional = op["security"].as_array().is_some_and(|s| {
                    s.iter()
                        .any(|r| r.as_object().is_some_and(|o| o.is_empty()))
                });
                if secured && !optional {
                    assert!(
                        op["responses"]["401"].is_object(),
                        "{method} {path}: needs a session but documents no 401"
                    );
                }
            }
        }
    }
}

/// Every documented path is served with exactly its documented methods: a
/// method the router does not serve there answers 405 with `Allow`, which
/// lists what it does serve (an unrouted path would answer 404 instead).
#[tokio::test]
async fn the_router_serves_every_documented_path_with_its_methods() {
    let app = TestApp::all().await.remove(0);
    let doc: Value = serde_json::from_str(server::http::openapi_document()).expect("JSON");
    for (path, methods) in operations(&doc["paths"]) {
        let uri = path.replace('{', "x").replace('}', "");
        let res = app.send("PATCH", &uri, &[], None).await;
        assert_eq!(res.status, 405, "PATCH {uri}: {}", res.body);
        let mut allowed: BTreeSet<String> = res
            .header("allow")
            .unwrap_or_default()
            .split(',')
            .map(|m| m.trim().to_ascii_lowercase())
            .collect();
        // axum answers HEAD wherever it answers GET.
        allowed.remove("head");
        assert_eq!(
            allowed, methods,
            "{path}: the router's methods differ from the description's"
        );
    }
}

#[tokio::test]
async fn unknown_api_paths_are_still_the_envelope_not_found() {
    let app = TestApp::all().await.remove(0);
    let res = app.get(&format!("{API}/no/such/route")).await;
    assert_eq!(res.status, 404, "{}", res.body);
    assert_eq!(res.json()["success"], 0);
}

/// Each answer's success schema is its own: two calls with different
/// results never share one component (a shared name would describe one
/// call's result with another's schema).
#[tokio::test]
async fn every_answer_has_its_own_success_schema() {
    let app = TestApp::all().await.remove(0);
    let doc = app.get(&format!("{API}/openapi.json")).await.json();
    let schemas = doc["components"]["schemas"]
        .as_object()
        .expect("components");
    let mut owners: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (name, schema) in schemas.iter().filter(|(n, _)| n.starts_with("Answer_")) {
        let variants = schema["oneOf"]
            .as_array()
            .unwrap_or_else(|| panic!("{name} is oneOf"));
        for reference in variants
            .iter()
            .filter_map(|v| v["$ref"].as_str())
            .filter(|r| r.contains("/Success_"))
        {
            owners
                .entry(reference.to_owned())
                .or_default()
                .push(name.clone());
        }
    }
    assert!(!owners.is_empty());
    for (success, answers) in owners {
        assert_eq!(answers.len(), 1, "{success} is shared by {answers:?}");
    }
}

/// Every `$ref` names a component the document has.
#[tokio::test]
async fn every_schema_reference_resolves() {
    let app = TestApp::all().await.remove(0);
    let doc = app.get(&format!("{API}/openapi.json")).await.json();
    let have: BTreeSet<&str> = doc["components"]["schemas"]
        .as_object()
        .expect("components")
        .keys()
        .map(String::as_str)
        .collect();
    let text = doc.to_string();
    let missing: BTreeSet<&str> = text
        .match_indices("#/components/schemas/")
        .map(|(at, marker)| text[at + marker.len()..].split('"').next().unwrap())
        .filter(|name| !have.contains(name))
        .collect();
    assert!(missing.is_empty(), "unresolved references: {missing:?}");
}
