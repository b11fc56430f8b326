//! TwiML, the call's script Twilio runs, and what Twilio posts back about a
//! call. Pure functions; every value put into XML is escaped.
use super::CallProgress;
use crate::html::escape_html;
use crate::twilio::{param, twiml};

/// The message call: the audio (disclosure, message, menu) inside a
/// one-key `<Gather>`, so a key pressed while it plays counts; no key,
/// and the call ends after the audio.
pub fn play_and_gather(audio_url: &str, gather_url: &str, language_bcp47: &str) -> String {
    twiml(&format!(
        r#"<Gather numDigits="1" action="{}" method="POST" timeout="6" actionOnEmptyResult="false" language="{}"><Play>{}</Play></Gather>"#,
        escape_html(gather_url),
        escape_html(language_bcp47),
        escape_html(audio_url)
    ))
}

/// An answer after a key: one recording, then the call ends.
pub fn play_and_hang_up(audio_url: &str) -> String {
    twiml(&format!("<Play>{}</Play><Hangup/>", escape_html(audio_url)))
}

/// Ends the call.
pub fn hang_up() -> String {
    twiml("<Hangup/>")
}

/// Twilio's call status as our [`CallProgress`].
pub fn progress_of(status: &str) -> Option<CallProgress> {
    Some(match status {
        "queued" | "initiated" => CallProgress::Queued,
        "ringing" => CallProgress::Ringing,
        "in-progress" | "answered" => CallProgress::InProgress,
        "completed" => CallProgress::Completed,
        "busy" => CallProgress::Busy,
        "no-answer" => CallProgress::NoAnswer,
        "failed" => CallProgress::Failed,
        "canceled" => CallProgress::Canceled,
        _ => return None,
    })
}

/// `CallSid`, `CallStatus` and `CallDuration` of a status callback.
pub fn parse_call_status(
    params: &[(String, String)],
) -> Option<(String, CallProgress, Option<u32>)> {
    let sid = param(params, "CallSid").filter(|s| !s.is_empty())?;
    let progress = progress_of(param(params, "CallStatus")?)?;
    let duration = param(params, "CallDuration").and_then(|d| d.parse().ok());
    Some((sid.to_owned(), progress, duration))
}

/// The key pressed (`Digits`), when it is one key.
pub fn parse_digits(params: &[(String, String)]) -> Option<char> {
    let digits = param(params, "Digits")?;
    let mut chars = digits.chars();
    match (chars.next(), chars.next()) {
        (Some(key), None) if key.is_ascii_digit() || key == '*' || key == '#' => Some(key),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::twilio::form;

    const HEAD: &str = r#"<?xml version="1.0" encoding="UTF-8"?>"#;

    #[test]
    fn twiml_escapes_every_value() {
        let xml = play_and_gather(
            "https://ct.test/a.wav?exp=1&sig=2",
            "https://ct.test/g?call=vc1&x=<y>",
            "id-ID",
        );
        assert!(
            xml.contains("<Play>https://ct.test/a.wav?exp=1&amp;sig=2</Play>"),
            "{xml}"
        );
        assert!(
            xml.contains(r#"action="https://ct.test/g?call=vc1&amp;x=&lt;y&gt;""#),
            "{xml}"
        );
        assert!(xml.contains(r#"numDigits="1""#) && xml.contains(r#"actionOnEmptyResult="false""#));
        assert!(xml.starts_with(HEAD) && xml.ends_with("</Gather></Response>"));
        assert_eq!(
            play_and_hang_up("https://a/b?c=1&d=2"),
            format!("{HEAD}<Response><Play>https://a/b?c=1&amp;d=2</Play><Hangup/></Response>")
        );
        assert_eq!(hang_up(), format!("{HEAD}<Response><Hangup/></Response>"));
    }

    #[test]
    fn statuses_and_keys_are_read() {
        let status = |s: &str| {
            parse_call_status(&form(&[
                ("CallSid", "CA1"),
                ("CallStatus", s),
                ("CallDuration", "12"),
            ]))
        };
        assert_eq!(
            status("completed"),
            Some(("CA1".into(), CallProgress::Completed, Some(12)))
        );
        assert_eq!(
            status("no-answer").map(|s| s.1),
            Some(CallProgress::NoAnswer)
        );
        assert_eq!(status("busy").map(|s| s.1), Some(CallProgress::Busy));
        assert_eq!(
            status("in-progress").map(|s| s.1),
            Some(CallProgress::InProgress)
        );
        assert_eq!(status("weird"), None);
        assert_eq!(
            parse_call_status(&form(&[("CallStatus", "completed")])),
            None
        );
        assert_eq!(parse_digits(&form(&[("Digits", "9")])), Some('9'));
        assert_eq!(parse_digits(&form(&[("Digits", "98")])), None);
        assert_eq!(parse_digits(&form(&[("Digits", "")])), None);
        assert_eq!(parse_digits(&form(&[])), None);
    }
}
