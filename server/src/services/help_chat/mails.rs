//! The e-mail that carries support's answer to a member (or to the address
//! a visitor left): queued with the reply, rendered by the job worker from
//! the rows as they are then (a purged conversation sends nothing).
use crate::mail::templates::{chat_reply, Brand};
use crate::mail::Mailer;
use crate::persistence::entities::{
    help_chat_conversation as conversation, help_chat_message as message, user,
};
use crate::services::job_queue::JobKind;
use crate::services::{Cx, ServiceError};
use app_core::i18n::Locale;
use app_core::routes::{href, Page};
use sea_orm::EntityTrait;
use serde::{Deserialize, Serialize};

/// The job: which reply of which conversation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatReplyMail {
    pub conversation_id: i64,
    pub message_id: i64,
}

impl JobKind for ChatReplyMail {
    const KIND: &'static str = "chat_reply_mail";
}

/// Runs a [`ChatReplyMail`] job.
///
/// # Errors
/// A database error; a mail that could not be sent.
pub async fn send(
    cx: &Cx,
    mailer: &Mailer,
    brand: &Brand,
    job: &ChatReplyMail,
) -> Result<(), ServiceError> {
    let Some(row) = conversation::Entity::find_by_id(job.conversation_id)
        .one(&cx.db)
        .await?
    else {
        return Ok(());
    };
    let Some(reply) = message::Entity::find_by_id(job.message_id)
        .one(&cx.db)
        .await?
    else {
        return Ok(());
    };
    let member = match row.user_id {
        Some(id) => user::Entity::find_by_id(id).one(&cx.db).await?,
        None => None,
    };
    let Some(to) = member
        .as_ref()
        .map(|m| m.email.clone())
        .or(row.contact_email.clone())
    else {
        return Ok(());
    };
    let locale = Locale::from_code(&row.locale).unwrap_or_default();
    let link = format!(
        "{}{}#contact-form",
        cx.config.public_base_url,
        href(locale, Page::ContactUs)
    );
    mailer
        .send(chat_reply(locale, &to, &reply.body, &link, brand))
        .await
        .map_err(|e| {
            tracing::error!(error = %e, "chat reply e-mail not sent");
            ServiceError::Busy {
                retry_after_secs: 60,
            }
        })
}
