import { defineWidget } from "../bridge/widget";
import { parseMapViewProps } from "./contract";
import { MapView } from "./map-view";

export { MAP_VIEW } from "./contract";
export type { MapViewProps, MapViewReadyDetail } from "./contract";

export const mapViewWidget = defineWidget(MapView, parseMapViewProps);
