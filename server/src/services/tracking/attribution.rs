//! Campaign attribution: which ad visit brought a payer, stored with the
//! order, and only when the payer allowed marketing. A touch is the tracked
//! parameters of one visit and its time; the first and the latest are kept
//! (in cookies until an order is placed).
use super::{is_plain, Consent};
use crate::persistence::entities::order_attribution;
use crate::services::accounts::ClientInfo;
use crate::services::ServiceError;
use sea_orm::{sea_query::OnConflict, ActiveValue::Set, ConnectionTrait, EntityTrait};
use serde::Serialize;

/// The tracked parameters of one visit.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Touch {
    pub params: Vec<(String, String)>,
    /// When, in ms.
    pub at: i64,
}

impl Touch {
    /// The touch of a visit whose address had `query`; `None` without a
    /// tracked parameter.
    pub fn of_query(query: &[(String, String)], at: i64) -> Option<Touch> {
        let params = app_core::consent::tracked(query);
        (!params.is_empty()).then_some(Touch { params, at })
    }

    /// As a cookie value: the parameters URL-encoded plus `at`.
    pub fn encode(&self) -> String {
        let mut pairs = self.params.clone();
        pairs.push(("at".to_owned(), self.at.to_string()));
        serde_urlencoded::to_string(&pairs).unwrap_or_default()
    }

    /// Reads [`Touch::encode`]'s output, keeping only tracked parameters.
    pub fn decode(value: &str) -> Option<Touch> {
        let pairs: Vec<(String, String)> = serde_urlencoded::from_str(value).ok()?;
        let at = pairs.iter().find(|(k, _)| k == "at")?.1.parse().ok()?;
        Touch::of_query(&pairs, at)
    }

    fn param(&self, name: &str) -> Option<&str> {
        self.params
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    fn to_json(&self) -> String {
        #[derive(Serialize)]
        struct Stored<'a> {
            params: serde_json::Map<String, serde_json::Value>,
            at: &'a i64,
        }
        let params = self
            .params
            .iter()
            .map(|(k, v)| (k.clone(), v.clone().into()))
            .collect();
        serde_json::to_string(&Stored {
            params,
            at: &self.at,
        })
        .unwrap_or_default()
    }
}

/// What the browser brings to an order: its touches and Meta's cookies.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Attribution {
    pub first: Option<Touch>,
    pub last: Option<Touch>,
    /// The `_fbc` and `_fbp` cookies.
    pub fbc: Option<String>,
    pub fbp: Option<String>,
    /// The page the order was placed from.
    pub source_url: Option<String>,
}

impl Attribution {
    /// The campaign channel: the latest touch's, else the first's, else `SEO`.
    pub fn channel(&self) -> String {
        [&self.last, &self.first]
            .into_iter()
            .flatten()
            .find_map(|t| t.param("channel"))
            .unwrap_or("SEO")
            .to_owned()
    }
}

/// The tracking side of a checkout: what the visitor allowed, and what
/// their browser carried.
#[derive(Clone, Debug, Default)]
pub struct OrderTracking {
    pub consent: Option<Consent>,
    pub attribution: Attribution,
}

/// Stores the attribution of `order_id` when the payer allowed marketing;
/// without that consent nothing is written. Call in the order's transaction.
///
/// # Errors
/// A database error.
pub async fn store(
    db: &impl ConnectionTrait,
    order_id: i64,
    tracking: &OrderTracking,
    client: &ClientInfo,
    now: i64,
) -> Result<(), ServiceError> {
    if !tracking.consent.is_some_and(|c| c.marketing) {
        return Ok(());
    }
    let a = &tracking.attribution;
    let bounded = |v: &Option<String>, max: usize| v.clone().filter(|v| is_plain(v, max));
    let last = a.last.as_ref().or(a.first.as_ref());
    let row = order_attribution::ActiveModel {
        order_id: Set(order_id),
        channel: Set(a.channel().chars().take(200).collect()),
        first_touch: Set(a
            .first
            .as_ref()
            .or(last)
            .map_or_else(|| "{}".to_owned(), Touch::to_json)),
        last_touch: Set(last.map_or_else(|| "{}".to_owned(), Touch::to_json)),
        fbc: Set(bounded(&a.fbc, 255)),
        fbp: Set(bounded(&a.fbp, 255)),
        client_ip: Set(client.ip.map(|ip| ip.to_string())),
        user_agent: Set(client
            .user_agent
            .as_ref()
            .map(|ua| ua.chars().take(512).collect())),
        source_url: Set(bounded(&a.source_url, 1024)),
        created_at: Set(now),
        ..Default::default()
    };
    let keep_first = OnConflict::column(order_attribution::Column::OrderId)
        .do_nothing()
        .to_owned();
    order_attribution::Entity::insert(row)
        .on_conflict(keep_first)
        .exec_without_returning(db)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn a_touch_keeps_only_tracked_parameters_through_its_cookie() {
        let touch = Touch::of_query(
            &q(&[("utm_source", "x y&z"), ("page", "2"), ("gclid", "g")]),
            42,
        )
        .unwrap();
        assert_eq!(touch.params, q(&[("utm_source", "x y&z"), ("gclid", "g")]));
        let value = touch.encode();
        assert!(
            !value.contains(';') && !value.contains(' ') && !value.contains(','),
            "{value}"
        );
        assert_eq!(Touch::decode(&value), Some(touch));
        assert_eq!(Touch::of_query(&q(&[("page", "2")]), 1), None);
        assert_eq!(Touch::decode("utm_source=x"), None, "no time: not ours");
    }

    #[test]
    fn the_channel_comes_from_the_latest_touch() {
        let touch = |c: &str| Touch::of_query(&q(&[("channel", c)]), 1);
        let a = Attribution {
            first: touch("first"),
            last: touch("last"),
            ..Default::default()
        };
        assert_eq!(a.channel(), "last");
        let a = Attribution {
            first: touch("first"),
            last: Touch::of_query(&q(&[("gclid", "g")]), 2),
            ..Default::default()
        };
        assert_eq!(a.channel(), "first");
        assert_eq!(Attribution::default().channel(), "SEO");
    }
}
