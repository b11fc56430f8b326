//! The locate forms (issue 5): create and change requests on the dashboard,
//! the owner's decline/block on the reveal page, the do-not-locate registry.
use super::forms::{Handled, Submission};
use super::pages::redirect;
use crate::services::locate::{consent, registry, requests};
use crate::services::ServiceError;
use crate::clock::now_ms;
use app::account::forms::AuthForm;
use app::api::encode;
use app::model::locate::RevealDecision;
use app::routes::{href, Page};

pub(super) async fn handle(s: &Submission<'_>) -> Handled {
    let (state, p, locale, now) = (s.state, s.posted, s.locale, now_ms());
    let dashboard = href(locale, Page::DashboardLocations);
    match s.form {
        AuthForm::LocateCreate => {
            let member = s.member.ok_or((ServiceError::Unauthorized, Vec::new()))?;
            let input = requests::NewRequest { country: &p.country, phone: &p.phone, note: &p.note };
            let view = requests::create(&state.db, &state.config, &member.auth, input, now)
                .await
                .map_err(|e| (e, s.kept(&["country", "phone", "note"])))?;
            state.wake_sms_sender();
            Ok(redirect(&format!("{dashboard}?created={}", view.id), Vec::new()))
        }
        AuthForm::LocateAction => {
            let member = s.member.ok_or((ServiceError::Unauthorized, Vec::new()))?;
            let kept = || s.kept(&["id", "label"]);
            let id: i64 = p.id.parse().map_err(|_| (ServiceError::NotFound, kept()))?;
            // `clear` erases the position; the others change the request.
            let change = match (p.action.as_str(), requests::Change::from_action(&p.action, &p.label)) {
                ("clear", _) => None,
                (_, Some(change)) => Some(change),
                (_, None) => return Err((ServiceError::Invalid(app::i18n::Key::ErrorBadRequest), kept())),
            };
            let result = match change {
                Some(change) => requests::update(&state.db, &state.config, &member.auth, id, change, now).await,
                None => requests::clear(&state.db, &member.auth, id, now).await,
            };
            result.map_err(|e| (e, kept()))?;
            state.wake_sms_sender();
            Ok(redirect(&dashboard, Vec::new()))
        }
        AuthForm::Reveal => {
            let decision = match p.decision.as_str() {
                "decline" => RevealDecision::Decline,
                "block" => RevealDecision::Block,
                // Sharing needs the browser's position, so it only comes through the API.
                _ => return Err((ServiceError::Invalid(app::i18n::Key::ErrorBadRequest), s.kept(&["t"]))),
            };
            consent::answer(
                &state.db,
                &p.t,
                decision,
                None,
                s.client,
                &state.config.ip_hash_key,
                state.config.locate.retention_ms,
                now,
            )
            .await
            .map_err(|e| (e, s.kept(&["t"])))?;
            Ok(redirect(&format!("{}?t={}", href(locale, Page::RevealLocation), encode(&p.t)), Vec::new()))
        }
        AuthForm::DnlCode => {
            registry::send_proof(&state.db, &p.country, &p.phone, s.client, now)
                .await
                .map_err(|e| (e, s.kept(&["country", "phone"])))?;
            state.wake_sms_sender();
            let target = format!(
                "{}?sent=1&country={}&phone={}",
                href(locale, Page::DoNotLocate),
                encode(&p.country),
                encode(&p.phone)
            );
            Ok(redirect(&target, Vec::new()))
        }
        AuthForm::DnlConfirm => {
            registry::confirm_proof(&state.db, &p.country, &p.phone, &p.code, now)
                .await
                .map_err(|e| (e, s.kept(&["country", "phone"])))?;
            Ok(redirect(&format!("{}?done=1", href(locale, Page::DoNotLocate)), Vec::new()))
        }
        _ => Err((ServiceError::NotFound, Vec::new())),
    }
}
