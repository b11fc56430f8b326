//! What Twilio posts to us about messages: delivery reports and opt-out
//! keywords (the signature check is `crate::twilio`'s), and our answer.
use crate::html::escape_html;
use crate::sms::{DeliveryReport, OptKeyword};
use crate::twilio::{param, twiml};

/// The message a status callback is about and what it reports, from its
/// `MessageSid` and `MessageStatus` (older `SmsSid`/`SmsStatus` too).
/// `None` when either is missing or the status is not a delivery state
/// (`read`, `receiving`…): nothing to record.
pub fn parse_status(params: &[(String, String)]) -> Option<(String, DeliveryReport)> {
    let sid = param(params, "MessageSid").or_else(|| param(params, "SmsSid"))?;
    let status = param(params, "MessageStatus").or_else(|| param(params, "SmsStatus"))?;
    if sid.is_empty() {
        return None;
    }
    Some((sid.to_owned(), report_for_status(status)?))
}

/// Twilio's message status as a [`DeliveryReport`]; `None` for states that
/// say nothing about delivery (`received`, `read`, `canceled`…).
pub(super) fn report_for_status(status: &str) -> Option<DeliveryReport> {
    Some(match status {
        "queued" | "accepted" | "sending" | "scheduled" => DeliveryReport::Accepted,
        "sent" => DeliveryReport::Sent,
        "delivered" => DeliveryReport::Delivered,
        "failed" | "undelivered" => DeliveryReport::Failed,
        _ => return None,
    })
}

/// The opt-out keyword an incoming message is, if it is one
/// (Twilio advanced opt-out): the whole message, trimmed, any case. "stop please"
/// is not a keyword — Twilio reads it the same way.
pub fn parse_keyword(body: &str) -> Option<OptKeyword> {
    match body.trim().to_ascii_uppercase().as_str() {
        "STOP" | "STOPALL" | "UNSUBSCRIBE" | "CANCEL" | "END" | "QUIT" | "OPTOUT" | "REVOKE" => {
            Some(OptKeyword::Stop)
        }
        "START" | "UNSTOP" | "YES" => Some(OptKeyword::Start),
        "HELP" | "INFO" => Some(OptKeyword::Help),
        "REPORT" | "SPAM" | "ABUSE" => Some(OptKeyword::Report),
        _ => None,
    }
}

/// The TwiML answer to an incoming message: one `<Message>` replying
/// `text`, or nothing.
pub fn keyword_reply_twiml(text: Option<&str>) -> String {
    match text {
        Some(text) => twiml(&format!("<Message>{}</Message>", escape_html(text))),
        None => twiml(""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::twilio::form;

    #[test]
    fn statuses_map_to_delivery_reports() {
        let report =
            |status: &str| parse_status(&form(&[("MessageSid", "SM1"), ("MessageStatus", status)]));
        assert_eq!(
            report("queued"),
            Some(("SM1".into(), DeliveryReport::Accepted))
        );
        assert_eq!(
            report("accepted").map(|r| r.1),
            Some(DeliveryReport::Accepted)
        );
        assert_eq!(
            report("sending").map(|r| r.1),
            Some(DeliveryReport::Accepted)
        );
        assert_eq!(report("sent").map(|r| r.1), Some(DeliveryReport::Sent));
        assert_eq!(
            report("delivered").map(|r| r.1),
            Some(DeliveryReport::Delivered)
        );
        assert_eq!(report("failed").map(|r| r.1), Some(DeliveryReport::Failed));
        assert_eq!(
            report("undelivered").map(|r| r.1),
            Some(DeliveryReport::Failed)
        );
        assert_eq!(report("read"), None);
        assert_eq!(parse_status(&form(&[("MessageStatus", "sent")])), None);
        assert_eq!(
            parse_status(&form(&[("SmsSid", "SM2"), ("SmsStatus", "delivered")])),
            Some(("SM2".into(), DeliveryReport::Delivered))
        );
    }

    #[test]
    fn the_keyword_reply_is_one_escaped_message_or_nothing() {
        assert_eq!(
            keyword_reply_twiml(Some("Reply <HELP> & more")),
            r#"<?xml version="1.0" encoding="UTF-8"?><Response><Message>Reply &lt;HELP&gt; &amp; more</Message></Response>"#
        );
        assert_eq!(
            keyword_reply_twiml(None),
            r#"<?xml version="1.0" encoding="UTF-8"?><Response/>"#
        );
    }

    #[test]
    fn keywords_are_whole_messages_in_any_case() {
        for word in [
            "STOP",
            "stop",
            " Stop\n",
            "STOPALL",
            "unsubscribe",
            "CANCEL",
            "end",
            "QUIT",
            "OPTOUT",
            "revoke",
        ] {
            assert_eq!(parse_keyword(word), Some(OptKeyword::Stop), "{word:?}");
        }
        for word in ["START", "unstop", "Yes"] {
            assert_eq!(parse_keyword(word), Some(OptKeyword::Start), "{word:?}");
        }
        for word in ["HELP", "info"] {
            assert_eq!(parse_keyword(word), Some(OptKeyword::Help), "{word:?}");
        }
        for word in ["REPORT", "spam", "Abuse"] {
            assert_eq!(parse_keyword(word), Some(OptKeyword::Report), "{word:?}");
        }
        for text in ["stop please", "STOP!", "where are you?", "", "berhenti"] {
            assert_eq!(parse_keyword(text), None, "{text:?}");
        }
    }
}
