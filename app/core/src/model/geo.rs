//! A position on Earth, as the owner's browser shares it.
use serde::{Deserialize, Serialize};

/// A position as the browser's geolocation API reports it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct GeoPoint {
    /// Latitude in degrees.
    pub lat: f64,
    /// Longitude in degrees.
    pub lng: f64,
    /// Accuracy radius in metres, when known.
    pub accuracy: Option<f64>,
}
