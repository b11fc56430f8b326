// The app WASM loads right after the first paint where islands must run at
// once, and on text pages only when an element marked `data-wake` is first
// used; a failed app chunk
// reloads the page at most once a minute.
import { test } from "node:test";
import assert from "node:assert/strict";
import { collectErrors, waitForHydration } from "../support/browser.mjs";
import { newContext, serverAndBrowser } from "../support/suite.mjs";

const suite = serverAndBrowser();

// Records the URLs of the app chunk (JS glue and WASM) the page requests.
function appRequests(page) {
  const urls = [];
  page.on("request", (req) => {
    if (/\/pkg\/[^/]+\/app(_bg\.wasm|\.js)$/.test(new URL(req.url()).pathname))
      urls.push(req.url());
  });
  return urls;
}

test("a text page loads no WASM until 'Log in' is used, which then opens the Login dialog", async () => {
  const context = await newContext(suite);
  const page = await context.newPage();
  const errors = collectErrors(page);
  const app = appRequests(page);
  await page.goto("/privacy-policy");
  assert.equal(
    await page
      .locator("link[rel=preload][as=fetch], link[rel=modulepreload]")
      .count(),
    0,
    "no preload",
  );
  await page.waitForTimeout(500);
  assert.deepEqual(app, [], "nothing of the app chunk before the click");
  assert.equal(await page.getAttribute("html", "data-hydrated"), null);

  await page.click("header [data-wake=login]");
  const dialog = page.locator("[role=dialog]");
  await dialog.waitFor({ state: "visible" });
  assert.equal(
    new URL(page.url()).pathname,
    "/privacy-policy",
    "the dialog opens in place",
  );
  assert.ok(
    app.some((u) => u.endsWith(".wasm")),
    `the WASM loaded on the click: ${app}`,
  );
  assert.equal(await page.getAttribute("html", "data-hydrated"), "true");
  assert.equal(
    await page.evaluate(() => document.activeElement?.id),
    "dialog-login-email",
    "focus in the dialog",
  );
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });
  // Hydrated now: the next click opens the dialog directly.
  await page.click("header [data-wake=login]");
  await dialog.waitFor({ state: "visible" });
  assert.deepEqual(errors, []);
  await context.close();
});

test("pages with live islands hydrate right after their first paint, fetching the texts once", async () => {
  const context = await newContext(suite);
  const page = await context.newPage();
  const app = appRequests(page);
  const texts = [];
  page.on("request", (req) => {
    if (/\/texts\/[a-z]+\.json$/.test(req.url())) texts.push(req.url());
  });
  await page.goto("/id");
  // Nothing competes with the page's own HTML and CSS for its first frame.
  assert.equal(
    await page
      .locator("link[rel=preload][as=fetch], link[rel=modulepreload]")
      .count(),
    0,
    "no preload",
  );
  await waitForHydration(page);
  assert.ok(app.some((u) => u.endsWith(".wasm")));
  const order = await page.evaluate(() => ({
    paint: performance.getEntriesByName("first-paint")[0]?.startTime,
    wasm: performance
      .getEntriesByType("resource")
      .find((r) => r.name.endsWith("/app_bg.wasm"))?.startTime,
  }));
  assert.ok(
    order.paint !== undefined && order.wasm > order.paint,
    `the WASM is requested after the first paint: ${JSON.stringify(order)}`,
  );
  // The page's texts (Indonesian only) come once.
  assert.equal(texts.length, 1, `${texts}`);
  assert.ok(texts[0].endsWith("/texts/id.json"), `${texts}`);
  await context.close();
});

test("without JavaScript the wake links are plain links", async () => {
  const context = await newContext(suite, { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/id/faq");
  await Promise.all([
    page.waitForNavigation(),
    page.click("header [data-wake=login]"),
  ]);
  assert.equal(new URL(page.url()).pathname, "/id/login");
  await context.close();
});

// Resolves once `count()` reaches `n` (or fails after a few seconds).
async function until(count, n) {
  for (let i = 0; i < 100 && count() < n; i++)
    await new Promise((r) => setTimeout(r, 100));
  assert.ok(count() >= n, `expected ${n}, got ${count()}`);
}

test("a failed app chunk reloads the page once, then not again within a minute", async () => {
  const context = await newContext(suite);
  const page = await context.newPage();
  await page.route(/\/pkg\/[^/]+\/app_bg\.wasm$/, (route) => route.abort());
  let loads = 0;
  page.on("load", () => loads++);
  await page.goto("/");
  await until(() => loads, 2);
  await page.waitForTimeout(1_500);
  assert.equal(loads, 2, "the first load and exactly one reload");
  const stamp = Number(
    await page.evaluate(() => sessionStorage.getItem("ct-chunk-reload")),
  );
  assert.ok(
    Date.now() - stamp < 60_000,
    "the reload was noted in sessionStorage",
  );
  // Another failure within the minute does not reload.
  await page.reload();
  await page.waitForTimeout(1_500);
  assert.equal(loads, 3, "only the reload asked for here");
  // Once the note is a minute old, a failure reloads again.
  await page.evaluate(() =>
    sessionStorage.setItem("ct-chunk-reload", String(Date.now() - 61_000)),
  );
  await page.reload();
  await until(() => loads, 5);
  await page.waitForTimeout(1_500);
  assert.equal(loads, 5);
  await context.close();
});
