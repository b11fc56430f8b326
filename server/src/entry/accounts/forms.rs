//! The account forms: login, reset code, reset, change password, logout.
//! Adapters only: each reads its typed fields and calls one use case.
use super::redirects::redirect;
use super::submission::{Handled, Rejected, Submission};
use crate::services::accounts::{passwords, sessions};
use app_core::account::forms::{AfterLogin, AuthForm};
use app_core::routes::{href, Page};
use serde::Deserialize;

/// The fields the account forms post (each form uses its own).
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
struct AccountFields {
    email: String,
    password: String,
    new_password: String,
    code: String,
    redirect: Option<String>,
}

pub(crate) async fn handle(s: &Submission<'_>) -> Handled {
    let f: AccountFields = s.fields();
    let to = |page: Page, query: &str| format!("{}{query}", href(s.locale, page));
    let done = match s.form {
        AuthForm::Login => {
            let new = sessions::login(&s.cx, &f.email, &f.password, s.client)
                .await
                .map_err(Rejected::new)?;
            let target = match AfterLogin::from_param(f.redirect.as_deref()) {
                AfterLogin::Billing => Page::Billing,
                AfterLogin::Dashboard => Page::DashboardLocations,
            };
            return Ok(redirect(
                &to(target, ""),
                s.policy.signed_in(&new.token, &new.auth.viewer()),
            ));
        }
        AuthForm::SendCode => passwords::send_reset_code(&s.cx, &f.email, s.client)
            .await
            .map(|()| {
                to(
                    Page::ResetCode,
                    &format!("?email={}", app_core::api::encode(f.email.trim())),
                )
            }),
        AuthForm::ResetWithCode => {
            let new =
                passwords::reset_with_code(&s.cx, &f.email, &f.code, &f.new_password, s.client)
                    .await
                    .map_err(Rejected::new)?;
            return Ok(redirect(
                &to(Page::DashboardLocations, ""),
                s.policy.signed_in(&new.token, &new.auth.viewer()),
            ));
        }
        AuthForm::ChangePassword => {
            let member = s.member()?;
            passwords::change(&s.cx, &member.auth, &f.password, &f.new_password)
                .await
                .map(|()| to(Page::Account, "?changed=1"))
        }
        AuthForm::Logout => {
            if let Some(member) = s.member {
                if let Err(e) = sessions::logout(&s.cx.db, &member.auth).await {
                    tracing::error!(error = %e, "logout failed");
                }
            }
            return Ok(redirect(&to(Page::Home, ""), s.policy.signed_out()));
        }
        _ => Err(crate::services::ServiceError::NotFound),
    };
    done.map(|target| redirect(&target, Vec::new()))
        .map_err(Rejected::new)
}
