//! Cookie consent as both sides see it: the `acceptCookie` cookie's format,
//! which categories a visitor granted, and the campaign parameters that
//! internal links carry along. Pure, so the server enforces exactly what
//! the banner offered.
use crate::navigation::TRACKED_PARAMS;

/// Name of the consent cookie.
pub const ACCEPT_COOKIE: &str = "acceptCookie";
/// Lifetime of the consent cookie: 180 days, then the banner asks again.
pub const ACCEPT_COOKIE_MAX_AGE_SECS: i64 = 15_552_000;
/// Query parameter that reopens the banner on the current page.
pub const SETTINGS_PARAM: &str = "cookie_settings";
/// The element id of the banner (the target of the "Cookie settings" link).
pub const BANNER_ID: &str = "cookie-consent";

/// What a visitor agreed to. Necessary cookies need no consent and are
/// always on; the other two are off until granted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Consent {
    /// Click points and the operation log.
    pub analytics: bool,
    /// Campaign attribution and Meta conversions.
    pub marketing: bool,
}

impl Consent {
    /// Everything.
    pub const ALL: Consent = Consent {
        analytics: true,
        marketing: true,
    };
    /// Necessary only.
    pub const NONE: Consent = Consent {
        analytics: false,
        marketing: false,
    };

    /// The cookie value: the granted categories joined by dots, `necessary`
    /// first (`necessary`, `necessary.analytics`, `necessary.marketing`,
    /// `necessary.analytics.marketing`). A category added later is absent
    /// from old cookies, so it starts refused.
    pub fn encode(self) -> String {
        let mut parts = vec!["necessary"];
        if self.analytics {
            parts.push("analytics");
        }
        if self.marketing {
            parts.push("marketing");
        }
        parts.join(".")
    }

    /// Reads a cookie value; `None` when it is not one this site wrote (the
    /// visitor has not chosen yet).
    pub fn decode(value: &str) -> Option<Consent> {
        let mut parts = value.split('.');
        if parts.next() != Some("necessary") {
            return None;
        }
        let mut consent = Consent::NONE;
        for part in parts {
            match part {
                "analytics" => consent.analytics = true,
                "marketing" => consent.marketing = true,
                _ => return None,
            }
        }
        Some(consent)
    }

    /// What a banner submission means: `accept_all`, `reject_all`, or
    /// `custom` with the two boxes.
    pub fn from_choice(choice: &str, analytics: bool, marketing: bool) -> Option<Consent> {
        match choice {
            "accept_all" => Some(Consent::ALL),
            "reject_all" => Some(Consent::NONE),
            "custom" => Some(Consent {
                analytics,
                marketing,
            }),
            _ => None,
        }
    }
}

/// The visitor's choice as the server read it for this render (context);
/// `None` inside means not chosen yet, so the banner shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CurrentConsent(pub Option<Consent>);

/// The query of the address being rendered, as pairs (the router's view).
pub fn current_query() -> Vec<(String, String)> {
    use leptos::prelude::WithUntracked as _;
    leptos_router::hooks::use_query_map().with_untracked(|q| {
        q.into_iter()
            .map(|(k, v)| (k.to_string(), v.to_owned()))
            .collect()
    })
}

/// The tracked campaign parameters of `query`, in order, each value cut to
/// 200 characters (an address is no place for more).
pub fn tracked(query: &[(String, String)]) -> Vec<(String, String)> {
    query
        .iter()
        .filter_map(|(k, v)| tracked_pair(k, v))
        .collect()
}

/// The pair `key=value` as a link carries it on when it is a campaign's
/// (a tracked name with a value, cut to 200 characters), else `None`.
pub fn tracked_pair(key: &str, value: &str) -> Option<(String, String)> {
    (TRACKED_PARAMS.contains(&key) && !value.is_empty())
        .then(|| (key.to_owned(), value.chars().take(200).collect()))
}

