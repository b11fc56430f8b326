//! The dialog layer island, rendered once in the site shell. Closed on the
//! server (it renders nothing there); once hydrated, a visitor's click on a
//! link to the login page with a `redirect` parameter, or the header's "Log
//! in", opens the Login dialog instead of navigating (a signed-in member's
//! never does), and a locked
//! action (a form marked `data-locked`) opens the Payment dialog. Without
//! JavaScript those links and forms simply load their pages. Links to
//! checkout marked `data-keep-search` take along the number searched since
//! the page loaded.
use super::payment::PaymentDialogBody;
use super::state::{DialogData, DialogName, DialogState};
use crate::account::Viewer;
use crate::components::{FormState, LoginForm, ResetCodeForm, SendCodeForm};
use crate::i18n::{provide_i18n, use_i18n, Key, Locale};
use leptos::either::EitherOf4;
use leptos::html;
use leptos::prelude::*;

/// Shows at most one dialog. `csrf` is the page's anti-CSRF token, for the
/// forms inside the dialogs; `viewer` the signed-in member, if any.
// A lazily loaded chunk of the hydrate WASM (split out by scripts/build.sh);
// a plain island elsewhere (the server, the widget gallery).
#[cfg_attr(feature = "hydrate", island(lazy))]
#[cfg_attr(not(feature = "hydrate"), island)]
pub fn DialogLayer(locale: Locale, csrf: String, viewer: Option<Viewer>) -> impl IntoView {
    provide_i18n(Signal::derive(move || locale));
    let i18n = use_i18n();
    let state = RwSignal::new(DialogState::default());
    let panel = NodeRef::<html::Div>::new();
    Effect::new(move |_| {
        #[cfg(feature = "browser")]
        browser::install(state, viewer.clone());
        #[cfg(not(feature = "browser"))]
        let _ = &viewer;
    });
    // Focus moves into the dialog when it opens: its first field, or the panel.
    Effect::new(move |_| {
        if let Some(panel) = panel.get() {
            #[cfg(feature = "browser")]
            browser::focus_first_field(&panel);
            #[cfg(not(feature = "browser"))]
            let _ = panel;
        }
    });
    // Closing gives focus back to what opened the dialog.
    Effect::new(move |was_open: Option<bool>| {
        let open = state.with(|s| s.shown().is_some());
        #[cfg(feature = "browser")]
        browser::track_opener(was_open.unwrap_or(false), open);
        #[cfg(not(feature = "browser"))]
        let _ = was_open;
        open
    });
    let close = move |_| state.update(DialogState::clear);
    move || {
        let shown = state.with(|s| s.shown());
        let content = match shown {
            None => return None,
            Some(name) => dialog_content(name, &state.get_untracked(), csrf.clone()),
        };
        let title = match shown {
            Some(DialogName::Login) => Key::TitleLogin,
            Some(DialogName::ResetCode) => Key::TitleResetCode,
            Some(DialogName::Payment) => Key::CheckoutDialogTitle,
            _ => Key::TitleResetPassword,
        };
        let text = state.with_untracked(|s| s.text_key);
        Some(view! {
            <div class="dialog-backdrop" on:click=close></div>
            <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="dialog-title" tabindex="-1" node_ref=panel>
                <button type="button" class="dialog-close" aria-label=i18n.text(Key::DialogClose) on:click=close>
                    <span aria-hidden="true">"×"</span>
                </button>
                <h2 id="dialog-title">{i18n.text(title)}</h2>
                {text.map(|key| view! { <p class="dialog-text">{i18n.text(key)}</p> })}
                {content}
            </div>
        })
    }
}

/// The form of the open dialog.
fn dialog_content(name: DialogName, state: &DialogState, csrf: String) -> impl IntoView {
    let (email, plan_id) = match &state.data {
        Some(DialogData::Reset { email }) => (email.clone(), None),
        Some(DialogData::Payment { plan_id }) => (
            state
                .user
                .as_ref()
                .map(|u| u.email.clone())
                .unwrap_or_default(),
            *plan_id,
        ),
        _ => (String::new(), None),
    };
    let prefilled = FormState {
        email: email.clone(),
        ..FormState::default()
    };
    match name {
        DialogName::Login => EitherOf4::A(view! {
            <LoginForm prefix="dialog-login" csrf=csrf redirect=state.login_redirect() state=FormState::default() novalidate=true/>
        }),
        DialogName::ResetPsd => EitherOf4::B(view! {
            <SendCodeForm prefix="dialog-reset" csrf=csrf state=prefilled novalidate=true/>
        }),
        DialogName::ResetCode => EitherOf4::C(view! {
            <ResetCodeForm prefix="dialog-reset-code" csrf=csrf state=prefilled novalidate=true/>
        }),
        DialogName::Payment => {
            EitherOf4::D(view! { <PaymentDialogBody plan_id=plan_id email=email/> })
        }
    }
}

