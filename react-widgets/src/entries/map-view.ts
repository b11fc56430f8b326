// One widget's chunk, loaded by `loader.ts` where this widget mounts.
import { createRegistry } from "../bridge/registry";
import { MAP_VIEW, mapViewWidget } from "../map-view";

export const mount = createRegistry(new Map([[MAP_VIEW, mapViewWidget]]));
