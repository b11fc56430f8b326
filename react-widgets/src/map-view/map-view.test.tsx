import { act } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mount } from "../index";
import type { WidgetHandle } from "../bridge/registry";
import type { MapViewProps, MapViewReadyDetail } from "./contract";

const BERLIN = { lat: 52.520008, lng: 13.404954, accuracy: 12.4 };
const PARIS = { lat: 48.856613, lng: 2.352222, accuracy: 30 };

function props(overrides: Partial<MapViewProps> = {}): MapViewProps {
  return {
    // jsdom never fetches images, so no tile request leaves the test.
    tileUrl: "https://tiles.test/{z}/{x}/{y}.png",
    attribution: "Tiles test",
    location: BERLIN,
    labels: {
      notFound: "Location unknown",
      position: "At {lat}, {lng} (±{accuracy} m)",
    },
    ...overrides,
  };
}

let host: HTMLElement;
let handle: WidgetHandle | null;
let ready: MapViewReadyDetail[];

function render(p: MapViewProps): void {
  act(() => {
    handle = mount("map-view", host, p);
  });
}

function update(p: MapViewProps): void {
  act(() => handle?.update(p));
}

const figure = () => host.querySelector<HTMLElement>("figure.map-view");
const caption = () =>
  host.querySelector("figcaption.map-view__caption")?.textContent;

function collectReady(e: Event): void {
  ready.push((e as CustomEvent<MapViewReadyDetail>).detail);
}

beforeEach(() => {
  ready = [];
  host = document.createElement("section");
  document.body.append(host);
  // Listen above the host: the Rust side relies on the event bubbling.
  document.addEventListener("widget:map-view:ready", collectReady);
});

afterEach(() => {
  act(() => handle?.unmount());
  handle = null;
  document.removeEventListener("widget:map-view:ready", collectReady);
  document.body.replaceChildren();
});

describe("map-view without a location", () => {
  it("shows the notFound label as a status message and no map", () => {
    render(props({ location: null }));
    const status = host.querySelector("p.map-view__empty");
    expect(status?.getAttribute("role")).toBe("status");
    expect(status?.textContent).toBe("Location unknown");
    expect(figure()).toBeNull();
    expect(host.querySelector(".leaflet-container")).toBeNull();
    expect(ready).toEqual([]);
  });

  it("treats an undefined location (Rust None) the same way", () => {
    render({ ...props(), location: undefined } as unknown as MapViewProps);
    expect(host.querySelector('[role="status"]')?.textContent).toBe(
      "Location unknown",
    );
  });
});

describe("map-view with a location", () => {
  it("renders the figure, the Leaflet map and the filled caption", () => {
    render(props());
    expect(figure()?.dataset).toMatchObject({
      lat: "52.520008",
      lng: "13.404954",
      accuracy: "12.4",
    });
    expect(caption()).toBe("At 52.52001, 13.40495 (±12 m)");

    const map = host.querySelector(".map-view__map");
    expect(map?.classList.contains("leaflet-container")).toBe(true);
    expect(map?.querySelector("path.map-view__marker")).not.toBeNull();
    expect(map?.querySelector("path.map-view__accuracy")).not.toBeNull();
    // Attribution comes only from props: no hard-coded "Leaflet" prefix.
    expect(
      map?.querySelector(".leaflet-control-attribution")?.textContent,
    ).toBe("Tiles test");
  });

  it("emits widget:map-view:ready once with the coordinates", () => {
    render(props());
    expect(ready).toEqual([{ lat: BERLIN.lat, lng: BERLIN.lng }]);
  });

  it("moves to a new location without recreating the map", () => {
    render(props());
    const map = host.querySelector(".map-view__map");
    const marker = host.querySelector("path.map-view__marker");

    update(props({ location: PARIS }));
    expect(figure()?.dataset).toMatchObject({
      lat: "48.856613",
      lng: "2.352222",
      accuracy: "30",
    });
    expect(caption()).toBe("At 48.85661, 2.35222 (±30 m)");
    expect(host.querySelector(".map-view__map")).toBe(map);
    expect(host.querySelector("path.map-view__marker")).toBe(marker);
    expect(ready).toHaveLength(1);
  });

  it('omits the accuracy circle and shows "?" when accuracy is missing', () => {
    render(props({ location: { lat: 1, lng: 2, accuracy: null } }));
    expect(figure()?.dataset.accuracy).toBeUndefined();
    expect(caption()).toBe("At 1.00000, 2.00000 (±? m)");
    expect(host.querySelector("path.map-view__accuracy")).toBeNull();
  });

  it("drops the accuracy circle when an update loses accuracy", () => {
    render(props());
    update(props({ location: { lat: BERLIN.lat, lng: BERLIN.lng } }));
    expect(host.querySelector("path.map-view__marker")).not.toBeNull();
    expect(host.querySelector("path.map-view__accuracy")).toBeNull();
  });

  it("removes the map when the location goes away", () => {
    render(props());
    update(props({ location: null }));
    expect(host.querySelector(".leaflet-container")).toBeNull();
    expect(host.querySelector('[role="status"]')?.textContent).toBe(
      "Location unknown",
    );
  });

  it("shows zoom buttons only with localized titles", () => {
    render(props());
    expect(host.querySelector(".leaflet-control-zoom")).toBeNull();
    update(
      props({
        labels: {
          ...props().labels,
          zoomIn: "Vergrößern",
          zoomOut: "Verkleinern",
        },
      }),
    );
    expect(
      host.querySelector(".leaflet-control-zoom-in")?.getAttribute("title"),
    ).toBe("Vergrößern");
    expect(
      host.querySelector(".leaflet-control-zoom-out")?.getAttribute("title"),
    ).toBe("Verkleinern");
  });

  it("rejects malformed props at the boundary", () => {
    expect(() =>
      mount("map-view", host, { ...props(), location: { lat: "x", lng: 0 } }),
    ).toThrowError("map-view: invalid props.location.lat");
  });
});
