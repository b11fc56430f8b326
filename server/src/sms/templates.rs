//! SMS texts: every word comes from `locales/*.json` (keys `sms_*`). A text
//! message has no footer, so each one names the service itself, and every
//! one that invites a reply says how to stop them (carrier rules).
use super::OptKeyword;
use super::OutgoingSms;
use app_core::i18n::{t, t_args, Key, Locale};

/// The language to write to `e164` in. A phone number is all we know about
/// the recipient of a locate request (they have no account and no browser
/// session yet), and its country is the best guess at the language they
/// read: Indonesia (+62) gets Indonesian; mainland China (+86), Hong Kong
/// (+852), Macau (+853), Taiwan (+886) and Singapore (+65, where Chinese is
/// the most read of the official languages) get Chinese; everyone else
/// English, the site's fallback.
pub fn locale_for_number(e164: &str) -> Locale {
    const CHINESE: [&str; 5] = ["+86", "+852", "+853", "+886", "+65"];
    if e164.starts_with("+62") {
        Locale::Id
    } else if CHINESE.iter().any(|prefix| e164.starts_with(prefix)) {
        Locale::Zh
    } else {
        Locale::En
    }
}

/// The text asking the owner of a phone to decide on a locate request:
/// names the service, says someone asked to see the location once and that
/// nothing is shared unless they choose, carries `link` (the secret decision
/// page) and how to opt out. Short enough for two or three segments.
pub fn locate_request(locale: Locale, link: &str) -> String {
    let site = t(locale, Key::SiteName);
    let ask = t_args(
        locale,
        Key::SmsLocateRequest,
        &[("site", site), ("link", link)],
    );
    format!("{ask} {}", t(locale, Key::SmsOptOutHint))
}

/// The text after the owner shared: names the service and carries `link`,
/// the owner's receipt (what was shared; stop, delete, trust). It invites
/// no reply.
pub fn locate_receipt(locale: Locale, link: &str) -> String {
    t_args(
        locale,
        Key::SmsLocateReceipt,
        &[("site", t(locale, Key::SiteName)), ("link", link)],
    )
}

/// The locate request as a message to `to`, in the language of its country.
pub fn locate_request_sms(to: &str, link: &str) -> OutgoingSms {
    OutgoingSms {
        to: to.to_owned(),
        body: locate_request(locale_for_number(to), link),
    }
}

/// The text carrying `code`, which proves the recipient holds the number
/// before it joins the do-not-locate registry.
pub fn number_code(locale: Locale, code: &str) -> String {
    t_args(
        locale,
        Key::SmsNumberCode,
        &[("site", t(locale, Key::SiteName)), ("code", code)],
    )
}

/// The code that proves a number to manage what lookups show about it.
pub fn owner_code(locale: Locale, code: &str) -> String {
    t_args(
        locale,
        Key::SmsOwnerCode,
        &[("site", t(locale, Key::SiteName)), ("code", code)],
    )
}

