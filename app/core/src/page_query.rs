//! What of an address's query a page reads and what its links carry on.
//!
//! A page reads the parameters named in [`PAGE_PARAMS`] and carries the
//! campaign's ([`crate::navigation::TRACKED_PARAMS`]) on its internal links;
//! every other parameter (another site's click id, a typo) changes nothing
//! it shows. So the server can tell, from the address alone, whether a page
//! differs from its plain rendering ([`QueryBearing`]).
use crate::consent::{tracked_pair, SETTINGS_PARAM};

/// Every address parameter some page reads, besides the campaign's.
/// `page_params_name_every_parameter_a_page_reads` keeps it complete.
pub const PAGE_PARAMS: [&str; 25] = [
    SETTINGS_PARAM,
    "cancelled",
    "changed",
    "country",
    "created",
    "done",
    "email",
    "expired",
    "no",
    "orderNo",
    "page",
    "password",
    "payCountry",
    "phone",
    "planId",
    "preview",
    "reason",
    "redirect",
    "refunded",
    "renewed",
    "reported",
    "reset",
    "retry",
    "sent",
    "t",
];

/// Parameters a page reads that show every visitor of the address alike,
/// whatever their value: a shared rendering is kept per their presence.
pub const PRESENCE_PARAMS: [&str; 1] = [SETTINGS_PARAM];

/// Pairs a page reads that show every visitor of the address alike: a
/// form's outcome (a message arrived, a password was reset, a sign-in was
/// refused) and where a sign-in returns to. A shared rendering is kept per
/// pair; any other value of these names is read per visitor.
pub const SHARED_PAIRS: [(&str, &str); 4] = [
    ("sent", "1"),
    ("reset", "1"),
    ("reason", "invalid"),
    ("redirect", "billing"),
];

/// How a query bears on what a page shows, besides [`PRESENCE_PARAMS`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueryBearing {
    /// Only through what every visitor of the address shares: the campaign
    /// pairs its links carry on, then these [`SHARED_PAIRS`] (their
    /// indices, in the address's order). Both empty: the plain rendering.
    Shared {
        campaign: Vec<(String, String)>,
        pairs: Vec<usize>,
    },
    /// The page reads it for this visitor alone.
    Page,
}

/// The bearing of `query` (pairs as the router reads them). Links keep the
/// pairs in their order ([`kept`]), so a campaign pair after a shared pair
/// makes the address its own.
pub fn bearing(query: &[(String, String)]) -> QueryBearing {
    let (mut campaign, mut pairs) = (Vec::new(), Vec::new());
    for (k, v) in query {
        if PRESENCE_PARAMS.contains(&k.as_str()) {
            continue;
        }
        if let Some(pair) = tracked_pair(k, v) {
            if !pairs.is_empty() {
                return QueryBearing::Page;
            }
            campaign.push(pair);
        } else if PAGE_PARAMS.contains(&k.as_str()) {
            match SHARED_PAIRS.iter().position(|&(n, x)| n == k && x == v) {
                Some(at) if !pairs.contains(&at) => pairs.push(at),
                _ => return QueryBearing::Page,
            }
        }
    }
    QueryBearing::Shared { campaign, pairs }
}

/// The pairs of `query` a link back to this page keeps: what the page reads
/// and the campaign's, in their order; nothing else.
pub fn kept(query: &[(String, String)]) -> Vec<(String, String)> {
    query
        .iter()
        .filter_map(|(k, v)| {
            if PAGE_PARAMS.contains(&k.as_str()) {
                Some((k.clone(), v.clone()))
            } else {
                tracked_pair(k, v)
            }
        })
        .collect()
}

