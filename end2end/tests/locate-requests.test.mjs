// One user action, one request: a Locate on the home page asks the server
// for the number's information once — also when the check after typing
// already asked about the same number, and when Locate is pressed before
// that check's pause is over.
import { test } from "node:test";
import assert from "node:assert/strict";
import { collectErrors, waitForHydration } from "../support/browser.mjs";
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

test("typing, pausing, then Locate: one request for the number", async () => {
  const context = await newContext(suite);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto("/id");
  await waitForHydration(page);
  const seen = countInfoRequests(page);
  await page.selectOption("#country", "ID");
  await page
    .locator("#phone")
    .pressSequentially("0812-3456-7890", { delay: 20 });
  await page.waitForTimeout(1_200); // the check after the typing pause answers
  await page.click(".phone-search button[type=submit]");
  await waitForResult(page);
  assert.equal(seen.length, 1, `requests: ${seen.join(", ")}`);
  assert.equal(
    (await page.textContent(".locating-number")).trim(),
    "+62 812-3456-7890",
  );
  assert.deepEqual(errors, []);
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
