//! Server-side render tests of the locate pages: the dashboard list and the
//! do-not-locate page (the owner's reveal page: `reveal_render_tests`). They render
//! through the async path the server uses (Suspense waits for the API calls),
//! with an in-process fake of the API that records every call.
use crate::account::forms::{AuthForm, CsrfToken, FormOutcome};
use crate::account::validation::{FieldErrors, Slot};
use crate::account::{CurrentViewer, NotificationsTotal, SessionToken, Viewer};
use crate::api::{ApiRequest, ApiResponse, ApiTransport, SharedTransport};
use crate::components::Header;
use crate::i18n::{provide_i18n, t, Key, Locale};
use crate::pages::{DashboardLocationsPage, DoNotLocatePage};
use crate::routes::Page;
use any_spawner::{CustomExecutor, Executor, PinnedFuture, PinnedLocalFuture};
use leptos::prelude::*;
use leptos_router::components::Router;
use leptos_router::location::RequestUrl;
use std::cell::RefCell;
use std::future::Future;
use std::pin::{pin, Pin};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Waker};

const CSRF: &str = "csrf-token-123";
const SESSION: &str = "session-abc";

thread_local! {
    static TASKS: RefCell<Vec<PinnedLocalFuture<()>>> = const { RefCell::new(Vec::new()) };
}

/// Runs spawned tasks on the test's own thread, polled by [`block_on`].
struct TestExecutor;

impl CustomExecutor for TestExecutor {
    fn spawn(&self, fut: PinnedFuture<()>) {
        TASKS.with(|t| t.borrow_mut().push(fut));
    }
    fn spawn_local(&self, fut: PinnedLocalFuture<()>) {
        TASKS.with(|t| t.borrow_mut().push(fut));
    }
    fn poll_local(&self) {}
}

fn block_on<F: Future>(fut: F) -> F::Output {
    let _ = Executor::init_custom_executor(TestExecutor);
    let mut fut = pin!(fut);
    let mut cx = Context::from_waker(Waker::noop());
    for _ in 0..10_000 {
        if let Poll::Ready(out) = fut.as_mut().poll(&mut cx) {
            return out;
        }
        let tasks = TASKS.with(|t| std::mem::take(&mut *t.borrow_mut()));
        for mut task in tasks {
            if task.as_mut().poll(&mut cx).is_pending() {
                TASKS.with(|t| t.borrow_mut().push(task));
            }
        }
    }
    panic!("the render never finished");
}

/// The API: `(method, path and query) → envelope`; anything else answers 404.
#[derive(Clone, Default)]
pub(super) struct FakeApi {
    routes: Vec<(&'static str, String, String)>,
    pub(super) seen: Arc<Mutex<Vec<ApiRequest>>>,
}

impl FakeApi {
    pub(super) fn on(mut self, method: &'static str, path: &str, body: serde_json::Value) -> Self {
        self.routes
            .push((method, format!("/api_f/v1{path}"), body.to_string()));
        self
    }

