//! Server-side render tests of the member's locate dashboard: the create
//! form, the list with its actions and the shared map, and the header badge
//! (the owner's pages: `reveal_render_tests`, `do_not_locate_render_tests`),
//! rendered by `render_harness`.
use super::render_harness::{assert_has, id, render, section, FakeApi, Request, CSRF, SESSION};
use crate::account::forms::{AuthForm, FormOutcome};
use crate::account::validation::{FieldErrors, Slot};
use crate::components::Header;
use crate::i18n::Key;
use crate::pages::DashboardLocationsPage;
use crate::routes::Page;
use leptos::prelude::*;

fn request_json(id: i64, status: &str, can_resend: bool, has_location: bool) -> serde_json::Value {
    serde_json::json!({
        "id": id, "phone": format!("+62 812-0000-000{id}"), "label": if id == 1 { "Ibu" } else { "" },
        "note": if id == 1 { "worried" } else { "" }, "status": status,
        "createdAt": 1_700_000_000_000_i64, "expiresAt": 1_700_086_400_000_i64,
        "canResend": can_resend, "hasLocation": has_location
    })
}

fn dashboard_api() -> FakeApi {
    FakeApi::default()
        .on(
            "GET",
            "/spyContent?page=1&size=20",
            serde_json::json!({
                "success": 1, "msg": "",
                "obj": [request_json(1, "opened", true, false), request_json(2, "located", false, true),
                        request_json(3, "declined", false, false)],
                "page": {"current": 1, "size": 20, "total": 3},
                "result": {"notificationsTotal": 2}
            }),
        )
        .on(
            "GET",
            "/gpsTrace/phoneLocation/2",
            serde_json::json!({"success": 1, "msg": "", "obj": {"requestId": 2, "points": [
                {"point": {"lat": -6.2, "lng": 106.816666, "accuracy": 15.0}, "sharedAt": 1_700_000_100_000_i64}
            ]}}),
        )
}

/// The member's dashboard over `dashboard_api`, and the API it called.
fn dashboard() -> (String, FakeApi) {
    let api = dashboard_api();
    let html = render(
        "/id/dashboard/locations",
        &api,
        Request {
            member: true,
            ..Request::default()
        },
        || {
            view! { <DashboardLocationsPage/> }
        },
    );
    (html, api)
}

