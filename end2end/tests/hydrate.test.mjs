// With JavaScript: hydration completes on every page without console errors,
// and the country picker filters as you type.
import { test } from "node:test";
import assert from "node:assert/strict";
import { collectErrors, waitForHydration } from "../support/browser.mjs";
import { LOCALES, SLUGS, TEXT_SLUGS, pathOf } from "../support/routes.mjs";
import { newContext, serverAndBrowser } from "../support/suite.mjs";

const suite = serverAndBrowser();

test("every page hydrates without console errors in every locale (text pages on first use)", async () => {
  const context = await newContext(suite);
  const page = await context.newPage();
  const errors = collectErrors(page);
  for (const { prefix } of LOCALES) {
    for (const slug of SLUGS) {
      const path = pathOf(prefix, slug);
      await page.goto(path);
      if (TEXT_SLUGS.has(slug)) {
        assert.equal(
          await page.getAttribute("html", "data-hydrated"),
          null,
          `${path}: no WASM yet`,
        );
        await page.click("header [data-wake=login]");
        await page.locator("[role=dialog]").waitFor({ state: "visible" });
      }
      await waitForHydration(page);
    }
  }
  // /404 answers with status 404 on purpose; the browser logs that document load.
  const notFoundPage = /status of 404 \(Not Found\) @ \S+\/(id\/|zh\/)?404$/;
  assert.deepEqual(
    errors.filter((e) => !notFoundPage.test(e)),
    [],
  );
  await context.close();
});

test("the country picker filters as you type once hydrated", async () => {
  const context = await newContext(suite);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto("/");
  await waitForHydration(page);
  await page.waitForSelector("#country-search", { state: "visible" });
  const visible = () =>
    page.$$eval("#country option", (opts) =>
      opts.filter((o) => !o.hidden).map((o) => o.value),
    );
  assert.ok((await visible()).length >= 240);
  await page.fill("#country-search", "indo");
  assert.deepEqual(await visible(), ["ID"]);
  assert.equal(
    await page.inputValue("#country"),
    "ID",
    "the only match is selected",
  );
  await page.fill("#country-search", "+63");
  assert.deepEqual(await visible(), ["PH"]);
  // A calling code matches from its start: +262 (Réunion) is not +62.
  await page.fill("#country-search", "62");
  assert.deepEqual(await visible(), ["ID"]);
  await page.fill("#country-search", "");
  assert.ok((await visible()).length >= 240);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the picker searches names in the page's language", async () => {
  const context = await newContext(suite);
  const page = await context.newPage();
  await page.goto("/zh");
  await waitForHydration(page);
  const visible = () =>
    page.$$eval("#country option", (opts) =>
      opts.filter((o) => !o.hidden).map((o) => o.value),
    );
  await page.fill("#country-search", "菲律宾");
  assert.deepEqual(await visible(), ["PH"]);
  // The English name finds it too.
  await page.fill("#country-search", "philippines");
  assert.deepEqual(await visible(), ["PH"]);
  assert.equal(await page.inputValue("#country"), "PH");
  await context.close();
});

test("the language switch leads to the same page in the other language", async () => {
  const context = await newContext(suite);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto("/faq");
  await page.click("nav.langs >> text=Bahasa Indonesia");
  await page.waitForURL("**/id/faq");
  assert.equal(
    (await page.textContent("h1")).trim(),
    "Pertanyaan yang sering diajukan",
  );
  assert.equal(await page.getAttribute("html", "lang"), "id");
  assert.deepEqual(errors, []);
  await context.close();
});
