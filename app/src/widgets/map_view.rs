//! `<MapView/>`: a position on a Leaflet map, or
//! "Geographic location not found" when there is none.
use super::ReactWidget;
use crate::config::use_public_config;
use crate::i18n::{use_i18n, Key};
use leptos::either::Either;
use leptos::prelude::*;
use serde::Serialize;

pub use crate::model::GeoPoint;

#[derive(Clone, Serialize)]
#[serde(rename_all = "camelCase")]
struct MapWidgetProps {
    tile_url: String,
    attribution: &'static str,
    location: GeoPoint,
    labels: MapWidgetLabels,
}

#[derive(Clone, Serialize)]
#[serde(rename_all = "camelCase")]
struct MapWidgetLabels {
    not_found: &'static str,
    position: &'static str,
    zoom_in: &'static str,
    zoom_out: &'static str,
}

/// Shows `location` on a map. Without a position nothing is loaded: the text
/// is rendered by the server and React is never downloaded.
#[component]
pub fn MapView(#[prop(into)] location: Signal<Option<GeoPoint>>) -> impl IntoView {
    let i18n = use_i18n();
    let tile_url = use_public_config().map_tile_url.clone();
    move || match location.get() {
        None => Either::Left(
            view! { <p class="map-empty" role="status">{i18n.t(Key::GeoNotFound)}</p> },
        ),
        Some(point) => {
            let tile_url = tile_url.clone();
            let props: Signal<MapWidgetProps> = Signal::derive(move || MapWidgetProps {
                tile_url: tile_url.clone(),
                attribution: i18n.t(Key::MapAttribution),
                location: point,
                labels: MapWidgetLabels {
                    not_found: i18n.t(Key::GeoNotFound),
                    position: i18n.t(Key::MapPosition),
                    zoom_in: i18n.t(Key::MapZoomIn),
                    zoom_out: i18n.t(Key::MapZoomOut),
                },
            });
            Either::Right(view! { <ReactWidget name="map-view" props=props/> })
        }
    }
}
