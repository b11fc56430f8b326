//! Server-side render tests of the account pages and the header, one file
//! per page: each page is rendered to HTML with the contexts the server
//! provides (i18n, CSRF token, viewer, form outcome) under a router for the
//! request URL.
use crate::account::forms::{AuthForm, CsrfToken, FormOutcome};
use crate::account::validation::{FieldErrors, Slot};
use crate::account::{CurrentViewer, Viewer};
use crate::i18n::{provide_i18n, t, Key, Locale};
use leptos::prelude::*;
use leptos_router::components::Router;
use leptos_router::location::RequestUrl;

mod account;
mod header;
mod login;
mod password_reset;

pub(super) const CSRF: &str = "csrf-token-123";

/// The server's contexts for one render.
#[derive(Default)]
pub(super) struct Request {
    pub(super) viewer: Option<Viewer>,
    pub(super) outcome: Option<FormOutcome>,
}

pub(super) fn member() -> Viewer {
    Viewer {
        email: "member@mail.com".into(),
        payment_count: 2,
        vip_time: 4_102_444_800_000,
    }
}

pub(super) fn outcome(form: AuthForm, email: &str, errors: &[(Slot, Key)]) -> FormOutcome {
    let mut field_errors = FieldErrors::default();
    for (slot, key) in errors {
        field_errors.set(*slot, Some(*key));
    }
    FormOutcome {
        form,
        email: email.into(),
        errors: field_errors,
        notice: None,
        values: Vec::new(),
    }
}

/// Renders `page` at `url` in Indonesian.
pub(super) fn render<V: IntoView + 'static>(
    url: &str,
    request: Request,
    page: impl FnOnce() -> V + Send + 'static,
) -> String {
    let owner = Owner::new();
    owner.with(|| {
        provide_context(RequestUrl::new(url));
        provide_i18n(Signal::stored(Locale::Id));
        provide_context(CsrfToken(CSRF.into()));
        provide_context(CurrentViewer(request.viewer));
        if let Some(outcome) = request.outcome {
            provide_context(outcome);
        }
        view! { <Router>{page()}</Router> }.to_html()
    })
}

/// The text inside the element with `id` (up to its closing tag), markers stripped.
pub(super) fn text_of(html: &str, id: &str) -> String {
    let start = html
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("no #{id} in {html}"));
    let rest = &html[start..];
    let open_end = rest.find('>').map_or(rest.len(), |i| i + 1);
    let inner = &rest[open_end..];
    let close = inner.find("</").unwrap_or(inner.len());
    inner[..close].replace("<!>", "").trim().to_owned()
}

pub(super) fn id(key: Key) -> &'static str {
    t(Locale::Id, key)
}

pub(super) fn assert_has(html: &str, needles: &[&str]) {
    for needle in needles {
        assert!(html.contains(needle), "missing {needle:?} in\n{html}");
    }
}
