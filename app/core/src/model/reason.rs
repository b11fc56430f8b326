//! What a requester may put in front of a phone's owner: one of a few preset
//! reasons, never free text. The request stores the reason's code; each side
//! shows the text in its reader's language. Because nothing typed by a
//! stranger reaches the owner, no link, address, look-alike or hidden
//! character can either — the rule is total by construction.
use crate::i18n::{t, Key, Locale};
use serde::{Deserialize, Serialize};

/// Why the requester asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum LocateReason {
    /// "I'm family and worried about you"
    Worried,
    /// "Your phone may be lost"
    PhoneLost,
    /// "Checking you arrived safely"
    ArrivedSafely,
    /// "We agreed to share locations"
    Agreed,
    /// "No reason given" (the default).
    #[serde(rename = "none")]
    NoReason,
}

impl LocateReason {
    /// Every reason, in the order the create form offers them (default first).
    pub const ALL: [LocateReason; 5] = [
        LocateReason::NoReason,
        LocateReason::Worried,
        LocateReason::PhoneLost,
        LocateReason::ArrivedSafely,
        LocateReason::Agreed,
    ];

    /// The stored and wire code (`note` field and column).
    pub const fn code(self) -> &'static str {
        match self {
            LocateReason::Worried => "worried",
            LocateReason::PhoneLost => "phone_lost",
            LocateReason::ArrivedSafely => "arrived_safely",
            LocateReason::Agreed => "agreed",
            LocateReason::NoReason => "none",
        }
    }

    /// The reason a form or API value names. Only the exact codes count; an
    /// empty value means "no reason given". Anything else is refused.
    pub fn from_code(code: &str) -> Option<LocateReason> {
        if code.is_empty() {
            return Some(LocateReason::NoReason);
        }
        LocateReason::ALL.into_iter().find(|r| r.code() == code)
    }

    /// The reason's text.
    pub const fn key(self) -> Key {
        match self {
            LocateReason::Worried => Key::LocateReasonWorried,
            LocateReason::PhoneLost => Key::LocateReasonPhoneLost,
            LocateReason::ArrivedSafely => Key::LocateReasonArrivedSafely,
            LocateReason::Agreed => Key::LocateReasonAgreed,
            LocateReason::NoReason => Key::LocateReasonNone,
        }
    }

    /// The text a stored note shows in `locale`. A stored value that is not a
    /// reason code (a note from before reasons existed) shows as "no reason
    /// given": stored free text is never shown.
    pub fn text_of(stored: &str, locale: Locale) -> &'static str {
        t(
            locale,
            LocateReason::from_code(stored)
                .unwrap_or(LocateReason::NoReason)
                .key(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_each_reason_has_a_text_in_every_locale() {
        for reason in LocateReason::ALL {
            assert_eq!(LocateReason::from_code(reason.code()), Some(reason));
            assert_eq!(
                serde_json::to_string(&reason).ok(),
                Some(format!("\"{}\"", reason.code()))
            );
            let texts = Locale::ALL.map(|l| t(l, reason.key()));
            assert!(texts.iter().all(|s| !s.is_empty()), "{reason:?}");
            assert_ne!(texts[0], texts[1], "{reason:?} en/id");
            assert_ne!(texts[0], texts[2], "{reason:?} en/zh");
        }
        assert_eq!(LocateReason::from_code(""), Some(LocateReason::NoReason));
        assert_eq!(
            t(Locale::En, LocateReason::Worried.key()),
            "I'm family and worried about you"
        );
    }

    #[test]
    fn hostile_values_are_not_reasons() {
        for bad in [
            "https://evil.example",
            "see 203.0.113.7/login",
            "xn--pple-43d.com",
            "аpple.com",
            "bank\u{200b}.com",
            "pay．example．com",
            "example[.]com",
            "worried ",
            " worried",
            "WORRIED",
            "worried\u{200b}",
            "wоrried",
            "none https://x.y",
        ] {
            assert_eq!(LocateReason::from_code(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn stored_free_text_never_shows() {
        assert_eq!(
            LocateReason::text_of("visit evil[.]com", Locale::En),
            "No reason given"
        );
        assert_eq!(
            LocateReason::text_of("phone_lost", Locale::En),
            "Your phone may be lost"
        );
    }
}
