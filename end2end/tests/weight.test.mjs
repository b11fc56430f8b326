// The page weight bar: the JS + WASM a page loads before anyone touches it
// (brotli, as served). The home page stays within 150 KB, every other page
// within 200 KB, and text pages within 20 KB until an element is first
// used; the heavy islands (checkout, billing, voice composer, the requests
// list) are separate WASM chunks that only the pages showing them load, the
// checkout's only once its page is used.
import { test } from "node:test";
import assert from "node:assert/strict";
import { pathOf, SLUGS, TEXT_SLUGS } from "../support/routes.mjs";
import {
  newContext,
  serverAndBrowser,
  signedInMember,
} from "../support/suite.mjs";
import {
  HOME_TARGET,
  PAGE_BUDGET,
  TEXT_PAGE_BUDGET,
  weighPage,
} from "../support/weight.mjs";

const suite = serverAndBrowser();
const kb = (n) => `${(n / 1000).toFixed(1)} KB`;

test("public pages load their own code only, within the budgets", async () => {
  const context = await newContext(suite);
  for (const slug of [...SLUGS, "login"]) {
    const path = pathOf("", slug);
    const { first, firstFiles: files } = await weighPage(context, path);
    const budget = TEXT_SLUGS.has(slug)
      ? TEXT_PAGE_BUDGET
      : path === "/"
        ? HOME_TARGET
        : PAGE_BUDGET;
    assert.ok(
      first.br <= budget,
      `${path}: ${kb(first.br)} brotli at first load, budget ${kb(budget)} (${files.join(", ")})`,
    );
  }
  await context.close();
});

test("the home page loads no chunk of another page's island", async () => {
  const context = await newContext(suite);
  const chunk = (f) => /\.wasm$/.test(f) && !/app_bg\.wasm$/.test(f);
  const { firstFiles: files } = await weighPage(context, "/");
  assert.deepEqual(
    files.filter(chunk),
    [],
    "only the main WASM on the home page",
  );
  // The checkout's widget and its island's chunk wait for the page's first
  // use; the plain form is the page until then.
  const pay = await weighPage(context, "/pay-method");
  assert.deepEqual(pay.firstFiles.filter(chunk), [], "no chunk at first load");
  assert.ok(
    pay.used && pay.files.some(chunk),
    `the checkout island's chunk loads once /pay-method is used: ${pay.files}`,
  );
  await context.close();
});

test("a page downloads its own language's texts only", async () => {
  const context = await newContext(suite);
  for (const [path, lang] of [
    ["/", "en"],
    ["/id/telecom", "id"],
    ["/zh/voice-sms", "zh"],
  ]) {
    const { firstFiles: files } = await weighPage(context, path);
    const texts = files.filter((f) => /\/texts\//.test(f));
    assert.deepEqual(
      texts.map((f) => f.split("/").pop()),
      [`${lang}.json`],
      `${path}: ${files.join(", ")}`,
    );
  }
  await context.close();
});

test("member pages stay within the page budget", async () => {
  const { context, page } = await signedInMember(
    suite,
    "",
    "weight@example.com",
    "weight-pass-123",
  );
  await page.close();
  for (const path of [
    "/dashboard/locations",
    "/dashboard/voice",
    "/dashboard/account",
    "/billing",
  ]) {
    const { first, firstFiles: files } = await weighPage(context, path);
    assert.ok(
      first.br <= PAGE_BUDGET,
      `${path}: ${kb(first.br)} brotli at first load (${files.join(", ")})`,
    );
  }
  await context.close();
});
