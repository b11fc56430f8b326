//! How the owner's link is built: the page in the owner's language with the
//! secret token as `t`. The SMS (server) and the page's own forms and language
//! links (browser) build it here, so they can never disagree.
use super::{href, Page};
use crate::api::encode;
use crate::i18n::Locale;

/// The path of the reveal page for `token` in `locale` (`/id/reveal-location?t=…`).
pub fn reveal_href(locale: Locale, token: &str) -> String {
    format!("{}?t={}", href(locale, Page::RevealLocation), encode(token))
}

/// The full link sent to the owner: `public_base_url` (no trailing slash)
/// followed by [`reveal_href`].
pub fn reveal_link(public_base_url: &str, locale: Locale, token: &str) -> String {
    format!(
        "{}{}",
        public_base_url.trim_end_matches('/'),
        reveal_href(locale, token)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_carry_the_language_and_the_token() {
        let token = "ab12".repeat(16);
        assert_eq!(reveal_href(Locale::En, "x y"), "/reveal-location?t=x%20y");
        assert_eq!(
            reveal_link("https://ct.example", Locale::Id, &token),
            format!("https://ct.example/id/reveal-location?t={token}")
        );
        assert_eq!(
            reveal_link("https://ct.example/", Locale::Zh, "t"),
            "https://ct.example/zh/reveal-location?t=t"
        );
        assert_eq!(
            reveal_link("http://127.0.0.1:3000", Locale::En, "t"),
            "http://127.0.0.1:3000/reveal-location?t=t"
        );
    }
}
