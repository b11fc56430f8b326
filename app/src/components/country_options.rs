//! The country picker's `<option>`s as HTML, built once per language and
//! reused by every render: only the `selected` mark differs between pages,
//! so a render copies one string instead of building ~245 elements.
//! The picker injects the HTML into its `<select>` (`inner_html`), which
//! hydration leaves alone; in the browser the picker filters and selects
//! the options through the DOM, which is where the browser build finds
//! the names (it carries none).
#[cfg(not(feature = "hydrate"))]
pub use server::options_html;

/// In the browser a `<select>` hydrates with the server's options, so its
/// HTML is never needed again.
#[cfg(feature = "hydrate")]
pub fn options_html(_locale: crate::i18n::Locale, _selected: &str) -> String {
    String::new()
}

/// An option's calling code and name, read back from its label (flag,
/// name, ` (+code)`).
#[cfg_attr(not(feature = "browser"), allow(dead_code))]
pub fn option_texts(label: &str) -> Option<(&str, &str)> {
    let (_flag, rest) = label.split_once(' ')?;
    let (name, code) = rest.rsplit_once(" (+")?;
    Some((code.strip_suffix(')')?, name))
}

#[cfg(not(feature = "hydrate"))]
mod server {
    use crate::countries::{self, Country};
    use crate::i18n::{t, Key, Locale};
    use std::sync::OnceLock;

    /// The options of one language: the HTML with nothing selected, and per
    /// entry (in display order) its key and where ` selected` goes.
    struct Options {
        html: String,
        marks: Vec<(String, usize)>,
    }

    /// What an option reads: flag, name in `locale` and calling code.
    fn label(country: &Country, locale: Locale) -> String {
        let name = country
            .name(locale)
            .unwrap_or_else(|| t(locale, Key::CountryNongeo));
        format!("{} {} (+{})", country.flag(), name, country.calling_code)
    }

    /// Every option of `locale`'s picker, `selected` marked when it is one of
    /// them.
    pub fn options_html(locale: Locale, selected: &str) -> String {
        let options = of(locale);
        let Some(&(_, at)) = options.marks.iter().find(|(key, _)| key == selected) else {
            return options.html.clone();
        };
        const MARK: &str = " selected";
        let mut html = String::with_capacity(options.html.len() + MARK.len());
        html.push_str(&options.html[..at]);
        html.push_str(MARK);
        html.push_str(&options.html[at..]);
        html
    }

    fn of(locale: Locale) -> &'static Options {
        static CACHE: [OnceLock<Options>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        CACHE[locale as usize].get_or_init(|| build(locale))
    }

    fn build(locale: Locale) -> Options {
        let list = countries::sorted(locale);
        let mut html = String::with_capacity(list.len() * 64);
        let mut marks = Vec::with_capacity(list.len());
        for country in list {
            let key = country.key();
            html.push_str("<option value=\"");
            escape_into(&mut html, &key);
            html.push('"');
            marks.push((key, html.len()));
            // The search also finds the English name on other languages' pages.
            let english = country.name(Locale::En);
            if locale != Locale::En && english != country.name(locale) {
                if let Some(english) = english {
                    html.push_str(" data-en=\"");
                    escape_into(&mut html, english);
                    html.push('"');
                }
            }
            html.push('>');
            escape_into(&mut html, &label(country, locale));
            html.push_str("</option>");
        }
        Options { html, marks }
    }

    /// Escapes text for an attribute value or element content.
    fn escape_into(out: &mut String, text: &str) {
        html_escape::encode_double_quoted_attribute_to_string(text, out);
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn one_option_per_entry_and_only_the_selected_one_marked() {
            let html = options_html(Locale::Id, "ID");
            assert_eq!(
                html.matches("<option").count(),
                countries::sorted(Locale::Id).len()
            );
            assert_eq!(html.matches(" selected").count(), 1);
            assert!(html.contains("<option value=\"ID\" selected>🇮🇩 Indonesia (+62)</option>"));
            assert!(html.contains("<option value=\"+882\">"));
            assert_eq!(
                options_html(Locale::Id, "XX").matches(" selected").count(),
                0
            );
        }

        #[test]
        fn names_follow_the_language_and_are_escaped() {
            let zh = options_html(Locale::Zh, "CN");
            assert!(zh.contains(
                "<option value=\"CN\" selected data-en=\"China\">🇨🇳 中国 (+86)</option>"
            ));
            let mut out = String::new();
            escape_into(&mut out, "A & <B> \"C\"");
            assert_eq!(out, "A &amp; &lt;B&gt; &quot;C&quot;");
            assert!(zh.contains("<option value=\"ID\" data-en=\"Indonesia\">"));
            let en = options_html(Locale::En, "");
            assert!(!en.contains("data-en"));
        }

        #[test]
        fn every_label_reads_back_as_its_code_and_name() {
            for locale in Locale::ALL {
                for country in countries::sorted(locale) {
                    let code = country.calling_code.to_string();
                    let name = country
                        .name(locale)
                        .unwrap_or_else(|| t(locale, Key::CountryNongeo));
                    let label = label(country, locale);
                    assert_eq!(
                        super::super::option_texts(&label),
                        Some((code.as_str(), name))
                    );
                }
            }
        }
    }
}
