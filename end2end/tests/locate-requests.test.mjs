// One user action, one request: a Locate on the home page asks the server
// for the number's information once — also when the check after typing
// already asked about the same number, when Locate is pressed while that
// check is on its way, and when Locate is pressed before its pause is over;
// a check that failed for the moment is asked again.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  collectErrors,
  holdPageClock,
  waitForHydration,
} from "../support/browser.mjs";
import { newContext, serverAndBrowser } from "../support/suite.mjs";

const suite = serverAndBrowser();

function countInfoRequests(page) {
  const seen = [];
  page.on(
    "request",
    (req) =>
      req.url().includes("/api_f/v1/other/location/info") &&
      seen.push(req.url()),
  );
  return seen;
}

async function waitForResult(page) {
  await page.waitForSelector(".locating-done:not([hidden])", {
    timeout: 10_000,
  });
  // Anything late (a debounced check) would have fired by now.
  await page.waitForTimeout(1_000);
}

// Opens /id with the page's clock under the test's control, picks
// Indonesia and types `number` in one burst (no pause, so no check yet).
async function typedWithoutPause(suite, number) {
  const context = await newContext(suite);
  await context.clock.install();
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto("/id");
  await waitForHydration(page);
  const seen = countInfoRequests(page);
  await page.selectOption("#country", "ID");
  await holdPageClock(page);
  await page.locator("#phone").pressSequentially(number, { delay: 20 });
  return { context, page, errors, seen };
}

const isInfo = (res) => res.url().includes("/api_f/v1/other/location/info");

// Presses Locate (then runs `afterClick`) and checks that the answer shows
// `shown` after `requests` number requests in all.
async function locateShows(page, seen, requests, shown, afterClick = () => {}) {
  await page.click(".phone-search button[type=submit]");
  afterClick();
  await waitForResult(page);
  assert.equal(seen.length, requests, `requests: ${seen.join(", ")}`);
  assert.equal((await page.textContent(".locating-number")).trim(), shown);
}

test("typing, pausing, then Locate: one request for the number", async () => {
  const { context, page, errors, seen } = await typedWithoutPause(
    suite,
    "0812-3456-7890",
  );
  assert.equal(seen.length, 0, "no check while typing");
  const checked = page.waitForResponse(isInfo);
  await page.clock.runFor(600); // the typing pause: the check is asked
  await checked;
  await page.clock.resume();
  await locateShows(page, seen, 1, "+62 812-3456-7890");
  assert.deepEqual(errors, []);
  await context.close();
});

test("Locate while the check after typing is on its way: one request", async () => {
  const { context, page, errors, seen } = await typedWithoutPause(
    suite,
    "0812-3456-7891",
  );
  let release;
  const clicked = new Promise((resolve) => (release = resolve));
  await page.route("**/api_f/v1/other/location/info/**", async (route) => {
    await clicked; // the check's answer is held until Locate was pressed
    await route.continue();
  });
  await page.clock.runFor(600);
  await page.clock.resume();
  await locateShows(page, seen, 1, "+62 812-3456-7891", release);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a check that failed for the moment is asked again by Locate", async () => {
  const { context, page, errors, seen } = await typedWithoutPause(
    suite,
    "0812-3456-7892",
  );
  let calls = 0;
  await page.route("**/api_f/v1/other/location/info/**", (route) =>
    calls++ === 0 ? route.abort("connectionfailed") : route.continue(),
  );
  await page.clock.runFor(600);
  await page.clock.resume();
  await page.waitForFunction(
    () => document.querySelector("#phone-error").textContent.trim() !== "",
  );
  assert.equal(
    (await page.textContent("#phone-error")).trim(),
    "Layanan sedang tidak tersedia. Silakan coba lagi sebentar lagi.",
  );
  await locateShows(page, seen, 2, "+62 812-3456-7892");
  const failedLoad = (e) => e.includes("net::ERR_");
  assert.deepEqual(
    errors.filter((e) => !failedLoad(e)),
    [],
  );
  await context.close();
});

test("Locate pressed right after typing: one request for the number", async () => {
  const context = await newContext(suite);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto("/");
  await waitForHydration(page);
  const seen = countInfoRequests(page);
  await page.selectOption("#country", "ID");
  await page.fill("#phone", "0812-3456-7890");
  await page.click(".phone-search button[type=submit]");
  await waitForResult(page);
  assert.equal(seen.length, 1, `requests: ${seen.join(", ")}`);
  assert.deepEqual(errors, []);
  await context.close();
});
