//! Our languages and voices as espeak-ng 1.51 voices. Never the mbrola
//! voices (not installed), always espeak-ng's own language files.
use app_core::model::voice::Voice;

/// The espeak-ng language of our language code.
pub fn espeak_language(code: &str) -> Option<&'static str> {
    Some(match code {
        "en" => "en-us",
        "id" => "id",
        "zh" => "cmn",
        "ms" => "ms",
        "vi" => "vi",
        "th" => "th",
        "hi" => "hi",
        "es" => "es",
        "pt" => "pt-br",
        "fr" => "fr",
        "de" => "de",
        _ => return None,
    })
}

/// The espeak-ng voice (`id+f3`): the language with a variant
/// (`espeak-ng-data/voices/!v`) giving each voice its own pitch and timbre.
pub fn espeak_voice(code: &str, voice: Voice) -> Option<String> {
    let variant = match voice {
        Voice::Female => "f3",
        Voice::Male => "m3",
    };
    espeak_language(code).map(|language| format!("{language}+{variant}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use app_core::model::voice::LANGUAGES;

    #[test]
    fn every_language_has_two_espeak_voices() {
        for language in LANGUAGES {
            let female = espeak_voice(language.code, Voice::Female).unwrap();
            let male = espeak_voice(language.code, Voice::Male).unwrap();
            assert_ne!(female, male);
            assert!(!female.starts_with("mb-"), "{female}");
        }
        assert_eq!(espeak_voice("zh", Voice::Female).as_deref(), Some("cmn+f3"));
        assert_eq!(espeak_voice("xx", Voice::Male), None);
    }
}
