// The page weight bar: the JS + WASM a page loads before anyone touches it
// (brotli, as served). The home page stays within 150 KB, every other page
// within 200 KB, and text pages within 20 KB until an element is first
// used; the
// heavy islands (checkout, billing, voice composer, the requests list) are
// separate WASM chunks that only the pages showing them load.
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
// The page still above the 200 KB target, held where it is so it cannot
// grow: the checkout mounts the React payment widget (React alone is 59 KB)
// beside its island's chunks.
const OVER_TARGET = new Map([["/pay-method", 280_000]]);
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
        : (OVER_TARGET.get(path) ?? PAGE_BUDGET);
    assert.ok(
      first.br <= budget,
      `${path}: ${kb(first.br)} brotli at first load, budget ${kb(budget)} (${files.join(", ")})`,
    );
  }
  await context.close();
});

test("the home page loads no chunk of another page's island", async () => {
  const context = await newContext(suite);
  const { firstFiles: files } = await weighPage(context, "/");
  const chunks = files.filter(
    (f) => /\.wasm$/.test(f) && !/app_bg\.wasm$/.test(f),
  );
  assert.deepEqual(chunks, [], "only the main WASM on the home page");
  const pay = await weighPage(context, "/pay-method");
  assert.ok(
    pay.firstFiles.some((f) => /\.wasm$/.test(f) && !/app_bg\.wasm$/.test(f)),
    `the checkout island's chunk loads on /pay-method: ${pay.firstFiles}`,
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
      first.br <= (OVER_TARGET.get(path) ?? PAGE_BUDGET),
      `${path}: ${kb(first.br)} brotli at first load (${files.join(", ")})`,
    );
  }
  await context.close();
});
