//! The locate forms: create and change requests on the dashboard, the
//! owner's decline/block/stop-sharing on the reveal page, the do-not-locate
//! registry. Adapters only: each calls one use case.
use super::forms::{Handled, Submission};
use super::pages::redirect;
use crate::services::locate::{changes, consent, registry, requests};
use crate::services::ServiceError;
use app::account::forms::AuthForm;
use app::api::encode;
use app::model::locate::RevealDecision;
use app::routes::{href, Page};

pub(super) async fn handle(s: &Submission<'_>) -> Handled {
    let (state, p, locale) = (s.state, s.posted, s.locale);
    let cx = state.cx();
    let dashboard = href(locale, Page::DashboardLocations);
    match s.form {
        AuthForm::LocateCreate => {
            let member = s.member.ok_or((ServiceError::Unauthorized, Vec::new()))?;
            let input = requests::NewRequest { country: &p.country, phone: &p.phone, note: &p.note };
            let view = requests::create(&cx, &member.auth, input).await.map_err(|e| (e, s.kept(&["country", "phone", "note"])))?;
            Ok(redirect(&format!("{dashboard}?created={}", view.id), Vec::new()))
        }
        AuthForm::LocateAction => locate_action(s, &cx).await,
        AuthForm::Reveal => {
            let decision = match p.decision.as_str() {
                "decline" => RevealDecision::Decline,
                "block" => RevealDecision::Block,
                "stop_sharing" => RevealDecision::StopSharing,
                // Sharing needs the browser's position, so it only comes through the API.
                _ => return Err((ServiceError::Invalid(app::i18n::Key::ErrorBadRequest), s.kept(&["t"]))),
            };
            let input = consent::Answer { token: &p.t, decision, point: None, client: s.client };
            consent::answer(&cx, input).await.map_err(|e| (e, s.kept(&["t"])))?;
            Ok(redirect(&format!("{}?t={}", href(locale, Page::RevealLocation), encode(&p.t)), Vec::new()))
        }
        AuthForm::DnlCode => {
            registry::send_proof(&cx, &p.country, &p.phone, s.client).await.map_err(|e| (e, s.kept(&["country", "phone"])))?;
            let target = format!(
                "{}?sent=1&country={}&phone={}",
                href(locale, Page::DoNotLocate),
                encode(&p.country),
                encode(&p.phone)
            );
            Ok(redirect(&target, Vec::new()))
        }
        AuthForm::DnlConfirm => {
            registry::confirm_proof(&cx, &p.country, &p.phone, &p.code)
                .await
                .map_err(|e| (e, s.kept(&["country", "phone"])))?;
            Ok(redirect(&format!("{}?done=1", href(locale, Page::DoNotLocate)), Vec::new()))
        }
        _ => Err((ServiceError::NotFound, Vec::new())),
    }
}

/// A change to one of the member's requests: resend, cancel, rename, or
/// `clear` (erase the position).
async fn locate_action(s: &Submission<'_>, cx: &crate::services::Cx) -> Handled {
    let p = s.posted;
    let member = s.member.ok_or((ServiceError::Unauthorized, Vec::new()))?;
    let kept = || s.kept(&["id", "label"]);
    let id = p.id.parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(|| (ServiceError::NotFound, kept()))?;
    let change = match (p.action.as_str(), changes::Change::from_action(&p.action, &p.label)) {
        ("clear", _) => None,
        (_, Some(change)) => Some(change),
        (_, None) => return Err((ServiceError::Invalid(app::i18n::Key::ErrorBadRequest), kept())),
    };
    let result = match change {
        Some(change) => changes::update(cx, &member.auth, id, change).await,
        None => changes::clear(cx, &member.auth, id).await,
    };
    result.map_err(|e| (e, kept()))?;
    Ok(redirect(&href(s.locale, Page::DashboardLocations), Vec::new()))
}
