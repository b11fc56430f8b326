//! The voice message form without JavaScript: Preview and Send post to
//! `/voice-sms` like every page form. Adapters only: each calls one use case
//! and answers with a redirect to a page that shows the result.
use super::redirects::redirect;
use super::submission::{Handled, Rejected, Submission};
use crate::services::voice::{compose, preview};
use crate::services::ServiceError;
use app_core::account::forms::AuthForm;
use app_core::model::voice::VoiceDraftForm;
use app_core::routes::{href, Page};

pub(crate) async fn handle(s: &Submission<'_>) -> Handled {
    let f: VoiceDraftForm = s.fields();
    let draft = f.draft();
    let kept = [
        ("country", f.country.as_str()),
        ("phone", f.phone.as_str()),
        ("message", f.message.as_str()),
        ("language", f.language.as_str()),
        ("voice", f.voice.as_str()),
        ("idempotencyKey", f.idempotency_key.as_str()),
    ];
    let page = href(s.locale, Page::VoiceSms);
    match s.form {
        AuthForm::VoicePreview => {
            let made = preview::preview(&s.cx, s.speech, s.client, &draft).await;
            let made = made.map_err(|e| Rejected::new(e).keeping(&kept))?;
            Ok(redirect(
                &format!("{page}?preview={}", made.token),
                Vec::new(),
            ))
        }
        AuthForm::VoiceSend => {
            let member = s.member().map_err(|r| r.keeping(&kept))?;
            let sent = compose::send(&s.cx, &member.auth.user, &draft, &f.idempotency_key).await;
            let sent = sent.map_err(|e| Rejected::new(e).keeping(&kept))?;
            Ok(redirect(&format!("{page}?sent={}", sent.id), Vec::new()))
        }
        _ => Err(Rejected::new(ServiceError::NotFound)),
    }
}