/// The answer to an opt-out keyword texted to us: STOP and START confirm
/// what changed; HELP says what the service is, where to get help
/// (`support_email`) and that STOP ends all requests.
pub fn keyword_reply(locale: Locale, keyword: OptKeyword, support_email: &str) -> String {
    let site = t(locale, Key::SiteName);
    match keyword {
        OptKeyword::Stop => t_args(locale, Key::SmsReplyStop, &[("site", site)]),
        OptKeyword::Start => t_args(locale, Key::SmsReplyStart, &[("site", site)]),
        OptKeyword::Help => t_args(
            locale,
            Key::SmsReplyHelp,
            &[("site", site), ("email", support_email)],
        ),
        OptKeyword::Report => t_args(locale, Key::SmsReplyReport, &[("site", site)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A realistic decision link: origin plus a 43-character token.
    const LINK: &str = "https://cooltracker.example/r/k3J9xQ2mVb7TzL0pW8nR4sY6uA1cE5gH9iD2fO3jKqM";

    /// Two concatenated UCS-2 segments hold 134 characters, GSM-7 ones 306:
    /// 300 keeps every language within three segments.
    const MAX_CHARS: usize = 300;

    fn assert_no_placeholder(text: &str) {
        assert!(
            !text.contains('{') && !text.contains('}'),
            "unfilled placeholder in: {text}"
        );
    }

    #[test]
    fn countries_pick_the_language() {
        assert_eq!(locale_for_number("+6281234567890"), Locale::Id);
        for number in [
            "+8613800138000",
            "+85291234567",
            "+85366123456",
            "+886912345678",
            "+6591234567",
        ] {
            assert_eq!(locale_for_number(number), Locale::Zh, "{number}");
        }
        for number in ["+14155550100", "+447700900123", "+60123456789", "+6212"] {
            let expected = if number.starts_with("+62") {
                Locale::Id
            } else {
                Locale::En
            };
            assert_eq!(locale_for_number(number), expected, "{number}");
        }
    }

    #[test]
    fn every_locale_s_request_is_complete_and_short() {
        for locale in Locale::ALL {
            let text = locate_request(locale, LINK);
            assert!(text.contains(LINK), "{locale:?} lacks the link");
            assert!(
                text.contains("Cool Tracker"),
                "{locale:?} does not name the service"
            );
            assert!(
                text.contains("STOP"),
                "{locale:?} lacks the opt-out keyword"
            );
            assert!(
                text.contains(t(locale, Key::SmsOptOutHint)),
                "{locale:?} lacks the opt-out hint"
            );
            assert_no_placeholder(&text);
            let chars = text.chars().count();
            assert!(chars <= MAX_CHARS, "{locale:?}: {chars} characters: {text}");
        }
    }

    #[test]
    fn the_wording_is_the_locale_s() {
        let en = locate_request(Locale::En, LINK);
        assert!(
            en.starts_with("Cool Tracker: someone asked to see this phone's location once."),
            "{en}"
        );
        assert!(en.contains("Nothing is shared unless you choose to."));
        assert!(en.ends_with("Reply STOP to opt out."));
        assert!(locate_request(Locale::Id, LINK).ends_with("Balas STOP untuk berhenti."));
        assert!(locate_request(Locale::Zh, LINK).ends_with("回复 STOP 退订。"));
        let sms = locate_request_sms("+6281234567890", LINK);
        assert_eq!(sms.body, locate_request(Locale::Id, LINK));
        assert_eq!(sms.to, "+6281234567890");
    }

    #[test]
    fn every_locale_s_receipt_names_the_service_and_carries_the_link() {
        for locale in Locale::ALL {
            let text = locate_receipt(locale, LINK);
            assert!(
                text.contains(LINK) && text.contains("Cool Tracker"),
                "{locale:?}: {text}"
            );
            assert_no_placeholder(&text);
            let chars = text.chars().count();
            assert!(chars <= MAX_CHARS, "{locale:?}: {chars} characters: {text}");
        }
    }

    #[test]
    fn every_locale_s_code_text_carries_the_code() {
        for locale in Locale::ALL {
            let text = number_code(locale, "482913");
            assert!(
                text.contains("482913") && text.contains("Cool Tracker"),
                "{locale:?}: {text}"
            );
            assert_no_placeholder(&text);
            assert!(text.chars().count() <= 160 * 2, "{locale:?}");
        }
    }

    #[test]
    fn every_locale_answers_every_keyword() {
        for locale in Locale::ALL {
            let stop = keyword_reply(locale, OptKeyword::Stop, "help@ct.example");
            let start = keyword_reply(locale, OptKeyword::Start, "help@ct.example");
            let help = keyword_reply(locale, OptKeyword::Help, "help@ct.example");
            assert!(
                stop.contains("START"),
                "{locale:?}: STOP reply says how to undo"
            );
            assert!(
                start.contains("STOP"),
                "{locale:?}: START reply says how to opt out"
            );
            assert!(
                help.contains("help@ct.example") && help.contains("STOP"),
                "{locale:?}: {help}"
            );
            for text in [&stop, &start, &help] {
                assert!(text.contains("Cool Tracker"), "{locale:?}: {text}");
                assert_no_placeholder(text);
                assert!(text.chars().count() <= MAX_CHARS, "{locale:?}: {text}");
            }
        }
    }
}
