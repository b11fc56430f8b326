//! How the owner shares: once (precise or approximate) or live for a set
//! time. The approximate rounding is here once, so the owner's browser
//! rounds before anything leaves the phone and the server stores only what
//! the same rule yields.
use crate::i18n::Key;
use crate::model::GeoPoint;
use serde::{Deserialize, Serialize};

/// Decimal places an approximate position keeps: 0.01° is about 1.1 km of
/// latitude (less of longitude away from the equator).
const APPROXIMATE_STEP: f64 = 100.0;
/// The accuracy an approximate position claims at best, in metres.
pub const APPROXIMATE_ACCURACY_M: f64 = 1_000.0;

/// The owner's choice (`POST /reveal/{token}` field `mode` with
/// `decision=share`; absent means [`ShareMode::Once`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub enum ShareMode {
    /// The precise position, once.
    #[default]
    #[serde(rename = "once")]
    Once,
    /// The position rounded to about a kilometre, once.
    #[serde(rename = "approximate")]
    Approximate,
    /// The precise position while the owner's page stays open, 15 minutes.
    #[serde(rename = "live_15m")]
    Live15m,
    /// The same for one hour.
    #[serde(rename = "live_1h")]
    Live1h,
    /// The same for eight hours.
    #[serde(rename = "live_8h")]
    Live8h,
}

impl ShareMode {
    /// Every mode, in the order the owner's page offers them.
    pub const ALL: [ShareMode; 5] = [
        ShareMode::Once,
        ShareMode::Approximate,
        ShareMode::Live15m,
        ShareMode::Live1h,
        ShareMode::Live8h,
    ];

    /// The form value.
    pub const fn code(self) -> &'static str {
        match self {
            ShareMode::Once => "once",
            ShareMode::Approximate => "approximate",
            ShareMode::Live15m => "live_15m",
            ShareMode::Live1h => "live_1h",
            ShareMode::Live8h => "live_8h",
        }
    }

    /// Parses [`ShareMode::code`].
    pub fn from_code(code: &str) -> Option<ShareMode> {
        ShareMode::ALL.into_iter().find(|m| m.code() == code)
    }

    /// How long live sharing lasts (ms); `None` for once.
    pub const fn live_ms(self) -> Option<i64> {
        match self {
            ShareMode::Once | ShareMode::Approximate => None,
            ShareMode::Live15m => Some(15 * 60_000),
            ShareMode::Live1h => Some(60 * 60_000),
            ShareMode::Live8h => Some(8 * 60 * 60_000),
        }
    }

    /// How precisely this mode shares.
    pub const fn precision(self) -> SharePrecision {
        match self {
            ShareMode::Approximate => SharePrecision::Approximate,
            _ => SharePrecision::Precise,
        }
    }

    /// The choice's label on the owner's page.
    pub const fn label_key(self) -> Key {
        match self {
            ShareMode::Once => Key::ShareModeOnce,
            ShareMode::Approximate => Key::ShareModeApproximate,
            ShareMode::Live15m => Key::ShareModeLive15m,
            ShareMode::Live1h => Key::ShareModeLive1h,
            ShareMode::Live8h => Key::ShareModeLive8h,
        }
    }
}

/// How precise a shared position is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum SharePrecision {
    /// As the phone reported it.
    Precise,
    /// Rounded to about a kilometre.
    Approximate,
}

impl SharePrecision {
    /// The stored and wire name.
    pub const fn code(self) -> &'static str {
        match self {
            SharePrecision::Precise => "precise",
            SharePrecision::Approximate => "approximate",
        }
    }

    /// Parses [`SharePrecision::code`] (anything else is precise, the old rows).
    pub fn from_code(code: &str) -> SharePrecision {
        if code == "approximate" {
            SharePrecision::Approximate
        } else {
            SharePrecision::Precise
        }
    }

    /// The sentence both sides read.
    pub const fn label_key(self) -> Key {
        match self {
            SharePrecision::Precise => Key::SharePrecisionPrecise,
            SharePrecision::Approximate => Key::SharePrecisionApproximate,
        }
    }
}

/// `point` as [`SharePrecision::Approximate`] shares it: each coordinate
/// rounded to 0.01°, the accuracy widened to at least a kilometre. Rounding
/// a rounded point changes nothing.
pub fn approximate(point: GeoPoint) -> GeoPoint {
    let round = |v: f64| (v * APPROXIMATE_STEP).round() / APPROXIMATE_STEP;
    GeoPoint {
        lat: round(point.lat),
        lng: round(point.lng),
        accuracy: Some(
            point
                .accuracy
                .map_or(APPROXIMATE_ACCURACY_M, |a| a.max(APPROXIMATE_ACCURACY_M)),
        ),
    }
}

/// `point` as `precision` shares it.
pub fn at_precision(point: GeoPoint, precision: SharePrecision) -> GeoPoint {
    match precision {
        SharePrecision::Precise => point,
        SharePrecision::Approximate => approximate(point),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn approximate_rounds_to_two_decimals_and_claims_a_kilometre() {
        let exact = GeoPoint {
            lat: -6.208_763,
            lng: 106.845_599,
            accuracy: Some(8.0),
        };
        let rough = approximate(exact);
        assert_eq!((rough.lat, rough.lng), (-6.21, 106.85));
        assert_eq!(rough.accuracy, Some(APPROXIMATE_ACCURACY_M));
        assert_eq!(approximate(rough), rough, "rounding twice changes nothing");
        let vague = approximate(GeoPoint {
            accuracy: Some(2_500.0),
            ..exact
        });
        assert_eq!(vague.accuracy, Some(2_500.0), "never claims more precision");
    }

    #[test]
    fn modes_round_trip_and_only_live_ones_have_a_window() {
        for mode in ShareMode::ALL {
            assert_eq!(ShareMode::from_code(mode.code()), Some(mode));
            let json = serde_json::to_string(&mode).unwrap();
            assert_eq!(json, format!("\"{}\"", mode.code()));
        }
        assert_eq!(ShareMode::Live1h.live_ms(), Some(3_600_000));
        assert_eq!(ShareMode::Approximate.live_ms(), None);
        assert_eq!(
            ShareMode::Approximate.precision(),
            SharePrecision::Approximate
        );
        assert_eq!(ShareMode::Live8h.precision(), SharePrecision::Precise);
        assert_eq!(ShareMode::from_code("forever"), None);
    }
}
