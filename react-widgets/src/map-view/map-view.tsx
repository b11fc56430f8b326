import "leaflet/dist/leaflet.css";
import "./map-view.css";
import { useRef } from "react";
import type { WidgetProps } from "../bridge/widget";
import type { MapViewLocation, MapViewProps } from "./contract";
import { formatPosition } from "./format-position";
import { useLeafletMap } from "./use-leaflet-map";

const DEFAULT_ZOOM = 15;

export function MapView({ host, props }: WidgetProps<MapViewProps>) {
  if (props.location == null) {
    return (
      <p className="map-view__empty" role="status">
        {props.labels.notFound}
      </p>
    );
  }
  return <LocatedMap host={host} props={props} location={props.location} />;
}

// Split out so the Leaflet hook only exists while there is a location to show.
function LocatedMap({
  host,
  props,
  location,
}: WidgetProps<MapViewProps> & { location: MapViewLocation }) {
  const containerRef = useRef<HTMLDivElement>(null);
  useLeafletMap(containerRef, {
    host,
    tileUrl: props.tileUrl,
    attribution: props.attribution,
    location,
    zoom: props.zoom ?? DEFAULT_ZOOM,
    zoomInTitle: props.labels.zoomIn,
    zoomOutTitle: props.labels.zoomOut,
  });

  return (
    <figure
      className="map-view"
      data-lat={location.lat}
      data-lng={location.lng}
      data-accuracy={location.accuracy ?? undefined}
    >
      <div ref={containerRef} className="map-view__map" />
      <figcaption className="map-view__caption">
        {formatPosition(props.labels.position, location)}
      </figcaption>
    </figure>
  );
}
