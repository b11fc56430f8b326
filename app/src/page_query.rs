//! What of an address's query a page reads and what its links carry on.
//!
//! A page reads the parameters named in [`PAGE_PARAMS`] and carries the
//! campaign's ([`crate::navigation::TRACKED_PARAMS`]) on its internal links;
//! every other parameter (another site's click id, a typo) changes nothing
//! it shows. So the server can tell, from the address alone, whether a page
//! differs from its plain rendering ([`QueryBearing`]).
use crate::consent::{tracked, tracked_pair, SETTINGS_PARAM};

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

/// How a query bears on what a page shows, besides [`PRESENCE_PARAMS`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueryBearing {
    /// Not at all: the page is its plain rendering.
    None,
    /// Only through the campaign parameters its links carry on: these.
    Campaign(Vec<(String, String)>),
    /// The page reads it.
    Page,
}

/// The bearing of `query` (pairs as the router reads them).
pub fn bearing(query: &[(String, String)]) -> QueryBearing {
    let read = |k: &str| PAGE_PARAMS.contains(&k) && !PRESENCE_PARAMS.contains(&k);
    if query.iter().any(|(k, _)| read(k)) {
        return QueryBearing::Page;
    }
    let campaign = tracked(query);
    if campaign.is_empty() {
        QueryBearing::None
    } else {
        QueryBearing::Campaign(campaign)
    }
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

    #[test]
    fn a_query_bears_on_the_page_by_what_it_names() {
        assert_eq!(bearing(&q(&[])), QueryBearing::None);
        assert_eq!(
            bearing(&q(&[("x", "1"), ("gclid", "")])),
            QueryBearing::None
        );
        assert_eq!(
            bearing(&q(&[("x", "1"), ("gclid", "abc"), ("utm_term", "t")])),
            QueryBearing::Campaign(q(&[("gclid", "abc"), ("utm_term", "t")]))
        );
        assert_eq!(
            bearing(&q(&[("gclid", "abc"), ("phone", "812")])),
            QueryBearing::Page
        );
        assert_eq!(bearing(&q(&[(SETTINGS_PARAM, "1")])), QueryBearing::None);
        assert_eq!(
            bearing(&q(&[(SETTINGS_PARAM, "1"), ("sent", "1")])),
            QueryBearing::Page
        );
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
