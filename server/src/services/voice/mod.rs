//! Anonymous voice messages: a subscriber's text, spoken by espeak-ng and
//! delivered as a phone call from the service's own number. The recipient
//! never learns the sender; the service keeps who sent what for the
//! retention period and answers for it. The called person can stop every
//! message (press 9, written to the do-not-contact registry that locating
//! uses too) and report one (press 8, into the abuse queue).
//!
//! Use cases: [`preview`] (hear a draft), [`compose::send`], [`views`]
//! (list, detail), [`replay`]; the caller job [`delivery::run_due`]; the
//! provider's callbacks [`events`]; [`retention::purge`].
pub mod audio;
pub mod compose;
pub mod delivery;
pub mod events;
pub mod policy;
pub mod preview;
pub mod reconcile;
pub mod retention;
pub mod status;
pub mod text;
pub mod views;

use crate::services::{Cx, ServiceError};
use crate::speech::{Rendered, Speech, SpeechError};
use app_core::i18n::Key;
use futures_util::future::BoxFuture;
use sea_orm::DatabaseTransaction;
use std::sync::Arc;

/// Voice's reaction to a member's access ending: their messages not yet
/// called are cancelled ([`delivery::cancel_queued_for`]).
pub fn on_access_ended(
    txn: &DatabaseTransaction,
    user_id: i64,
    now: i64,
) -> BoxFuture<'_, Result<(), ServiceError>> {
    Box::pin(delivery::cancel_queued_for(txn, user_id, now))
}

/// A fresh name for one call of a message, put into the provider's
/// callback URLs: a callback applies only to the call it names.
pub fn new_call_ref() -> String {
    format!("vc{}", crate::signing::random_hex(16))
}

/// Speech errors in the user's words: full workers are "busy" (try again
/// in a moment), a server without espeak-ng "unavailable".
pub fn speech_error(error: SpeechError) -> ServiceError {
    match error {
        SpeechError::Busy => ServiceError::Busy {
            retry_after_secs: 2,
        },
        SpeechError::Unavailable | SpeechError::Failed(_) => {
            tracing::error!(error = ?error, "speech synthesis failed");
            ServiceError::Unavailable(Key::VoiceErrorSpeechUnavailable)
        }
    }
}

/// The sender replays their own message `id`.
///
/// # Errors
/// [`ServiceError::NotFound`] for anybody else's message or a deleted text.
pub async fn replay(
    cx: &Cx,
    speech: &Speech,
    user_id: i64,
    id: i64,
) -> Result<Arc<Rendered>, ServiceError> {
    let message = views::own(cx, user_id, id).await?;
    let voice = app_core::model::voice::Voice::from_code(&message.voice).unwrap_or_default();
    let request = audio::message_only(&message.language, voice, &message.body)?;
    speech.render(&request).await.map_err(speech_error)
}

/// `part` of the call `call_ref` as the phone plays it.
///
/// # Errors
/// [`ServiceError::NotFound`] for an unknown call or a deleted text; speech errors.
pub async fn call_audio(
    cx: &Cx,
    speech: &Speech,
    call_ref: &str,
    part: audio::CallAudio,
) -> Result<Arc<Rendered>, ServiceError> {
    use crate::persistence::entities::voice_message as row;
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    let message = row::Entity::find()
        .filter(row::Column::CallRef.eq(call_ref))
        .one(&cx.db)
        .await?
        .ok_or(ServiceError::NotFound)?;
    speech
        .render(&audio::for_call(&message, part)?)
        .await
        .map_err(speech_error)
}
