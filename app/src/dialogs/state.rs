//! The dialog layer's state (spec: "can open one of four dialogs, Payment,
//! Login, ResetPsd, ResetCode. Each takes a text key, a status, a data
//! object, a callback and the user info. Setting dialog data makes it visible
//! with status defaulting to success; clearing hides it and resets its
//! name."). Pure, so the rules are tested without a browser.
//!
//! A dialog has no callback: our dialogs hold plain forms that
//! post to the server, whose redirect is what happens "after" a dialog.
use crate::account::forms::AfterLogin;
use crate::account::Viewer;
use crate::i18n::Key;
use crate::routes::{resolve, Page};

/// Which dialog is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DialogName {
    /// Checkout: the payment form, where a locked action was tried.
    Payment,
    /// The login form.
    Login,
    /// "ResetPsd": e-mail → send a code.
    ResetPsd,
    /// "ResetCode": e-mail, code and new password.
    ResetCode,
}

/// How the dialog's message is meant (its colour and ARIA role).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DialogStatus {
    /// The default.
    #[default]
    Success,
    /// Something went wrong.
    Error,
}

/// The dialog's data object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DialogData {
    /// Where the login form sends the user afterwards.
    Login { redirect: AfterLogin },
    /// The e-mail to prefill in the reset dialogs.
    Reset { email: String },
    /// The plan to pay for (`None`: the first one).
    Payment { plan_id: Option<i64> },
}

/// What [`DialogState::set_data`] receives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DialogRequest {
    /// The dialog to open.
    pub name: DialogName,
    /// A message to show above the dialog's content.
    pub text_key: Option<Key>,
    /// `None` means [`DialogStatus::Success`].
    pub status: Option<DialogStatus>,
    /// The data object.
    pub data: DialogData,
    /// The user info at the time of opening.
    pub user: Option<Viewer>,
}

impl DialogRequest {
    /// The Login dialog, sending the user to `redirect` after signing in.
    pub fn login(redirect: AfterLogin) -> Self {
        DialogRequest {
            name: DialogName::Login,
            text_key: None,
            status: None,
            data: DialogData::Login { redirect },
            user: None,
        }
    }

    /// The Payment dialog for a locked action, with the user it was tried by.
    pub fn payment(user: Option<Viewer>) -> Self {
        DialogRequest {
            name: DialogName::Payment,
            text_key: Some(Key::CheckoutLockedText),
            status: None,
            data: DialogData::Payment { plan_id: None },
            user,
        }
    }
}

/// The layer: at most one dialog, visible or not.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DialogState {
    /// The open dialog (`None` after [`DialogState::clear`]).
    pub name: Option<DialogName>,
    /// Its message.
    pub text_key: Option<Key>,
    /// Its status.
    pub status: DialogStatus,
    /// Its data object.
    pub data: Option<DialogData>,
    /// The user info it was opened with.
    pub user: Option<Viewer>,
    /// Whether it shows.
    pub visible: bool,
}

impl DialogState {
    /// Opens the requested dialog (replacing any open one); the status
    /// defaults to success.
    pub fn set_data(&mut self, request: DialogRequest) {
        *self = DialogState {
            name: Some(request.name),
            text_key: request.text_key,
            status: request.status.unwrap_or_default(),
            data: Some(request.data),
            user: request.user,
            visible: true,
        };
    }

    /// Hides the dialog and resets its name (and everything else).
    pub fn clear(&mut self) {
        *self = DialogState::default();
    }

    /// The open dialog, if one shows.
    pub fn shown(&self) -> Option<DialogName> {
        self.name.filter(|_| self.visible)
    }

    /// Where the login form of the Login dialog sends the user.
    pub fn login_redirect(&self) -> AfterLogin {
        match &self.data {
            Some(DialogData::Login { redirect }) => *redirect,
            _ => AfterLogin::Dashboard,
        }
    }
}

