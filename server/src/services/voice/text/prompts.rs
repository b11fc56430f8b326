//! What the called person hears from the service itself, in the message's
//! language: who is calling and why, the menu (9 stops, 8 reports), and the
//! answers to 9 and 8. The texts live with the other user-facing texts in
//! `locales/call-prompts.json`, one entry per spoken language.
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The service's own words in one language.
#[derive(Clone, Debug, Deserialize)]
pub struct CallPrompts {
    /// "This is an automated message sent through Cool Tracker by one of its users."
    pub disclosure: String,
    /// "Press 9 to stop all messages… Press 8 to report this message."
    pub menu: String,
    /// The goodbye after 9.
    pub stopped: String,
    /// The thanks after 8.
    pub reported: String,
}

const PROMPTS_JSON: &str = include_str!("../../../../../locales/call-prompts.json");

fn all() -> &'static HashMap<String, CallPrompts> {
    static PROMPTS: OnceLock<HashMap<String, CallPrompts>> = OnceLock::new();
    PROMPTS.get_or_init(|| {
        serde_json::from_str(PROMPTS_JSON).expect("locales/call-prompts.json is valid (tested)")
    })
}

/// The prompts of `language` (one of `app_core::model::voice::LANGUAGES`).
pub fn prompts(language: &str) -> Option<&'static CallPrompts> {
    all().get(language)
}

#[cfg(test)]
mod tests {
    use super::*;
    use app_core::model::voice::LANGUAGES;

    #[test]
    fn every_language_has_all_four_prompts_and_none_trips_the_rules() {
        for language in LANGUAGES {
            let p = prompts(language.code)
                .unwrap_or_else(|| panic!("no prompts for {}", language.code));
            for text in [&p.disclosure, &p.menu, &p.stopped, &p.reported] {
                assert!(!text.trim().is_empty(), "{}", language.code);
                assert!(
                    super::super::prepare(language.code, text).is_ok(),
                    "{}: {text}",
                    language.code
                );
            }
            assert!(
                p.menu.contains('9') && p.menu.contains('8'),
                "{}: the menu names both keys",
                language.code
            );
            assert!(
                p.disclosure.contains("Cool Tracker"),
                "{}: the disclosure names the service",
                language.code
            );
        }
        assert_eq!(all().len(), LANGUAGES.len());
    }
}
