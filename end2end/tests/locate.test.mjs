// The home page's number check (500 ms debounce, spec message) and the
// locating animation with the real data of an Indonesian and a US number.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  collectErrors,
  holdPageClock,
  waitForHydration,
} from "../support/browser.mjs";
import { newContext, serverAndBrowser } from "../support/suite.mjs";

const suite = serverAndBrowser();

test("an invalid number shows the message only after typing pauses", async () => {
  const context = await newContext(suite);
  await context.clock.install();
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto("/id");
  await waitForHydration(page);
  const checks = [];
  page.on(
    "request",
    (req) =>
      req.url().includes("/other/location/info/") && checks.push(req.url()),
  );
  await holdPageClock(page);
  await page.locator("#phone").pressSequentially("0812", { delay: 50 });
  // Typing continuously: no check has been sent, no message shown.
  assert.equal(checks.length, 0);
  assert.equal((await page.textContent("#phone-error")).trim(), "");
  await page.clock.resume();
  await page.waitForFunction(
    () => document.querySelector("#phone-error").textContent.trim() !== "",
  );
  assert.equal(
    (await page.textContent("#phone-error")).trim(),
    "Silakan masukkan nomor yang benar",
  );
  assert.equal(checks.length, 1, "one check per pause, not per key");
  assert.equal(await page.getAttribute("#phone", "aria-invalid"), "true");
  await page.locator("#phone").pressSequentially("34567890", { delay: 20 });
  await page.waitForFunction(
    () => document.querySelector("#phone-error").textContent.trim() === "",
  );
  assert.equal(await page.getAttribute("#phone", "aria-invalid"), null);
  assert.deepEqual(errors, []);
  await context.close();
});

async function locate(page, path, country, number) {
  await page.goto(path);
  await waitForHydration(page);
  await page.selectOption("#country", country);
  await page.fill("#phone", number);
  await page.click(".phone-search button[type=submit]");
  // The animation starts with the numbering-plan line and reveals rows one by one.
  await page.waitForSelector(".locating-status:not([hidden])");
  assert.equal(await page.isVisible(".locating-done"), false);
  await page.waitForSelector(".locating-done:not([hidden])", {
    timeout: 10_000,
  });
  const rows = {};
  for (const row of await page.$$(".locating-row")) {
    rows[await row.getAttribute("data-field")] = await row.$eval("dd", (dd) =>
      dd.textContent.trim(),
    );
  }
  return rows;
}

test("locating an Indonesian mobile shows its real rows, then says its owner can be asked", async () => {
  const context = await newContext(suite);
  const page = await context.newPage();
  const errors = collectErrors(page);
  const rows = await locate(page, "/id", "ID", "0812-3456-7890");
  assert.equal(rows.carrier, "Telkomsel");
  assert.equal(rows.country, "Indonesia");
  assert.match(
    rows.displayName,
    /^(Western Indonesia Time|Waktu Indonesia Barat|印度尼西亚西部时间) \(UTC\+7\), \d\d:\d\d$/,
  );
  assert.equal(
    rows.location,
    "Hanya jika pemiliknya membagikan",
    "the position comes only with consent",
  );
  assert.equal(
    (await page.textContent(".locating-done h2")).trim(),
    "Nomor valid: kami dapat bertanya kepada pemiliknya",
  );
  assert.match(page.url(), /country=ID&phone=0812-3456-7890/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("on a phone the answer is brought into view under the Locate button", async () => {
  const context = await newContext(suite, {
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await locate(page, "/", "ID", "0812-3456-7890");
  const top = await page.$eval(
    ".locating",
    (el) => el.getBoundingClientRect().top,
  );
  const height = await page.evaluate(() => window.innerHeight);
  assert.ok(top >= 0 && top < height / 2, `answer at ${top} of ${height}`);
  await context.close();
});

test("locating a US number shows its area and time zone", async () => {
  const context = await newContext(suite);
  const page = await context.newPage();
  const errors = collectErrors(page);
  const rows = await locate(page, "/", "US", "(201) 555-0123");
  assert.equal(rows.country, "United States");
  assert.equal(rows.city, "New Jersey");
  assert.match(
    rows.displayName,
    /^(Eastern Time|Waktu Timur|北美东部时间) \(UTC-[45]\), \d\d:\d\d$/,
  );
  assert.equal(rows.carrier, "Not listed");
  assert.equal(rows.location, "Only if the owner shares it");
  assert.equal(
    (await page.textContent(".locating-done h2")).trim(),
    "Valid number: we can ask its owner",
  );
  assert.deepEqual(errors, []);
  await context.close();
});

test("zh: the heading says what is true, and the position waits for consent", async () => {
  const zh = JSON.parse(
    readFileSync(new URL("../../locales/zh.json", import.meta.url)),
  );
  const context = await newContext(suite);
  const page = await context.newPage();
  const errors = collectErrors(page);
  const rows = await locate(page, "/zh", "ID", "0812-3456-7890");
  assert.equal(rows.location, zh.locate_defined);
  assert.equal(
    (await page.textContent(".locating-done h2")).trim(),
    zh.locate_done,
  );
  assert.deepEqual(errors, []);
  await context.close();
});
