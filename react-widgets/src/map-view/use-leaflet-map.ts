import L from "leaflet";
import { useEffect, useRef, type RefObject } from "react";
import { emit } from "../bridge/events";
import {
  MAP_VIEW,
  type MapViewLocation,
  type MapViewReadyDetail,
} from "./contract";

export interface LeafletMapOptions {
  host: HTMLElement;
  tileUrl: string;
  attribution: string;
  location: MapViewLocation;
  zoom: number;
  zoomInTitle?: string;
  zoomOutTitle?: string;
}

// Live Leaflet objects for one map instance; layers are created lazily on the
// first location sync and then moved in place.
interface MapState {
  map: L.Map;
  marker: L.CircleMarker | null;
  accuracyCircle: L.Circle | null;
  announced: boolean;
}

// Colours live in map-view.css via these classes so the host app can theme them.
const MARKER_OPTIONS: L.CircleMarkerOptions = {
  radius: 8,
  className: "map-view__marker",
};
const ACCURACY_OPTIONS: L.CircleOptions = {
  className: "map-view__accuracy",
  interactive: false,
};

function syncAccuracy(
  state: MapState,
  center: L.LatLng,
  accuracy: number | null | undefined,
): void {
  if (accuracy == null || accuracy <= 0) {
    state.accuracyCircle?.remove();
    state.accuracyCircle = null;
  } else if (state.accuracyCircle) {
    state.accuracyCircle.setLatLng(center).setRadius(accuracy);
  } else {
    state.accuracyCircle = L.circle(center, {
      ...ACCURACY_OPTIONS,
      radius: accuracy,
    }).addTo(state.map);
  }
}

/**
 * Own a Leaflet map inside `containerRef`. The map is created once per mount;
 * tile and location changes update it in place. Effects are split by concern
 * so each re-runs only when its inputs change (and all re-run together under
 * StrictMode's remount check).
 */
export function useLeafletMap(
  containerRef: RefObject<HTMLDivElement | null>,
  options: LeafletMapOptions,
): void {
  const { host, tileUrl, attribution, zoom, zoomInTitle, zoomOutTitle } =
    options;
  const stateRef = useMapInstance(containerRef);
  useZoomControl(stateRef, zoomInTitle, zoomOutTitle);
  useTileLayer(stateRef, tileUrl, attribution);
  useLocationSync(stateRef, host, options.location, zoom);
}

/** The Leaflet map itself, created in the container and removed on unmount. */
function useMapInstance(
  containerRef: RefObject<HTMLDivElement | null>,
): RefObject<MapState | null> {
  const stateRef = useRef<MapState | null>(null);
  useEffect(() => {
    const container = containerRef.current;
    if (container === null) return;
    const map = L.map(container, {
      // SVG renderer: crisp at any DPI and needs no <canvas> support.
      preferCanvas: false,
      // Leaflet's own zoom button titles are English; the control is added
      // by useZoomControl only when localized titles are supplied.
      zoomControl: false,
    });
    // The default prefix is a hard-coded "Leaflet" link; attribution text comes from props only.
    map.attributionControl.setPrefix(false);
    stateRef.current = {
      map,
      marker: null,
      accuracyCircle: null,
      announced: false,
    };
    return () => {
      stateRef.current = null;
      map.remove();
    };
  }, [containerRef]);
  return stateRef;
}

/** The zoom buttons, only with localized titles for both. */
function useZoomControl(
  stateRef: RefObject<MapState | null>,
  zoomInTitle: string | undefined,
  zoomOutTitle: string | undefined,
): void {
  useEffect(() => {
    const map = stateRef.current?.map;
    if (
      map === undefined ||
      zoomInTitle === undefined ||
      zoomOutTitle === undefined
    )
      return;
    const control = L.control.zoom({ zoomInTitle, zoomOutTitle }).addTo(map);
    return () => {
      control.remove();
    };
  }, [zoomInTitle, zoomOutTitle]);
}

/** The tile layer, replaced when its URL or attribution changes. */
function useTileLayer(
  stateRef: RefObject<MapState | null>,
  tileUrl: string,
  attribution: string,
): void {
  useEffect(() => {
    const map = stateRef.current?.map;
    if (map === undefined) return;
    const tiles = L.tileLayer(tileUrl, { attribution }).addTo(map);
    return () => {
      tiles.remove();
    };
  }, [tileUrl, attribution]);
}

/**
 * The view, marker and accuracy circle follow the location; the first
 * location shown emits `ready` on `host`.
 */
function useLocationSync(
  stateRef: RefObject<MapState | null>,
  host: HTMLElement,
  { lat, lng, accuracy }: MapViewLocation,
  zoom: number,
): void {
  useEffect(() => {
    const state = stateRef.current;
    if (state === null) return;
    const center = L.latLng(lat, lng);
    state.map.setView(center, zoom);
    if (state.marker) state.marker.setLatLng(center);
    else state.marker = L.circleMarker(center, MARKER_OPTIONS).addTo(state.map);
    syncAccuracy(state, center, accuracy);

    if (!state.announced) {
      state.announced = true;
      emit<MapViewReadyDetail>(host, MAP_VIEW, "ready", { lat, lng });
    }
  }, [host, lat, lng, accuracy, zoom]);
}