    pub(super) fn paths(&self) -> Vec<String> {
        self.seen
            .lock()
            .unwrap()
            .iter()
            .map(|r| r.path_and_query.clone())
            .collect()
    }
}

impl ApiTransport for FakeApi {
    fn send(&self, request: ApiRequest) -> Pin<Box<dyn Future<Output = ApiResponse> + Send>> {
        let found = self
            .routes
            .iter()
            .find(|(m, p, _)| *m == request.method && *p == request.path_and_query);
        let (status, body) = match found {
            Some((_, _, body)) => (200, body.clone()),
            None => (404, r#"{"success":0,"msg":"not found"}"#.to_owned()),
        };
        self.seen.lock().unwrap().push(request);
        Box::pin(async move {
            ApiResponse {
                status,
                body,
                token: None,
            }
        })
    }
}

#[derive(Default)]
pub(super) struct Request {
    pub(super) member: bool,
    pub(super) outcome: Option<FormOutcome>,
    pub(super) notifications: Option<i64>,
    /// The page's language (Indonesian when unset).
    pub(super) locale: Option<Locale>,
    /// The member's access end (ms); far in the future when unset.
    pub(super) vip_time: Option<i64>,
}

/// Renders `page` at `url` (in Indonesian unless the request says otherwise),
/// waiting for every Suspense.
pub(super) fn render<V: IntoView + 'static>(
    url: &str,
    api: &FakeApi,
    request: Request,
    page: impl FnOnce() -> V + Send + 'static,
) -> String {
    let _ = Executor::init_custom_executor(TestExecutor);
    let owner = Owner::new();
    let stream = owner.with(|| {
        provide_context(RequestUrl::new(url));
        provide_i18n(Signal::stored(request.locale.unwrap_or(Locale::Id)));
        provide_context(CsrfToken(CSRF.into()));
        let transport: SharedTransport = Arc::new(api.clone());
        provide_context(transport);
        if request.member {
            provide_context(CurrentViewer(Some(Viewer {
                email: "member@mail.com".into(),
                payment_count: 1,
                vip_time: request.vip_time.unwrap_or(4_102_444_800_000),
            })));
            provide_context(SessionToken(SESSION.into()));
        }
        if let Some(outcome) = request.outcome {
            provide_context(outcome);
        }
        if let Some(n) = request.notifications {
            provide_context(NotificationsTotal(n));
        }
        view! { <Router>{page()}</Router> }.to_html_stream_in_order()
    });
    block_on(async move {
        let mut stream = pin!(stream);
        let mut html = String::new();
        while let Some(chunk) =
            std::future::poll_fn(|cx| futures::Stream::poll_next(stream.as_mut(), cx)).await
        {
            html.push_str(&chunk);
        }
        html
    })
}

pub(super) fn id(key: Key) -> &'static str {
    t(Locale::Id, key)
}

pub(super) fn assert_has(html: &str, needles: &[&str]) {
    for needle in needles {
        assert!(html.contains(needle), "missing {needle:?} in\n{html}");
    }
}

/// The HTML of the element that starts at the first `needle` up to `end`.
pub(super) fn section<'a>(html: &'a str, needle: &str, end: &str) -> &'a str {
    let start = html
        .find(needle)
        .unwrap_or_else(|| panic!("no {needle:?} in {html}"));
    let rest = &html[start..];
    &rest[..rest.find(end).unwrap_or(rest.len())]
}

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

#[test]
fn dashboard_lists_requests_with_statuses_actions_and_the_shared_map() {
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
    // The create form (no-JS contract).
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
    // Rows: status, label, note and times.
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
    // The calls: the list, then the trace of the located request only, as the member.
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
fn do_not_locate_sends_a_code_then_confirms() {
    let api = FakeApi::default();
    let html = render(
        "/id/do-not-locate",
        &api,
        Request::default(),
        || view! { <DoNotLocatePage/> },
    );
    assert_has(
        &html,
        &[
            id(Key::TitleDoNotLocate),
            r#"action="/id/do-not-locate""#,
            r#"name="form" value="dnl_code""#,
            &format!(r#"name="csrf" value="{CSRF}""#),
            r#"name="country""#,
            r#"id="dnl-phone""#,
            r#"id="dnl-send-code""#,
        ],
    );
    assert!(!html.contains(r#"name="code""#) && !html.contains(id(Key::DnlDone)));
    let html = render(
        "/id/do-not-locate?sent=1&country=ID&phone=0812%203456",
        &api,
        Request::default(),
        || {
            view! { <DoNotLocatePage/> }
        },
    );
    assert_has(
        &html,
        &[
            r#"name="form" value="dnl_confirm""#,
            r#"id="dnl-code""#,
            r#"name="code""#,
            r#"value="0812 3456""#,
            r#"id="dnl-confirm""#,
            id(Key::DnlCodeSent),
        ],
    );
    let html = render(
        "/id/do-not-locate?done=1",
        &api,
        Request::default(),
        || view! { <DoNotLocatePage/> },
    );
    assert_has(&html, &[r#"id="dnl-done""#, id(Key::DnlDone)]);
    assert!(!html.contains("<form"));
    assert!(api.paths().is_empty(), "the page itself calls no API");
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
