//! The account forms (issue 4): login, reset code, reset, change password, logout.
use super::forms::{Handled, Submission};
use super::pages::redirect;
use crate::services::accounts::{passwords, sessions};
use crate::services::ServiceError;
use app::account::forms::{AfterLogin, AuthForm};
use app::routes::{href, Page};

pub(super) async fn handle(s: &Submission<'_>) -> Handled {
    let (state, p, locale) = (s.state, s.posted, s.locale);
    let result = match s.form {
        AuthForm::Login => sessions::login(&state.cx(), &p.email, &p.password, s.client).await.map(|new| {
            let target = match AfterLogin::from_param(p.redirect.as_deref()) {
                AfterLogin::Billing => href(locale, Page::Billing),
                AfterLogin::Dashboard => href(locale, Page::DashboardLocations),
            };
            redirect(&target, s.policy.signed_in(&new.token, &new.auth.viewer()))
        }),
        AuthForm::SendCode => {
            passwords::send_reset_code(&state.cx(), &p.email, s.client)
                .await
                .map(|()| {
                    let target = format!("{}?email={}", href(locale, Page::ResetCode), app::api::encode(p.email.trim()));
                    redirect(&target, Vec::new())
                })
        }
        AuthForm::ResetWithCode => passwords::reset_with_code(&state.cx(), &p.email, &p.code, &p.new_password, s.client)
            .await
            .map(|()| redirect(&format!("{}?reset=1", href(locale, Page::Login)), s.policy.signed_out())),
        AuthForm::ChangePassword => match s.member {
            Some(member) => passwords::change(&state.cx(), &member.auth, &p.password, &p.new_password)
                .await
                .map(|()| redirect(&format!("{}?changed=1", href(locale, Page::Account)), Vec::new())),
            None => Err(ServiceError::Unauthorized),
        },
        AuthForm::Logout => {
            if let Some(member) = s.member {
                if let Err(e) = sessions::logout(&state.db, &member.auth).await {
                    tracing::error!(error = %e, "logout failed");
                }
            }
            Ok(redirect(&href(locale, Page::Home), s.policy.signed_out()))
        }
        _ => Err(ServiceError::NotFound),
    };
    result.map_err(|e| (e, Vec::new()))
}
