// A first visit on a phone (390×844): the cookie choices are a compact bar
// at the bottom, so the headline and the number search stay in view; the
// support address in the footer is a full 44px target; a country search
// that matches nothing collapses the list and says so; and the times the
// member reads turn into the browser's own zone once the page runs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { waitForHydration } from "../support/browser.mjs";
import { askToLocate, mobile } from "../support/checkout.mjs";
import {
  newContext,
  serverAndBrowser,
  signedInMember,
} from "../support/suite.mjs";

const suite = serverAndBrowser();
const PHONE = { width: 390, height: 844 };

test("the cookie bar leaves the headline and the search in view on a phone", async () => {
  const context = await newContext(suite, { viewport: PHONE });
  const page = await context.newPage();
  await page.goto("/");
  const bar = await page.locator("#cookie-consent").boundingBox();
  assert.ok(bar.height <= PHONE.height * 0.3, `bar ${bar.height}px tall`);
  assert.ok(
    Math.abs(bar.y + bar.height - PHONE.height) < 2,
    "fixed to the bottom",
  );
  for (const what of ["main h1", "#phone"]) {
    const box = await page.locator(what).boundingBox();
    assert.ok(box.y + box.height <= bar.y, `${what} above the bar`);
  }
  const mail = await page.locator("#footer-mail").boundingBox();
  assert.ok(mail.height >= 44, `support address ${mail.height}px high`);
  await context.close();
});

test("a country search that matches nothing collapses the list and says so", async () => {
  const context = await newContext(suite, { viewport: PHONE });
  const page = await context.newPage();
  await page.goto("/");
  await waitForHydration(page);
  await page.fill("#country-search", "zzzz");
  await page.waitForFunction(
    () => document.querySelector("#country-none").textContent.trim() !== "",
  );
  assert.match(await page.textContent("#country-none"), /No country matches/);
  assert.equal(await page.getAttribute("#country", "size"), "1");
  await page.fill("#country-search", "indo");
  await page.waitForFunction(
    () => document.querySelector("#country-none").textContent.trim() === "",
  );
  assert.notEqual(await page.getAttribute("#country", "size"), "1");
  await context.close();
});

test("a member's request times read in the browser's zone, named", async () => {
  const { context, page } = await signedInMember(
    suite,
    "/id",
    `zone${Date.now()}@mail.com`,
    "secret-123",
    { viewport: PHONE, timezoneId: "Asia/Tokyo" },
  );
  await waitForHydration(page);
  await askToLocate(page, mobile());
  await waitForHydration(page);
  const created = page.locator("li.locate-row .locate-created time").first();
  await page.waitForFunction(
    () =>
      /GMT\+9$/.test(
        document.querySelector("li.locate-row .locate-created time")
          ?.textContent ?? "",
      ),
    null,
    { timeout: 5_000 },
  );
  const text = (await created.textContent()).trim();
  const instant = Date.parse(await created.getAttribute("datetime"));
  const tokyo = new Date(instant + 9 * 3_600_000).toISOString();
  assert.equal(
    text,
    `${tokyo.slice(0, 10)} ${tokyo.slice(11, 16)} GMT+9`,
    "the same moment, in Tokyo's wall clock",
  );
  await context.close();
});
