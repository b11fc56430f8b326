//! Every calling code with its regions, flags and localized names (for the
//! country-code picker). The table is generated from libphonenumber's data.
#[cfg(not(feature = "hydrate"))]
mod data;
/// The browser's table: the same entries without their names (app/core/build.rs).
#[cfg(feature = "hydrate")]
mod data {
    use super::Country;
    include!(concat!(env!("OUT_DIR"), "/countries.rs"));
}

use crate::i18n::Locale;
use std::sync::OnceLock;

/// One entry of the picker: a region (or a non-geographic plan, `"001"`) and its calling code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Country {
    /// ISO 3166-1 alpha-2 region, or `"001"` for non-geographic numbering plans.
    pub region: &'static str,
    /// The international calling code, without `+`.
    pub calling_code: u16,
    /// Names in en, id, zh; `None` for non-geographic plans. Not in the
    /// browser build, which gets its page's language's names with the texts.
    #[cfg(not(feature = "hydrate"))]
    names: Option<[&'static str; 3]>,
}

/// The region of every non-geographic numbering plan.
const NON_GEOGRAPHIC: &str = "001";

impl Country {
    /// The value submitted by the picker: the region, or `+<code>` for non-geographic plans.
    pub fn key(&self) -> String {
        if self.region == NON_GEOGRAPHIC {
            format!("+{}", self.calling_code)
        } else {
            self.region.to_owned()
        }
    }

    /// The flag emoji built from the region's regional-indicator letters.
    pub fn flag(&self) -> String {
        if self.region == NON_GEOGRAPHIC {
            return "\u{1F310}".to_owned(); // globe: no flag for a non-geographic plan
        }
        self.region
            .chars()
            .filter_map(|c| char::from_u32(0x1F1E6 + (c as u32).checked_sub('A' as u32)?))
            .collect()
    }

    /// The name in `locale`; `None` for non-geographic plans (the caller names them).
    #[cfg(not(feature = "hydrate"))]
    pub fn name(&self, locale: Locale) -> Option<&'static str> {
        self.names.map(|n| n[locale as usize])
    }

    /// The name in `locale` when it is the page's language (the only one
    /// the browser has); `None` for non-geographic plans.
    #[cfg(feature = "hydrate")]
    pub fn name(&self, locale: Locale) -> Option<&'static str> {
        let index = all().iter().position(|c| c == self)?;
        crate::i18n::country_name(locale, index)
    }
}

/// Whether an entry (its calling code, picker key and names) matches what a
/// visitor typed: a calling code it starts with, the region code, or part of
/// a name, ignoring case, `+` and spaces.
pub fn query_matches<'a>(
    query: &str,
    calling_code: &str,
    key: impl AsRef<str>,
    names: impl IntoIterator<Item = &'a str>,
) -> bool {
    let query = query.trim().trim_start_matches('+').to_lowercase();
    query.is_empty()
        || calling_code.starts_with(&query)
        || key.as_ref().eq_ignore_ascii_case(&query)
        || names.into_iter().any(|n| n.to_lowercase().contains(&query))
}

/// All entries in calling-code order.
pub fn all() -> &'static [Country] {
    data::COUNTRIES
}

/// All entries in display order for `locale`: alphabetical by name for
/// alphabetic scripts, by calling code for Chinese (code-point order of
/// Han characters means nothing to a reader).
pub fn sorted(locale: Locale) -> &'static [Country] {
    static CACHE: [OnceLock<Vec<Country>>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    CACHE[locale as usize].get_or_init(|| {
        let mut list = data::COUNTRIES.to_vec();
        if locale != Locale::Zh {
            list.sort_by_cached_key(|c| {
                let name = c.name(locale);
                (name.is_none(), name.map(str::to_lowercase))
            });
        }
        list
    })
}

/// The region the visitor's address is in, when the server knows it (a
/// page's context): it preselects pickers before the page's language does.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VisitorRegion(pub Option<String>);

/// `key` (a picker value: `ID`, `+882`; the number's country) when the
/// picker offers it, else the visitor's region by address, else the region
/// preselected for `locale`.
pub fn offered_or_default(key: Option<String>, locale: Locale) -> String {
    let offered = |k: &String| all().iter().any(|c| c.key() == *k);
    key.filter(offered)
        .or_else(|| {
            leptos::prelude::use_context::<VisitorRegion>()
                .and_then(|r| r.0)
                .filter(offered)
        })
        .unwrap_or_else(|| default_region(locale).to_owned())
}

/// The region preselected when nothing better is known.
pub fn default_region(locale: Locale) -> &'static str {
    match locale {
        Locale::En => "US",
        Locale::Id => "ID",
        Locale::Zh => "CN",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find(region: &str) -> Country {
        *all()
            .iter()
            .find(|c| c.region == region)
            .expect("region present")
    }

    #[test]
    fn covers_every_calling_code_including_non_geographic_ones() {
        let codes: std::collections::BTreeSet<u16> = all().iter().map(|c| c.calling_code).collect();
        for code in [1, 7, 44, 62, 63, 86, 91, 234, 800, 882, 979] {
            assert!(codes.contains(&code), "+{code} missing");
        }
        assert!(all().len() >= 240);
    }

    #[test]
    fn names_flags_and_keys() {
        let id = find("ID");
        assert_eq!(id.calling_code, 62);
        assert_eq!(id.name(Locale::Zh), Some("印度尼西亚"));
        assert_eq!(find("US").name(Locale::Id), Some("Amerika Serikat"));
        assert_eq!(id.flag(), "🇮🇩");
        assert_eq!(id.key(), "ID");
        let satellite = *all().iter().find(|c| c.calling_code == 881).unwrap();
        assert_eq!(satellite.key(), "+881");
        assert_eq!(satellite.name(Locale::En), None);
    }

    /// An entry as the picker searches its option: by its name in the
    /// page's language and the English one.
    struct Searched(Country);

    impl Searched {
        fn matches(&self, locale: Locale, query: &str) -> bool {
            let c = &self.0;
            let names = [c.name(locale), c.name(Locale::En)];
            let code = c.calling_code.to_string();
            query_matches(query, &code, c.key(), names.into_iter().flatten())
        }
    }

    #[test]
    fn search_matches_names_codes_and_regions() {
        let id = Searched(find("ID"));
        assert!(id.matches(Locale::En, "indo"));
        assert!(id.matches(Locale::En, "+62"));
        assert!(id.matches(Locale::En, " 62 "));
        assert!(id.matches(Locale::Zh, "印度"));
        assert!(id.matches(Locale::Zh, "Indonesia"));
        assert!(id.matches(Locale::En, "id"));
        assert!(!id.matches(Locale::En, "brazil"));
        assert!(!id.matches(Locale::En, "63"));
    }

    #[test]
    fn display_order_is_alphabetical_for_latin_scripts() {
        let en = sorted(Locale::En);
        assert_eq!(en[0].name(Locale::En), Some("Afghanistan"));
        assert!(
            en.last().unwrap().name(Locale::En).is_none(),
            "non-geographic plans come last"
        );
        assert_eq!(sorted(Locale::Zh)[0].calling_code, 1);
    }
}