#[test]
fn dashboard_has_a_create_form_that_works_without_javascript() {
    let (html, _) = dashboard();
    assert_has(
        &html,
        &[
            r#"id="locate-create-form""#,
            r#"action="/id/dashboard/locations""#,
            &format!(r#"name="csrf" value="{CSRF}""#),
            r#"name="form" value="locate_create""#,
            r#"name="country""#,
            r#"id="locate-phone""#,
            r#"name="phone""#,
            r#"id="locate-note""#,
            r#"name="note""#,
            r#"<option value="worried""#,
            r#"<option value="none" selected"#,
            id(Key::LocateReasonPhoneLost),
            r#"id="locate-submit""#,
            id(Key::LocateFormConsent),
            r#"data-component="LocateRequests_"#,
        ],
    );
}

#[test]
fn dashboard_lists_requests_with_statuses_actions_and_the_shared_map() {
    let (html, _) = dashboard();
    let row1 = section(&html, r#"data-request-id="1""#, "</li>");
    assert_has(
        row1,
        &[
            r#"data-status="opened""#,
            id(Key::LocateStatusOpened),
            "+62 812-0000-0001",
            "Ibu",
            id(Key::LocateReasonWorried),
            "2023-11-14 22:13 UTC",
            "2023-11-15 22:13 UTC",
            "locate-resend",
            "locate-cancel",
            "locate-rename",
            r#"name="form" value="locate_action""#,
            r#"name="id" value="1""#,
        ],
    );
    assert!(
        !row1.contains("locate-clear") && !row1.contains("located-position"),
        "{row1}"
    );
    let row2 = section(&html, r#"data-request-id="2""#, "</li>");
    assert_has(
        row2,
        &[
            r#"data-status="located""#,
            id(Key::LocateStatusLocated),
            "locate-clear",
            r#"class="located-position""#,
            r#"data-lat="-6.2""#,
            r#"data-lng="106.816666""#,
            r#"data-widget="map-view""#,
        ],
    );
    assert!(
        !row2.contains("locate-resend") && !row2.contains("locate-cancel"),
        "final: {row2}"
    );
    let row3 = section(&html, r#"data-request-id="3""#, "</li>");
    assert_has(
        row3,
        &[
            r#"data-status="declined""#,
            id(Key::LocateStatusDeclined),
            "locate-rename",
        ],
    );
    for action in [
        "locate-resend",
        "locate-cancel",
        "locate-clear",
        "located-position",
    ] {
        assert!(!row3.contains(action), "{action} in {row3}");
    }
    assert!(!html.contains(id(Key::LocationsEmptyTitle)));
}

#[test]
fn dashboard_asks_for_the_list_then_the_trace_of_the_located_request_only() {
    let (_, api) = dashboard();
    // As the member.
    assert_eq!(
        api.paths(),
        [
            "/api_f/v1/spyContent?page=1&size=20",
            "/api_f/v1/gpsTrace/phoneLocation/2"
        ]
    );
    assert!(api
        .seen
        .lock()
        .unwrap()
        .iter()
        .all(|r| r.token.as_deref() == Some(SESSION)));
}

#[test]
fn dashboard_without_requests_keeps_the_empty_state() {
    let api = FakeApi::default().on(
        "GET",
        "/spyContent?page=1&size=20",
        serde_json::json!({"success": 1, "msg": "", "obj": [], "result": {"notificationsTotal": 0}}),
    );
    let html = render(
        "/id/dashboard/locations?created=9",
        &api,
        Request {
            member: true,
            ..Request::default()
        },
        || {
            view! { <DashboardLocationsPage/> }
        },
    );
    assert_has(
        &html,
        &[
            id(Key::LocationsEmptyTitle),
            id(Key::LocationsEmptyText),
            r##"href="/id#phone""##,
            id(Key::LocateCreatedNotice),
        ],
    );
    assert!(!html.contains("data-request-id"));
}

#[test]
fn dashboard_create_errors_keep_what_was_typed() {
    let mut errors = FieldErrors::default();
    errors.set(Slot::Note, Some(Key::LocateNoteInvalid));
    let outcome = FormOutcome {
        form: AuthForm::LocateCreate,
        email: String::new(),
        errors,
        notice: None,
        values: vec![
            ("country".into(), "MY".into()),
            ("phone".into(), "0123 4567".into()),
            ("note".into(), "phone_lost".into()),
        ],
    };
    let html = render(
        "/id/dashboard/locations",
        &dashboard_api(),
        Request {
            member: true,
            outcome: Some(outcome),
            ..Request::default()
        },
        || view! { <DashboardLocationsPage/> },
    );
    assert_has(
        &html,
        &[
            r#"value="0123 4567""#,
            r#"<option value="phone_lost" selected"#,
            r#"aria-invalid="true""#,
        ],
    );
    let slot = section(&html, r#"id="locate-noteErrorMsg""#, "</p>");
    assert!(slot.contains(id(Key::LocateNoteInvalid)), "{slot}");
    assert!(
        section(&html, r#"value="MY""#, ">").contains("selected"),
        "the typed country stays selected"
    );
}

#[test]
fn header_badges_new_updates_next_to_my_requests() {
    let api = FakeApi::default();
    let request = Request {
        member: true,
        notifications: Some(3),
        ..Request::default()
    };
    let html = render("/id", &api, request, || view! { <Header page=Page::Home/> });
    let badge = section(&html, r#"id="notifications-total""#, "</span>");
    assert_has(
        badge,
        &[r#"data-notifications="3""#, r#"class="nav-badge""#, ">3"],
    );
    let html = render(
        "/id",
        &api,
        Request {
            member: true,
            ..Request::default()
        },
        || view! { <Header page=Page::Home/> },
    );
    assert!(!html.contains("nav-badge"), "no badge without news");
}
