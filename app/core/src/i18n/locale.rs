//! The languages the site speaks and how a request or a path picks one.
use serde::{Deserialize, Serialize};

/// A supported UI language. English is the fallback everywhere.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Locale {
    /// English, served without a path prefix.
    #[default]
    En,
    /// Indonesian, under `/id`.
    Id,
    /// Simplified Chinese, under `/zh`.
    Zh,
}

impl Locale {
    /// Every supported locale, English first.
    pub const ALL: [Locale; 3] = [Locale::En, Locale::Id, Locale::Zh];

    /// The code used in paths, cookies and API channel suffixes.
    pub const fn code(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::Id => "id",
            Locale::Zh => "zh",
        }
    }

    /// Parses an exact locale code (`en`, `id`, `zh`), ignoring ASCII case.
    pub fn from_code(code: &str) -> Option<Locale> {
        Locale::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(code))
    }

    /// The path prefix of this locale: empty for English.
    pub const fn path_prefix(self) -> &'static str {
        match self {
            Locale::En => "",
            Locale::Id => "/id",
            Locale::Zh => "/zh",
        }
    }

    /// The value of `<html lang>` and `hreflang`.
    pub const fn html_lang(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::Id => "id",
            Locale::Zh => "zh-Hans",
        }
    }

    /// The language tag used when formatting phone data.
    pub const fn phone_lang(self) -> &'static str {
        match self {
            Locale::En => "en-US",
            Locale::Id => "in-ID",
            Locale::Zh => "zh-CN",
        }
    }

    /// Picks the best supported locale from an `Accept-Language` header,
    /// honouring q-values; anything unknown or malformed yields English.
    pub fn from_accept_language(header: &str) -> Locale {
        let mut best: Option<(f32, usize, Locale)> = None;
        for (position, part) in header.split(',').enumerate() {
            let mut pieces = part.trim().split(';');
            let tag = pieces.next().unwrap_or("").trim();
            let quality = pieces
                .find_map(|p| p.trim().strip_prefix("q="))
                .and_then(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            let primary = tag.split(['-', '_']).next().unwrap_or("");
            // "in" is the legacy ISO code for Indonesian that Java-era clients still send.
            let locale = match primary.to_ascii_lowercase().as_str() {
                "en" => Locale::En,
                "id" | "in" => Locale::Id,
                "zh" => Locale::Zh,
                _ => continue,
            };
            if quality <= 0.0 {
                continue;
            }
            let better = match best {
                None => true,
                Some((q, pos, _)) => quality > q || (quality == q && position < pos),
            };
            if better {
                best = Some((quality, position, locale));
            }
        }
        best.map(|(_, _, l)| l).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_picks_highest_quality_supported_tag() {
        assert_eq!(
            Locale::from_accept_language("fr-FR,id;q=0.8,en;q=0.5"),
            Locale::Id
        );
        assert_eq!(Locale::from_accept_language("zh-CN,zh;q=0.9"), Locale::Zh);
        assert_eq!(Locale::from_accept_language("in-ID"), Locale::Id);
        assert_eq!(
            Locale::from_accept_language("en;q=0.2, zh;q=0.7"),
            Locale::Zh
        );
    }

    #[test]
    fn accept_language_falls_back_to_english() {
        assert_eq!(Locale::from_accept_language(""), Locale::En);
        assert_eq!(Locale::from_accept_language("fr, de;q=0.5"), Locale::En);
        assert_eq!(Locale::from_accept_language("id;q=0"), Locale::En);
        assert_eq!(Locale::from_accept_language(";;;,,=q"), Locale::En);
    }

    #[test]
    fn codes_round_trip() {
        for l in Locale::ALL {
            assert_eq!(Locale::from_code(l.code()), Some(l));
        }
        assert_eq!(Locale::from_code("ID"), Some(Locale::Id));
        assert_eq!(Locale::from_code("fr"), None);
        assert_eq!(Locale::Id.phone_lang(), "in-ID");
        assert_eq!(Locale::En.phone_lang(), "en-US");
    }
}
