//! Every user-facing text comes from here: typed keys generated from
//! `locales/*.json` (see build.rs) and a reactive locale in context.
#[cfg(feature = "hydrate")]
mod loaded;
mod locale;

#[cfg(feature = "hydrate")]
pub use loaded::{country_name, load_texts};
pub use locale::Locale;

use leptos::prelude::*;

mod messages {
    include!(concat!(env!("OUT_DIR"), "/messages.rs"));
}
pub use messages::Key;

/// Keys travel by name (`"validate_email"`), e.g. inside island props.
impl serde::Serialize for Key {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for Key {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Key::from_name(&name).ok_or_else(|| serde::de::Error::custom("unknown message key"))
    }
}

/// The text of `key` in `locale`.
#[cfg(not(feature = "hydrate"))]
pub fn t(locale: Locale, key: Key) -> &'static str {
    let table = match locale {
        Locale::En => &messages::EN,
        Locale::Id => &messages::ID,
        Locale::Zh => &messages::ZH,
    };
    table[key as usize]
}

/// The text of `key` in `locale` (the page's language, loaded at start).
#[cfg(feature = "hydrate")]
pub fn t(locale: Locale, key: Key) -> &'static str {
    loaded::text(locale, key)
}

/// The text of `key` with `{name}` placeholders replaced by `args`.
pub fn t_args(locale: Locale, key: Key, args: &[(&str, &str)]) -> String {
    let mut text = t(locale, key).to_owned();
    for (name, value) in args {
        text = text.replace(&format!("{{{name}}}"), value);
    }
    text
}

/// The page's locale, provided once by the site root.
#[derive(Clone, Copy)]
pub struct I18n {
    locale: Signal<Locale>,
}

impl I18n {
    /// The current locale (reactive).
    pub fn locale(&self) -> Locale {
        self.locale.get()
    }

    /// A reactive text: re-renders when the locale changes.
    pub fn text(&self, key: Key) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
        let locale = self.locale;
        move || t(locale.get(), key)
    }

    /// The current text of `key` (reactive when called inside a closure).
    pub fn t(&self, key: Key) -> &'static str {
        t(self.locale.get(), key)
    }
}

/// Makes `locale` the locale of everything rendered below.
pub fn provide_i18n(locale: Signal<Locale>) {
    provide_context(I18n { locale });
}

/// The i18n context. Panics only when a component is used outside the site root,
/// which is a programming error caught by any render test.
pub fn use_i18n() -> I18n {
    expect_context::<I18n>()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_locale_translates_the_spec_texts() {
        assert_eq!(
            t(Locale::En, Key::TitleNotFound),
            "This page could not be found"
        );
        assert_eq!(
            t(Locale::En, Key::NotFoundText),
            "The page you were looking for cannot be located."
        );
        assert_eq!(
            t(Locale::En, Key::GeoNotFound),
            "Geographic location not found"
        );
        assert_eq!(
            t(Locale::En, Key::ErrorInvalidLogin),
            "The login status is invalid, please log in to your account."
        );
        assert_ne!(
            t(Locale::Id, Key::GeoNotFound),
            t(Locale::En, Key::GeoNotFound)
        );
        assert_ne!(
            t(Locale::Zh, Key::GeoNotFound),
            t(Locale::En, Key::GeoNotFound)
        );
    }

    #[test]
    fn placeholders_are_filled() {
        let s = t_args(
            Locale::En,
            Key::FooterSupport,
            &[("email", "help@example.com")],
        );
        assert_eq!(s, "Support 24/7: help@example.com");
    }

    #[test]
    fn keys_serialize_by_name() {
        assert_eq!(
            serde_json::to_string(&Key::ErrorGeneric).unwrap(),
            "\"error_generic\""
        );
        assert_eq!(
            serde_json::from_str::<Key>("\"error_generic\"").unwrap(),
            Key::ErrorGeneric
        );
        assert!(serde_json::from_str::<Key>("\"nope\"").is_err());
    }

    #[test]
    fn keys_resolve_by_name() {
        assert_eq!(Key::from_name("error_generic"), Some(Key::ErrorGeneric));
        assert_eq!(Key::ErrorGeneric.name(), "error_generic");
        assert_eq!(Key::from_name("nope"), None);
    }
}
