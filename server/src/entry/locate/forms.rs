//! The locate forms: create and change requests on the dashboard, the
//! owner's decline/block/stop-sharing on the reveal page, the do-not-locate
//! registry. Adapters only: each calls one use case.
use super::redirects::{redirect, to_code_step};
use super::submission::{Handled, Rejected, Submission};
use crate::services::locate::{changes, consent, registry, requests};
use crate::services::ServiceError;
use app_core::account::forms::AuthForm;
use app_core::api::encode;
use app_core::model::locate::RevealDecision;
use app_core::routes::{href, Page};
use serde::Deserialize;

/// The fields the locate forms post (each form uses its own).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct LocateFields {
    country: String,
    phone: String,
    note: String,
    code: String,
    id: String,
    action: String,
    label: String,
    t: String,
    decision: String,
    notify: String,
}

pub(crate) async fn handle(s: &Submission<'_>) -> Handled {
    let f: LocateFields = s.fields();
    let locale = s.locale;
    let number = [("country", f.country.as_str()), ("phone", f.phone.as_str())];
    match s.form {
        AuthForm::LocateCreate => {
            let member = s.member()?;
            let input = requests::NewRequest {
                country: &f.country,
                phone: &f.phone,
                note: &f.note,
                notify_email: !f.notify.is_empty(),
            };
            let kept = [
                number[0],
                number[1],
                ("note", f.note.as_str()),
                ("notify", f.notify.as_str()),
            ];
            let view = requests::create(&s.cx, &member.auth, input)
                .await
                .map_err(|e| Rejected::new(e).keeping(&kept))?;
            Ok(redirect(
                &format!(
                    "{}?created={}",
                    href(locale, Page::DashboardLocations),
                    view.id
                ),
                Vec::new(),
            ))
        }
        AuthForm::LocateAction => locate_action(s, &f).await,
        AuthForm::Reveal => reveal(s, &f).await,
        AuthForm::DnlCode => {
            registry::send_proof(&s.cx, &f.country, &f.phone, s.client)
                .await
                .map_err(|e| Rejected::new(e).keeping(&number))?;
            let page = href(locale, Page::DoNotLocate);
            Ok(to_code_step(&page, &f.country, &f.phone))
        }
        AuthForm::DnlConfirm => {
            registry::confirm_proof(&s.cx, &f.country, &f.phone, &f.code)
                .await
                .map_err(|e| Rejected::new(e).keeping(&number))?;
            Ok(redirect(
                &format!("{}?done=1", href(locale, Page::DoNotLocate)),
                Vec::new(),
            ))
        }
        _ => Err(Rejected::new(ServiceError::NotFound)),
    }
}

/// The owner's decision without JavaScript: decline, block, stop a live
/// sharing, delete what was shared, trust or stop trusting the requester.
/// Sharing needs the browser's position, so it only comes through the API.
async fn reveal(s: &Submission<'_>, f: &LocateFields) -> Handled {
    let kept = [("t", f.t.as_str())];
    let decision = match f.decision.as_str() {
        "decline" => RevealDecision::Decline,
        "block" => RevealDecision::Block,
        "stop_sharing" => RevealDecision::StopSharing,
        "stop_live" => RevealDecision::StopLive,
        "trust" => RevealDecision::Trust,
        "untrust" => RevealDecision::Untrust,
        _ => {
            return Err(
                Rejected::new(ServiceError::Invalid(app_core::i18n::Key::ErrorBadRequest))
                    .keeping(&kept),
            )
        }
    };
    let input = consent::Answer {
        token: &f.t,
        decision,
        point: None,
        mode: app_core::model::locate::ShareMode::Once,
        client: s.client,
    };
    consent::answer(&s.cx, input)
        .await
        .map_err(|e| Rejected::new(e).keeping(&kept))?;
    Ok(redirect(
        &format!(
            "{}?t={}",
            href(s.locale, Page::RevealLocation),
            encode(&f.t)
        ),
        Vec::new(),
    ))
}

/// A change to one of the member's requests: resend, cancel, rename, or
/// `clear` (erase the position).
async fn locate_action(s: &Submission<'_>, f: &LocateFields) -> Handled {
    let member = s.member()?;
    let rejected =
        |e| Rejected::new(e).keeping(&[("id", f.id.as_str()), ("label", f.label.as_str())]);
    let id =
        f.id.parse::<i64>()
            .ok()
            .filter(|id| *id > 0)
            .ok_or_else(|| rejected(ServiceError::NotFound))?;
    let change = match (
        f.action.as_str(),
        changes::Change::from_action(&f.action, &f.label),
    ) {
        ("clear", _) => None,
        (_, Some(change)) => Some(change),
        (_, None) => {
            return Err(rejected(ServiceError::Invalid(
                app_core::i18n::Key::ErrorBadRequest,
            )))
        }
    };
    let result = match change {
        Some(change) => changes::update(&s.cx, &member.auth, id, change).await,
        None => changes::clear(&s.cx, &member.auth, id).await,
    };
    result.map_err(rejected)?;
    Ok(redirect(
        &href(s.locale, Page::DashboardLocations),
        Vec::new(),
    ))
}
