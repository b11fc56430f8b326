// Runs before every test file.
//
// Tell React that tests drive rendering through `act` (otherwise it warns that
// the environment is not configured for it).
//
// No Leaflet shims are needed: jsdom implements `SVGSVGElement.createSVGRect`,
// which Leaflet probes to pick its SVG renderer, and the code paths used here
// (circle markers, tile layer, controls) call no layout APIs jsdom lacks.
// If a future Leaflet feature needs one, add a minimal polyfill here rather
// than mocking the widget.
(
  globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
).IS_REACT_ACT_ENVIRONMENT = true;
