// The props contract shared with the Rust side. Keep in sync with the Rust
// struct that is serialised into `mount("map-view", el, props)`.

import { propsReader } from "../bridge/props";

export const MAP_VIEW = "map-view";

export interface MapViewLocation {
  lat: number;
  lng: number;
  /** Radius of the uncertainty circle in metres. */
  accuracy?: number | null;
}

export interface MapViewLabels {
  /** Shown instead of the map when there is no location. */
  notFound: string;
  /** Caption template with `{lat}`, `{lng}` and `{accuracy}` placeholders. */
  position: string;
  /** Zoom button names. Leaflet's defaults are English, so the zoom control is only shown when both are given. */
  zoomIn?: string;
  zoomOut?: string;
}

export interface MapViewProps {
  tileUrl: string;
  /** Trusted HTML: Leaflet renders attribution markup as-is. */
  attribution: string;
  location: MapViewLocation | null;
  labels: MapViewLabels;
  zoom?: number;
}

/** Detail of `widget:map-view:ready`. */
export interface MapViewReadyDetail {
  lat: number;
  lng: number;
}

const { record, string, optionalString, finite, optionalFinite } =
  propsReader(MAP_VIEW);

function parseLocation(value: unknown): MapViewLocation | null {
  // Rust `None` may arrive as `undefined` (serde-wasm-bindgen's default) or `null`.
  if (value == null) return null;
  const location = record(value, "location");
  return {
    lat: finite(location.lat, "location.lat"),
    lng: finite(location.lng, "location.lng"),
    accuracy: optionalFinite(location.accuracy, "location.accuracy") ?? null,
  };
}

export function parseMapViewProps(raw: unknown): MapViewProps {
  const props = record(raw, "");
  const labels = record(props.labels, "labels");
  return {
    tileUrl: string(props.tileUrl, "tileUrl"),
    attribution: string(props.attribution, "attribution"),
    location: parseLocation(props.location),
    labels: {
      notFound: string(labels.notFound, "labels.notFound"),
      position: string(labels.position, "labels.position"),
      zoomIn: optionalString(labels.zoomIn, "labels.zoomIn"),
      zoomOut: optionalString(labels.zoomOut, "labels.zoomOut"),
    },
    zoom: optionalFinite(props.zoom, "zoom"),
  };
}