/// A full page address: `path` with `extra` parameters, plus the tracked
/// campaign parameters copied from the current address (`current`), so a
/// visitor who came from an ad keeps its parameters from page to page.
pub fn tracked_href(
    path: &str,
    current: &[(String, String)],
    extra: &[(String, String)],
) -> String {
    let mut query: Vec<(String, String)> = extra.to_vec();
    for (k, v) in tracked(current) {
        if !query.iter().any(|(e, _)| *e == k) {
            query.push((k, v));
        }
    }
    crate::navigation::with_query(path, &query, &[])
}

/// `url` plus the tracked campaign pairs of `search` (the browser's
/// `location.search`, copied as they are) that `url` does not name yet:
/// an island that rewrites the address keeps the campaign in it.
pub fn with_tracked_from(url: &str, search: &str) -> String {
    let named = |key: &str| {
        url.split_once('?')
            .is_some_and(|(_, q)| q.split('&').any(|p| p.split('=').next() == Some(key)))
    };
    let extra: Vec<&str> = search
        .trim_start_matches('?')
        .split('&')
        .filter(|pair| {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            TRACKED_PARAMS.contains(&key) && !value.is_empty() && !named(key)
        })
        .collect();
    match (extra.is_empty(), url.contains('?')) {
        (true, _) => url.to_owned(),
        (false, true) => format!("{url}&{}", extra.join("&")),
        (false, false) => format!("{url}?{}", extra.join("&")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::navigation::q;

    #[test]
    fn the_cookie_round_trips_every_choice() {
        for consent in [
            Consent::ALL,
            Consent::NONE,
            Consent {
                analytics: true,
                marketing: false,
            },
            Consent {
                analytics: false,
                marketing: true,
            },
        ] {
            assert_eq!(Consent::decode(&consent.encode()), Some(consent));
        }
        assert_eq!(Consent::ALL.encode(), "necessary.analytics.marketing");
        assert_eq!(Consent::NONE.encode(), "necessary");
    }

    #[test]
    fn foreign_values_mean_no_choice_yet() {
        for value in [
            "",
            "true",
            "1",
            "analytics",
            "necessary.ads",
            "necessary..marketing",
        ] {
            assert_eq!(Consent::decode(value), None, "{value}");
        }
    }

    #[test]
    fn banner_choices() {
        assert_eq!(
            Consent::from_choice("accept_all", false, false),
            Some(Consent::ALL)
        );
        assert_eq!(
            Consent::from_choice("reject_all", true, true),
            Some(Consent::NONE)
        );
        assert_eq!(
            Consent::from_choice("custom", true, false),
            Some(Consent {
                analytics: true,
                marketing: false
            })
        );
        assert_eq!(Consent::from_choice("maybe", true, true), None);
    }

    #[test]
    fn rewritten_addresses_keep_the_campaign() {
        let search = "?utm_source=x%20y&page=2&gclid=g&channel=";
        assert_eq!(
            with_tracked_from("/?country=ID&phone=1", search),
            "/?country=ID&phone=1&utm_source=x%20y&gclid=g"
        );
        assert_eq!(
            with_tracked_from("/id", search),
            "/id?utm_source=x%20y&gclid=g"
        );
        assert_eq!(
            with_tracked_from("/?gclid=new", search),
            "/?gclid=new&utm_source=x%20y"
        );
        assert_eq!(with_tracked_from("/telecom", ""), "/telecom");
    }

    #[test]
    fn links_carry_only_the_tracked_parameters() {
        let current = q(&[
            ("utm_source", "x"),
            ("gclid", "y"),
            ("channel", "z"),
            ("page", "2"),
            ("fbclid", ""),
        ]);
        assert_eq!(
            tracked_href("/id/telecom", &current, &[]),
            "/id/telecom?utm_source=x&gclid=y&channel=z"
        );
        assert_eq!(tracked_href("/", &[], &[]), "/");
        let extra = q(&[("planId", "3"), ("channel", "own")]);
        assert_eq!(
            tracked_href("/pay-method", &current, &extra),
            "/pay-method?planId=3&channel=own&utm_source=x&gclid=y"
        );
    }
}