#[cfg(feature = "browser")]
mod browser {
    use super::super::state::{login_link_redirect, DialogRequest, DialogState};
    use crate::account::forms::AfterLogin;
    use crate::account::Viewer;
    use crate::checkout::keep_search;
    use leptos::ev;
    use leptos::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{Element, HtmlElement};

    /// Opens the Login dialog from a visitor's login links and the Payment
    /// dialog from locked actions; Escape closes any dialog.
    pub(super) fn install(state: RwSignal<DialogState>, viewer: Option<Viewer>) {
        let signed_in = viewer.is_some();
        let _ = window_event_listener(ev::submit, move |event| {
            let Some(form) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
                return;
            };
            if event.default_prevented() || !form.has_attribute("data-locked") {
                return; // already stopped (invalid fields), or not locked
            }
            event.prevent_default();
            mark_opener();
            state.update(|s| s.set_data(DialogRequest::payment(viewer.clone())));
        });
        let _ = window_event_listener(ev::click, move |event| {
            let plain = event.button() == 0
                && !(event.meta_key() || event.ctrl_key() || event.shift_key() || event.alt_key());
            if event.default_prevented() || !plain {
                return; // new tab/window: let the browser do it
            }
            let Some(link) = event
                .target()
                .and_then(|t| t.dyn_into::<Element>().ok())
                .and_then(|el| el.closest("a[href]").ok().flatten())
            else {
                return;
            };
            if link.has_attribute("data-keep-search") {
                keep_searched_number(&link);
                return;
            }
            if signed_in {
                return; // a member is signed in: the link goes where it says
            }
            // Login links with a `redirect`, and the header's "Log in" (marked
            // `data-wake="login"` so text pages load the app for it).
            let redirect = match link
                .get_attribute("href")
                .as_deref()
                .and_then(login_link_redirect)
            {
                Some(redirect) => redirect,
                None if link.get_attribute("data-wake").as_deref() == Some("login") => {
                    AfterLogin::Dashboard
                }
                None => return,
            };
            event.prevent_default();
            mark_opener();
            state.update(|s| s.set_data(DialogRequest::login(redirect)));
        });
        let _ = window_event_listener(ev::keydown, move |event| {
            if event.key() == "Escape" && state.with_untracked(|s| s.visible) {
                state.update(DialogState::clear);
            }
        });
    }

    /// Adds the number in the address bar (written by the home search) to a
    /// checkout link just before the browser follows it.
    fn keep_searched_number(link: &Element) {
        let search = web_sys::window()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default();
        if let Some(href) = link.get_attribute("href") {
            let _ = link.set_attribute("href", &keep_search(&href, &search));
        }
    }

    const OPENER: &str = "data-dialog-opener";

    /// Marks the focused element (the link or form that opens a dialog).
    fn mark_opener() {
        let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        if let Some(active) = doc.active_element().filter(|el| el.tag_name() != "BODY") {
            let _ = active.set_attribute(OPENER, "");
        }
    }

    /// Focuses the marked opener again once the dialog has closed.
    pub(super) fn track_opener(was_open: bool, open: bool) {
        let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        if was_open && !open {
            let opener = doc.query_selector(&format!("[{OPENER}]")).ok().flatten();
            if let Some(el) = opener.and_then(|el| el.dyn_into::<HtmlElement>().ok()) {
                let _ = el.remove_attribute(OPENER);
                let _ = el.focus();
            }
        }
    }

    pub(super) fn focus_first_field(panel: &web_sys::HtmlDivElement) {
        let first = panel
            .query_selector("input:not([type=hidden])")
            .ok()
            .flatten()
            .and_then(|el| el.dyn_into::<HtmlElement>().ok());
        let _ = match first {
            Some(field) => field.focus(),
            None => panel.focus(),
        };
    }
}
