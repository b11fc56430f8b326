//! Finding a message at Twilio after its send answer was lost: list the
//! messages to the recipient (`GET …/Messages.json?To=…&PageSize=50`,
//! newest first) and match our exact body, which holds a unique link or code.
use super::{report_for_status, TwilioClient};
use crate::sms::DeliveryReport;
use crate::sms::{OutgoingSms, SentSms, SmsError};
use serde::Deserialize;

/// One page of Twilio's message list.
#[derive(Deserialize)]
struct MessageList {
    #[serde(default)]
    messages: Vec<ListedMessage>,
}

#[derive(Deserialize)]
struct ListedMessage {
    sid: String,
    #[serde(default)]
    to: String,
    #[serde(default)]
    body: String,
    #[serde(default)]
    status: String,
}

impl TwilioClient {
    /// The message Twilio holds with `sms`'s recipient and body, if any.
    ///
    /// # Errors
    /// The list could not be read (transport, refusal, unreadable answer).
    pub async fn lookup(&self, sms: &OutgoingSms) -> Result<Option<SentSms>, SmsError> {
        let query = [("To", sms.to.as_str()), ("PageSize", "50")];
        let answer = self.api.get("Messages", &query).await?;
        if !answer.status.is_success() {
            return Err(SmsError::Rejected {
                status: answer.status.as_u16(),
                code: None,
            });
        }
        let list: MessageList =
            serde_json::from_slice(&answer.body).map_err(|_| SmsError::BadResponse)?;
        Ok(list
            .messages
            .into_iter()
            .find(|m| m.to == sms.to && m.body == sms.body)
            .map(|m| SentSms {
                report: report_for_status(&m.status).unwrap_or(DeliveryReport::Accepted),
                provider_id: m.sid,
            }))
    }
}
