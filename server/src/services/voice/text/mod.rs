//! The rules a voice message's text meets, and its preparation for speech.
//!
//! Refused, each with its own message: empty or too long text, an unknown
//! language, links and bare domains, e-mail addresses and phone numbers
//! (the phishing vectors of an anonymous call: "call back on…", "pay at…"),
//! emoji (a synthesizer reads them as their names, or not at all), and
//! threats and slurs ([`screen`]). What passes is rewritten where espeak-ng
//! reads badly ([`speak`]): currency amounts, thousands separators, dates,
//! common abbreviations.
use crate::text_rules as detect;
pub mod prompts;
pub mod screen;
pub mod speak;

use app_core::i18n::Key;
use app_core::model::voice::{language, MESSAGE_MAX_CHARS};

/// A text ready for the synthesizer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prepared {
    /// What espeak-ng reads.
    pub spoken: String,
    /// Characters of the text as typed (trimmed).
    pub chars: usize,
}

/// Why a text is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextProblem {
    Empty,
    TooLong { max: usize },
    UnsupportedLanguage,
    Link,
    Email,
    PhoneNumber,
    Emoji,
    Abusive,
}

impl TextProblem {
    /// The message the sender reads (in the `messageErrorMsg` slot).
    pub const fn message_key(self) -> Key {
        match self {
            TextProblem::Empty => Key::VoiceTextEmpty,
            TextProblem::TooLong { .. } => Key::VoiceTextTooLong,
            TextProblem::UnsupportedLanguage => Key::VoiceErrorLanguage,
            TextProblem::Link => Key::VoiceTextLink,
            TextProblem::Email => Key::VoiceTextEmail,
            TextProblem::PhoneNumber => Key::VoiceTextPhone,
            TextProblem::Emoji => Key::VoiceTextEmoji,
            TextProblem::Abusive => Key::VoiceTextAbusive,
        }
    }
}

/// Checks `text` for a message in `language` and prepares it for speech.
///
/// # Errors
/// The first [`TextProblem`] found.
pub fn prepare(language_code: &str, text: &str) -> Result<Prepared, TextProblem> {
    let text = text.trim();
    let chars = text.chars().count();
    if chars == 0 {
        return Err(TextProblem::Empty);
    }
    if chars > MESSAGE_MAX_CHARS {
        return Err(TextProblem::TooLong {
            max: MESSAGE_MAX_CHARS,
        });
    }
    let language = language(language_code).ok_or(TextProblem::UnsupportedLanguage)?;
    if detect::has_emoji(text) {
        return Err(TextProblem::Emoji);
    }
    if detect::has_email(text) {
        return Err(TextProblem::Email);
    }
    if detect::has_link(text) {
        return Err(TextProblem::Link);
    }
    if detect::has_phone_number(text) {
        return Err(TextProblem::PhoneNumber);
    }
    if screen::is_abusive(language.code, text) {
        return Err(TextProblem::Abusive);
    }
    Ok(Prepared {
        spoken: speak::spoken(language.code, text),
        chars,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_problem_is_named() {
        assert_eq!(prepare("en", "   "), Err(TextProblem::Empty));
        assert_eq!(
            prepare("en", &"a".repeat(501)),
            Err(TextProblem::TooLong { max: 500 })
        );
        assert!(prepare("en", &"a".repeat(500)).is_ok());
        assert_eq!(
            prepare("xx", "Hello"),
            Err(TextProblem::UnsupportedLanguage)
        );
        assert_eq!(prepare("en", "Happy birthday 🎉"), Err(TextProblem::Emoji));
        assert_eq!(
            prepare("en", "Write to ana@mail.com"),
            Err(TextProblem::Email)
        );
        assert_eq!(
            prepare("id", "Cek https://bit.ly/x sekarang"),
            Err(TextProblem::Link)
        );
        assert_eq!(
            prepare("id", "Telepon 0812-3456-7890 ya"),
            Err(TextProblem::PhoneNumber)
        );
        assert_eq!(prepare("en", "I will kill you"), Err(TextProblem::Abusive));
    }

    #[test]
    fn greetings_with_dates_and_amounts_pass_in_every_language() {
        let ok = [
            (
                "en",
                "Happy birthday! See you on 23/11/2026 at 15:30. I owe you $1,299.50.",
            ),
            (
                "id",
                "Selamat ulang tahun! Sampai jumpa 23/11/2026, jangan lupa Rp 50.000 ya.",
            ),
            ("zh", "生日快乐！2026年11月23日见，祝你身体健康。"),
            (
                "ms",
                "Selamat hari jadi! Jumpa di Jalan Ampang pada 23/11/2026.",
            ),
            ("vi", "Chúc mừng sinh nhật! Hẹn gặp lại bạn vào thứ bảy."),
            ("th", "สุขสันต์วันเกิด ขอให้มีความสุขมากๆ"),
            ("hi", "जन्मदिन की शुभकामनाएं! जल्द मिलते हैं।"),
            ("es", "¡Feliz cumpleaños! Nos vemos el sábado."),
            ("pt", "Feliz aniversário! Até sábado, com carinho."),
            ("fr", "Joyeux anniversaire ! Je suis en retard, désolé."),
            ("de", "Alles Gute zum Geburtstag! Bis Samstag um 15:30."),
        ];
        for (language, text) in ok {
            assert!(
                prepare(language, text).is_ok(),
                "{language}: {text} -> {:?}",
                prepare(language, text)
            );
        }
    }
}
