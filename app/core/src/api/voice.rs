//! Voice message calls: preview, send, the sender's list and one message.
use super::{form_body, parse, ApiClient, ApiError, Envelope, Page};
use crate::account::validation::Slot;
use crate::i18n::Locale;
use crate::model::voice::{VoiceDraft, VoiceMessageView, VoicePreview, VoicePreviewDraft};

/// `POST /voice/preview`
pub const PREVIEW_PATH: &str = "/voice/preview";
/// `POST /voice/messages` (send) and `GET /voice/messages?page=&size=` (list).
pub const MESSAGES_PATH: &str = "/voice/messages";

/// The form body of Preview (no number) and Send.
pub fn draft_body(draft: &VoiceDraft, idempotency_key: Option<&str>) -> String {
    let mut fields = vec![
        ("country", draft.country.as_str()),
        ("phone", draft.phone.as_str()),
        ("message", draft.message.as_str()),
        ("language", draft.language.as_str()),
        ("voice", draft.voice.as_str()),
    ];
    if let Some(key) = idempotency_key {
        fields.push(("idempotencyKey", key));
    }
    form_body(&fields)
}

/// A refused Preview or Send: the server's message, each field's own
/// message (shown beside that field), and the HTTP status that says what to
/// do (402: choose a plan first; 401: sign in; 503: try again in a moment).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VoiceSendError {
    pub msg: String,
    pub fields: Vec<(Slot, String)>,
    pub status: u16,
}

impl VoiceSendError {
    pub fn needs_subscription(&self) -> bool {
        self.status == 402
    }

    /// The server's message for `slot`, if it named that field.
    pub fn field(&self, slot: Slot) -> Option<String> {
        self.fields
            .iter()
            .find(|(s, _)| *s == slot)
            .map(|(_, text)| text.clone())
    }

    fn of(locale: Locale, response: &super::ApiResponse) -> VoiceSendError {
        let (msg, fields) = super::refusal(locale, &response.body);
        VoiceSendError {
            msg,
            fields,
            status: response.status,
        }
    }
}

/// The sender's page of messages and the paging facts.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct VoiceList {
    pub items: Vec<VoiceMessageView>,
    pub page: Option<Page>,
}

impl ApiClient {
    /// Synthesizes the draft's text for listening in the page.
    ///
    /// # Errors
    /// A localized [`VoiceSendError`] (`messageErrorMsg` for text the rules refuse).
    pub async fn voice_preview(
        &self,
        locale: Locale,
        draft: &VoiceDraft,
    ) -> Result<VoicePreview, VoiceSendError> {
        self.voice_post(locale, PREVIEW_PATH, draft_body(draft, None))
            .await
    }

    /// A preview made earlier, with its draft (the page after the no-JS Preview).
    ///
    /// # Errors
    /// A localized [`ApiError`] (not found once the hour is over).
    pub async fn voice_preview_get(
        &self,
        locale: Locale,
        token: &str,
    ) -> Result<VoicePreviewDraft, ApiError> {
        self.call(
            locale,
            "GET",
            &format!("{PREVIEW_PATH}/{}", super::encode(token)),
            None,
        )
        .await
    }

    /// Sends the draft as a call; `idempotency_key` makes a double click one message.
    ///
    /// # Errors
    /// A localized [`VoiceSendError`]; without a subscription its status is 402.
    pub async fn voice_send(
        &self,
        locale: Locale,
        draft: &VoiceDraft,
        idempotency_key: &str,
    ) -> Result<VoiceMessageView, VoiceSendError> {
        let body = draft_body(draft, Some(idempotency_key));
        self.voice_post(locale, MESSAGES_PATH, body).await
    }

    /// A Preview or Send: the decoded answer, or the refusal with its field messages.
    async fn voice_post<T: serde::de::DeserializeOwned>(
        &self,
        locale: Locale,
        path: &str,
        body: String,
    ) -> Result<T, VoiceSendError> {
        let response = self
            .send(locale, "POST", path, Some(body))
            .await
            .map_err(|e| VoiceSendError {
                msg: e.msg,
                fields: Vec::new(),
                status: 0,
            })?;
        super::decode(locale, &response.body).map_err(|_| VoiceSendError::of(locale, &response))
    }

    /// The sender's messages, newest first.
    ///
    /// # Errors
    /// A localized [`ApiError`] (e.g. an invalid session).
    pub async fn voice_list(
        &self,
        locale: Locale,
        page: u32,
        size: u32,
    ) -> Result<VoiceList, ApiError> {
        let response = self
            .send(
                locale,
                "GET",
                &format!("{MESSAGES_PATH}?page={page}&size={size}"),
                None,
            )
            .await?;
        let envelope: Envelope<Vec<VoiceMessageView>> = parse(locale, &response.body)?;
        Ok(VoiceList {
            items: envelope.obj.unwrap_or_default(),
            page: envelope.page,
        })
    }

    /// One of the sender's messages.
    ///
    /// # Errors
    /// A localized [`ApiError`] (not found for anybody else's message).
    pub async fn voice_detail(
        &self,
        locale: Locale,
        id: i64,
    ) -> Result<VoiceMessageView, ApiError> {
        self.call(locale, "GET", &format!("{MESSAGES_PATH}/{id}"), None)
            .await
    }
}