/// The query of `path_and_query` as pairs, exactly as the router reads it
/// on the server (decoded, each name's values grouped at its first place).
#[cfg(feature = "ssr")]
pub fn parse(path_and_query: &str) -> Vec<(String, String)> {
    leptos_router::location::RequestUrl::new(path_and_query)
        .parse()
        .map(|url| {
            url.search_params()
                .into_iter()
                .map(|(k, v)| (k.to_string(), v.to_owned()))
                .collect()
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::navigation::q;

    fn shared(campaign: &[(&str, &str)], pairs: &[usize]) -> QueryBearing {
        QueryBearing::Shared {
            campaign: q(campaign),
            pairs: pairs.to_vec(),
        }
    }

    #[test]
    fn a_query_bears_on_the_page_by_what_it_names() {
        assert_eq!(bearing(&q(&[])), shared(&[], &[]));
        assert_eq!(bearing(&q(&[("x", "1"), ("gclid", "")])), shared(&[], &[]));
        assert_eq!(
            bearing(&q(&[("x", "1"), ("gclid", "abc"), ("utm_term", "t")])),
            shared(&[("gclid", "abc"), ("utm_term", "t")], &[])
        );
        assert_eq!(
            bearing(&q(&[("gclid", "abc"), ("phone", "812")])),
            QueryBearing::Page
        );
        assert_eq!(bearing(&q(&[(SETTINGS_PARAM, "1")])), shared(&[], &[]));
    }

    #[test]
    fn a_form_outcome_is_shared_by_its_exact_pair_after_the_campaign() {
        let sent = q(&[(SETTINGS_PARAM, "1"), ("gclid", "g"), ("sent", "1")]);
        assert_eq!(bearing(&sent), shared(&[("gclid", "g")], &[0]));
        let login = q(&[("redirect", "billing"), ("reason", "invalid"), ("x", "2")]);
        assert_eq!(bearing(&login), shared(&[], &[3, 2]));
        for own in [
            q(&[("sent", "2")]),
            q(&[("sent", "1"), ("sent", "1")]),
            q(&[("sent", "1"), ("gclid", "g")]),
            q(&[("reset", "1"), ("email", "a@b.c")]),
        ] {
            assert_eq!(bearing(&own), QueryBearing::Page, "{own:?}");
        }
    }

    #[test]
    fn links_keep_what_the_page_reads_and_the_campaign_in_order() {
        let long = "v".repeat(300);
        let query = q(&[
            ("x", "1"),
            ("phone", "812"),
            ("gclid", &long),
            ("fbclid", ""),
            ("sent", "1"),
        ]);
        let kept = kept(&query);
        assert_eq!(kept.len(), 3);
        assert_eq!(kept[0], ("phone".to_owned(), "812".to_owned()));
        assert_eq!(kept[1].1.len(), 200, "campaign values are cut as on links");
        assert_eq!(kept[2], ("sent".to_owned(), "1".to_owned()));
    }

    #[cfg(feature = "ssr")]
    #[test]
    fn the_query_is_read_as_the_router_reads_it() {
        let pairs = parse("/id?a=1&gclid=x%20y&a=2&b=c+d");
        assert_eq!(
            pairs,
            q(&[("a", "1"), ("a", "2"), ("gclid", "x y"), ("b", "c d")])
        );
        assert!(parse("/").is_empty());
    }

    /// Every `q.get("…")` and `param(query, "…")` under `src/` names a
    /// parameter of [`PAGE_PARAMS`]: a page reading one that is missing
    /// would be served its plain rendering.
    #[test]
    fn page_params_name_every_parameter_a_page_reads() {
        let mut missing = Vec::new();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut dirs = vec![root];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    dirs.push(path);
                    continue;
                }
                if path.ends_with("page_query.rs") {
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                if !text.contains("use_query_map") && !text.contains("param(query") {
                    continue;
                }
                for marker in ["q.get(\"", "param(query, \""] {
                    for (at, _) in text.match_indices(marker) {
                        let name = text[at + marker.len()..].split('"').next().unwrap();
                        if !PAGE_PARAMS.contains(&name) {
                            missing.push(format!("{}: {name}", path.display()));
                        }
                    }
                }
            }
        }
        assert!(missing.is_empty(), "not in PAGE_PARAMS: {missing:?}");
    }
}