/// If `href` (an `<a href>` value) targets a login page with a `redirect`
/// parameter, where the Login dialog should send the user (spec: "A link
/// whose target is login with a redirect parameter opens the Login dialog
/// with redirect set to billing"). Only same-site paths count; other links
/// are plain navigation.
pub fn login_link_redirect(href: &str) -> Option<AfterLogin> {
    if !href.starts_with('/') || href.starts_with("//") {
        return None;
    }
    let href = href.split('#').next().unwrap_or_default();
    let (path, query) = href.split_once('?')?;
    if resolve(path).page != Some(Page::Login) {
        return None;
    }
    let has_redirect = query.split('&').any(|pair| {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        name == "redirect" && !value.is_empty()
    });
    // The spec sets the redirect to billing, the only target a link names.
    has_redirect.then_some(AfterLogin::Billing)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starts_hidden_without_a_name() {
        let state = DialogState::default();
        assert_eq!(state.shown(), None);
        assert!(!state.visible);
        assert_eq!(state.status, DialogStatus::Success);
    }

    #[test]
    fn set_data_shows_with_success_by_default() {
        let mut state = DialogState::default();
        state.set_data(DialogRequest::login(AfterLogin::Billing));
        assert!(state.visible);
        assert_eq!(state.shown(), Some(DialogName::Login));
        assert_eq!(state.status, DialogStatus::Success);
        assert_eq!(state.login_redirect(), AfterLogin::Billing);
    }

    #[test]
    fn set_data_keeps_an_explicit_status_text_and_user() {
        let mut state = DialogState::default();
        let user = Viewer {
            email: "a@b.com".into(),
            payment_count: 0,
            vip_time: 0,
        };
        state.set_data(DialogRequest {
            name: DialogName::ResetCode,
            text_key: Some(Key::NoticeCodeSent),
            status: Some(DialogStatus::Error),
            data: DialogData::Reset {
                email: "a@b.com".into(),
            },
            user: Some(user.clone()),
        });
        assert_eq!(state.shown(), Some(DialogName::ResetCode));
        assert_eq!(state.status, DialogStatus::Error);
        assert_eq!(state.text_key, Some(Key::NoticeCodeSent));
        assert_eq!(state.user, Some(user));
        assert_eq!(state.login_redirect(), AfterLogin::Dashboard);
    }

    #[test]
    fn a_new_dialog_replaces_the_open_one_and_resets_its_status() {
        let mut state = DialogState::default();
        state.set_data(DialogRequest {
            status: Some(DialogStatus::Error),
            ..DialogRequest::login(AfterLogin::Billing)
        });
        state.set_data(DialogRequest {
            name: DialogName::ResetPsd,
            text_key: None,
            status: None,
            data: DialogData::Reset {
                email: String::new(),
            },
            user: None,
        });
        assert_eq!(state.shown(), Some(DialogName::ResetPsd));
        assert_eq!(state.status, DialogStatus::Success);
    }

    #[test]
    fn a_locked_action_opens_the_payment_dialog_with_its_text_and_user() {
        let user = Viewer {
            email: "a@b.com".into(),
            payment_count: 1,
            vip_time: 0,
        };
        let mut state = DialogState::default();
        state.set_data(DialogRequest::login(AfterLogin::Billing));
        state.set_data(DialogRequest::payment(Some(user.clone())));
        assert_eq!(state.shown(), Some(DialogName::Payment));
        assert_eq!(state.text_key, Some(Key::CheckoutLockedText));
        assert_eq!(state.data, Some(DialogData::Payment { plan_id: None }));
        assert_eq!(state.user, Some(user));
        assert_eq!(state.status, DialogStatus::Success);
    }

    #[test]
    fn clear_hides_and_resets_the_name() {
        let mut state = DialogState::default();
        state.set_data(DialogRequest {
            text_key: Some(Key::ErrorGeneric),
            ..DialogRequest::login(AfterLogin::Billing)
        });
        state.clear();
        assert!(!state.visible);
        assert_eq!(state.name, None);
        assert_eq!(state.data, None);
        assert_eq!(state.text_key, None);
        assert_eq!(state, DialogState::default());
    }

    #[test]
    fn login_links_with_a_redirect_open_the_dialog() {
        for href in [
            "/login?redirect=billing",
            "/id/login?redirect=billing",
            "/zh/login?x=1&redirect=billing#top",
        ] {
            assert_eq!(
                login_link_redirect(href),
                Some(AfterLogin::Billing),
                "{href}"
            );
        }
        for href in [
            "/login",
            "/login?reason=invalid",
            "/login?redirect=",
            "/billing?redirect=billing",
            "/id/reset-password?redirect=billing",
            "https://evil.example/login?redirect=billing",
            "//evil.example/login?redirect=billing",
            "login?redirect=billing",
        ] {
            assert_eq!(login_link_redirect(href), None, "{href}");
        }
    }
}
