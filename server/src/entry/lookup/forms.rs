//! The reverse lookup forms: a member's spam report on `/telecom`, and the
//! number owner's proof and choices on `/telecom/owner`. Adapters only:
//! each calls one use case and redirects to the page that shows the result.
use super::redirects::{redirect, to_code_step};
use super::submission::{Handled, Rejected, Submission};
use crate::services::lookup::{owner, reports};
use crate::services::ServiceError;
use app_core::account::forms::AuthForm;
use app_core::api::encode;
use app_core::routes::{href, Page};
use serde::Deserialize;

/// The fields the lookup forms post (each form uses its own).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct LookupFields {
    country: String,
    phone: String,
    category: String,
    comment: String,
    code: String,
    name: String,
    city: String,
    #[serde(rename = "optOut")]
    opt_out: String,
}

pub(crate) async fn handle(s: &Submission<'_>) -> Handled {
    let f: LookupFields = s.fields();
    let number = [("country", f.country.as_str()), ("phone", f.phone.as_str())];
    let owner_page = href(s.locale, Page::TelecomOwner);
    match s.form {
        AuthForm::SpamReport => {
            let member = s.member()?;
            let input = reports::NewReport {
                country: &f.country,
                phone: &f.phone,
                category: &f.category,
                comment: &f.comment,
            };
            let kept = [
                number[0],
                number[1],
                ("category", f.category.as_str()),
                ("comment", f.comment.as_str()),
            ];
            reports::report(&s.cx, &member.auth.user, input)
                .await
                .map_err(|e| Rejected::new(e).keeping(&kept))?;
            let query = format!(
                "?country={}&phone={}&reported=1",
                encode(&f.country),
                encode(&f.phone)
            );
            Ok(redirect(
                &format!("{}{query}", href(s.locale, Page::Telecom)),
                Vec::new(),
            ))
        }
        AuthForm::OwnerCode => {
            owner::send_code(&s.cx, &f.country, &f.phone, s.client)
                .await
                .map_err(|e| Rejected::new(e).keeping(&number))?;
            Ok(to_code_step(&owner_page, &f.country, &f.phone))
        }
        AuthForm::OwnerConfirm => {
            let claim = owner::claim(&s.cx, &f.country, &f.phone, &f.code)
                .await
                .map_err(|e| Rejected::new(e).keeping(&number))?;
            let cookie = s
                .policy
                .number_owner(&claim.token, owner::CLAIM_TTL_MS / 1000);
            Ok(redirect(&owner_page, vec![cookie]))
        }
        _ => owner_choice(s, &f, &owner_page).await,
    }
}

/// A choice made in a live owner session; the page then shows what changed.
async fn owner_choice(s: &Submission<'_>, f: &LookupFields, owner_page: &str) -> Handled {
    let token = s.owner_token.unwrap_or_default();
    let done = match s.form {
        AuthForm::OwnerDispute => owner::dispute(&s.cx, token).await.map(|_| "disputed"),
        AuthForm::OwnerDirectory => owner::publish(&s.cx, token, &f.name, &f.city)
            .await
            .map(|()| "published"),
        AuthForm::OwnerUnpublish => owner::unpublish(&s.cx, token).await.map(|()| "unpublished"),
        AuthForm::OwnerOptOut => owner::set_opt_out(&s.cx, token, f.opt_out == "1")
            .await
            .map(|()| "saved"),
        _ => Err(ServiceError::NotFound),
    };
    match done {
        Ok(what) => Ok(redirect(&format!("{owner_page}?done={what}"), Vec::new())),
        // The session ended: back to the start, saying so.
        Err(ServiceError::Unauthorized) => Ok(redirect(
            &format!("{owner_page}?expired=1"),
            vec![s.policy.number_owner("", 0)],
        )),
        Err(e) => {
            Err(Rejected::new(e).keeping(&[("name", f.name.as_str()), ("city", f.city.as_str())]))
        }
    }
}
