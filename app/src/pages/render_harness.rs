//! The render harness of the pages' server-side tests: a page rendered
//! through the async path the server uses (Suspense waits for the API calls),
//! with the server's contexts and an in-process fake of the API that records
//! every call; and probes of the HTML it returns.
use crate::account::forms::{CsrfToken, FormOutcome};
use crate::account::{CurrentViewer, NotificationsTotal, SessionToken, Viewer};
use crate::api::{ApiRequest, ApiResponse, ApiTransport, SharedTransport};
use crate::i18n::{provide_i18n, t, Key, Locale};
use any_spawner::{CustomExecutor, Executor, PinnedFuture, PinnedLocalFuture};
use leptos::prelude::*;
use leptos_router::components::Router;
use leptos_router::location::RequestUrl;
use std::cell::RefCell;
use std::future::Future;
use std::pin::{pin, Pin};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Waker};

pub(super) const CSRF: &str = "csrf-token-123";
pub(super) const SESSION: &str = "session-abc";

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
