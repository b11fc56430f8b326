//! Where a request for a page should go instead (the navigation rules),
//! as a pure function: the server applies it before rendering, and client-side
//! navigation can apply the same rules.
use crate::account::forms::AfterLogin;
use crate::account::Viewer;
use crate::i18n::Locale;
use crate::routes::{href, Page};

/// Campaign parameters carried along on internal links.
pub const TRACKED_PARAMS: [&str; 15] = [
    "utm_source",
    "utm_term",
    "gclid",
    "wbraid",
    "gbraid",
    "campaignid",
    "adgroupid",
    "feeditemid",
    "targetid",
    "device",
    "creative",
    "keyword",
    "channel",
    "fbclid",
    "ttclid",
];

/// The session as the guard sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Visitor {
    /// No session token.
    Anonymous,
    /// A token was sent but is unknown or expired: the login page says so.
    InvalidToken,
    /// A valid session.
    Member(Viewer),
}

/// The path + query a page request is redirected to (302), if any.
///
/// - members opening a landing or sign-in page go to their dashboard, query kept;
///   `login?redirect=billing` goes to billing without the `redirect` parameter;
/// - members whose subscription ran out go to billing, when the query carries a
///   tracked campaign parameter (they came from an ad for something they no
///   longer have);
/// - visitors opening a members' page go to the login page (with
///   `redirect=billing` for billing, `reason=invalid` after a dead token).
pub fn redirect_for(
    page: Page,
    locale: Locale,
    query: &[(String, String)],
    visitor: &Visitor,
    now_ms: i64,
) -> Option<String> {
    match visitor {
        Visitor::Member(viewer) => {
            let wants_billing = page == Page::Login
                && AfterLogin::from_param(param(query, "redirect")) == AfterLogin::Billing;
            if wants_billing {
                return Some(with_query(
                    &href(locale, Page::Billing),
                    query,
                    &["redirect"],
                ));
            }
            let expired = viewer.vip_time < now_ms;
            let from_campaign = query
                .iter()
                .any(|(k, _)| TRACKED_PARAMS.contains(&k.as_str()));
            if expired && from_campaign && page != Page::Billing {
                return Some(with_query(&href(locale, Page::Billing), query, &[]));
            }
            page.sends_members_to_dashboard()
                .then(|| with_query(&href(locale, Page::DashboardLocations), query, &[]))
        }
        Visitor::Anonymous | Visitor::InvalidToken if page.needs_login() => {
            let mut params = Vec::new();
            if page == Page::Billing {
                params.push(("redirect".to_owned(), "billing".to_owned()));
            }
            if *visitor == Visitor::InvalidToken {
                params.push(("reason".to_owned(), "invalid".to_owned()));
            }
            Some(with_query(&href(locale, Page::Login), &params, &[]))
        }
        Visitor::Anonymous | Visitor::InvalidToken => None,
    }
}

fn param<'a>(query: &'a [(String, String)], name: &str) -> Option<&'a str> {
    query
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// `path` with `query` appended, leaving out the names in `drop`.
pub fn with_query(path: &str, query: &[(String, String)], drop: &[&str]) -> String {
    let kept: Vec<String> = query
        .iter()
        .filter(|(k, _)| !drop.contains(&k.as_str()))
        .map(|(k, v)| format!("{}={}", crate::api::encode(k), crate::api::encode(v)))
        .collect();
    if kept.is_empty() {
        path.to_owned()
    } else {
        format!("{path}?{}", kept.join("&"))
    }
}

/// Query pairs written as string slices (tests).
#[cfg(test)]
pub(crate) fn q(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(vip_time: i64) -> Visitor {
        Visitor::Member(Viewer {
            email: "a@b.co".into(),
            payment_count: 1,
            vip_time,
        })
    }

    const NOW: i64 = 1_800_000_000_000;

    #[test]
    fn members_skip_landing_pages_keeping_language_and_query() {
        let to = redirect_for(
            Page::Home,
            Locale::Id,
            &q(&[("a", "1")]),
            &member(NOW + 1),
            NOW,
        );
        assert_eq!(to.as_deref(), Some("/id/dashboard/locations?a=1"));
        let to = redirect_for(Page::Login, Locale::En, &[], &member(NOW + 1), NOW);
        assert_eq!(to.as_deref(), Some("/dashboard/locations"));
        assert_eq!(
            redirect_for(Page::PrivacyPolicy, Locale::En, &[], &member(NOW + 1), NOW),
            None
        );
        assert_eq!(
            redirect_for(
                Page::DashboardLocations,
                Locale::En,
                &[],
                &member(NOW + 1),
                NOW
            ),
            None
        );
    }

    #[test]
    fn login_with_billing_redirect_goes_to_billing_without_the_parameter() {
        let to = redirect_for(
            Page::Login,
            Locale::Zh,
            &q(&[("redirect", "billing"), ("x", "y")]),
            &member(NOW + 1),
            NOW,
        );
        assert_eq!(to.as_deref(), Some("/zh/billing?x=y"));
    }

    #[test]
    fn expired_members_from_a_campaign_go_to_billing() {
        let to = redirect_for(
            Page::DashboardLocations,
            Locale::Id,
            &q(&[("gclid", "abc")]),
            &member(NOW - 1),
            NOW,
        );
        assert_eq!(to.as_deref(), Some("/id/billing?gclid=abc"));
        // Without a tracked parameter, no push.
        assert_eq!(
            redirect_for(
                Page::DashboardLocations,
                Locale::Id,
                &q(&[("x", "1")]),
                &member(NOW - 1),
                NOW
            ),
            None
        );
        // Not expired: no push.
        assert_eq!(
            redirect_for(
                Page::DashboardLocations,
                Locale::Id,
                &q(&[("gclid", "a")]),
                &member(NOW + 1),
                NOW
            ),
            None
        );
        // Already on billing: no loop.
        assert_eq!(
            redirect_for(
                Page::Billing,
                Locale::Id,
                &q(&[("gclid", "a")]),
                &member(NOW - 1),
                NOW
            ),
            None
        );
    }

    #[test]
    fn visitors_are_sent_to_login_from_members_pages() {
        let to = redirect_for(
            Page::DashboardLocations,
            Locale::En,
            &[],
            &Visitor::Anonymous,
            NOW,
        );
        assert_eq!(to.as_deref(), Some("/login"));
        let to = redirect_for(Page::Billing, Locale::Id, &[], &Visitor::Anonymous, NOW);
        assert_eq!(to.as_deref(), Some("/id/login?redirect=billing"));
        let to = redirect_for(Page::Account, Locale::Id, &[], &Visitor::InvalidToken, NOW);
        assert_eq!(to.as_deref(), Some("/id/login?reason=invalid"));
        assert_eq!(
            redirect_for(Page::Home, Locale::En, &[], &Visitor::InvalidToken, NOW),
            None
        );
        assert_eq!(
            redirect_for(Page::Login, Locale::En, &[], &Visitor::Anonymous, NOW),
            None
        );
    }

    #[test]
    fn query_values_are_re_encoded() {
        assert_eq!(
            with_query("/p", &q(&[("k", "a b&c")]), &[]),
            "/p?k=a%20b%26c"
        );
    }
}
