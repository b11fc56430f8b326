// The Trunk widget gallery: MapView mounts through the Rust bridge with a
// marker at the sample coordinates, and shows the empty state without one;
// PaymentForm mounts and is checked by the Rust validators.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import {
  collectErrors,
  launch,
  waitForHydration,
} from "../support/browser.mjs";
import { GALLERY_DIR } from "../support/env.mjs";
import { serveStatic } from "../support/static.mjs";

let site;
let browser;
before(async () => {
  assert.ok(
    existsSync(join(GALLERY_DIR, "index.html")),
    `gallery not built in ${GALLERY_DIR}`,
  );
  site = await serveStatic(GALLERY_DIR);
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await site?.close();
});

test("MapView mounts with a marker at the given coordinates", async () => {
  const page = await browser.newPage();
  const errors = collectErrors(page);
  const tiles = encodeURIComponent(`${site.baseURL}/tiles/{z}/{x}/{y}.png`);
  await page.goto(`${site.baseURL}/?tiles=${tiles}`);
  await waitForHydration(page);
  const figure = page.locator("#map-known figure.map-view");
  await figure.waitFor({ timeout: 15_000 });
  assert.equal(Number(await figure.getAttribute("data-lat")), -6.175392);
  assert.equal(Number(await figure.getAttribute("data-lng")), 106.827153);
  // Leaflet draws the marker and the accuracy circle as SVG paths in the overlay pane.
  await page.waitForSelector(
    "#map-known .leaflet-overlay-pane path.leaflet-interactive",
  );
  assert.equal(
    await page.locator("#map-known .leaflet-overlay-pane path").count(),
    2,
  );
  assert.match(
    await page.textContent("#map-known figcaption"),
    /-6\.17539.*106\.82715.*35/,
  );
  assert.equal(
    (await page.textContent("#map-empty .map-empty")).trim(),
    "Geographic location not found",
  );
  assert.deepEqual(errors, []);
  await page.close();
});

test("PaymentForm mounts through the bridge and the Rust validators answer it", async () => {
  const page = await browser.newPage();
  const errors = collectErrors(page);
  const tiles = encodeURIComponent(`${site.baseURL}/tiles/{z}/{x}/{y}.png`);
  await page.goto(`${site.baseURL}/?tiles=${tiles}`);
  await waitForHydration(page);
  await page.waitForSelector("#payment-form .payment-form-host form.pay-form", {
    timeout: 15_000,
  });
  await page.click("#payment-form button[type=submit]");
  await page.waitForSelector(
    "#gpf-emailErrorMsg:text('Check the e-mail address: it needs a name, @ and a domain, like name@example.com')",
  );
  assert.equal(
    (await page.textContent("#gpf-zipErrorMsg")).trim(),
    "Check the postal code: letters, digits, spaces or hyphens, up to 15 characters",
  );
  await page.check("#payment-form input[value=gcash]");
  const fields = await page.$$eval("#payment-form [data-field]", (els) =>
    els.map((e) => e.dataset.field),
  );
  assert.deepEqual(fields, ["email", "name", "phone"]);
  assert.equal(
    (await page.textContent("#payment-form .pay-button")).trim(),
    "Pay $0.99",
  );
  assert.deepEqual(errors, []);
  await page.close();
});

test("the gallery speaks the requested language", async () => {
  const page = await browser.newPage();
  const tiles = encodeURIComponent(`${site.baseURL}/tiles/{z}/{x}/{y}.png`);
  await page.goto(`${site.baseURL}/?lang=id&tiles=${tiles}`);
  await waitForHydration(page);
  assert.equal(
    (await page.textContent("#map-empty .map-empty")).trim(),
    "Lokasi geografis tidak ditemukan",
  );
  await page.close();
});
