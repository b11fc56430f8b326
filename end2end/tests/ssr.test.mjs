// Without JavaScript: every route renders server-side in en, id and zh.
import { test } from "node:test";
import assert from "node:assert/strict";
import { LOCALES, SLUGS, pathOf } from "../support/routes.mjs";
import { newContext, serverAndBrowser } from "../support/suite.mjs";

const suite = serverAndBrowser();

test("every route renders server-side in every locale with JavaScript off", async () => {
  const context = await newContext(suite, { javaScriptEnabled: false });
  const page = await context.newPage();
  for (const { prefix, lang } of LOCALES) {
    for (const slug of SLUGS) {
      const path = pathOf(prefix, slug);
      const response = await page.goto(path);
      assert.equal(response.status(), slug === "404" ? 404 : 200, path);
      assert.equal(await page.getAttribute("html", "lang"), lang, path);
      const h1 = (await page.textContent("h1"))?.trim();
      assert.ok(h1, `${path}: has a heading`);
      assert.ok(
        (await page.title()).includes("Cool Tracker"),
        `${path}: title`,
      );
      assert.equal(
        await page.locator("text=This page is being prepared").count(),
        0,
        `${path}: real content`,
      );
      // One header everywhere; the owner's page has its own (our mark and
      // name, no site navigation).
      assert.equal(await page.locator("header").count(), 1, `${path}: header`);
      assert.equal(
        await page.locator("header.reveal-header").count(),
        slug === "reveal-location" ? 1 : 0,
        `${path}: the owner's own header`,
      );
    }
  }
  await context.close();
});

test("unknown routes show the 404 texts and a BACK link without JavaScript", async () => {
  const context = await newContext(suite, { javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto("/id/tidak-ada");
  assert.equal(response.status(), 404);
  assert.equal(
    (await page.textContent("h1")).trim(),
    "Halaman ini tidak dapat ditemukan",
  );
  await page.click("text=KEMBALI");
  assert.equal(new URL(page.url()).pathname, "/id");
  await context.close();
});

test("the search form works as a plain form without JavaScript", async () => {
  const context = await newContext(suite, { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  assert.equal(
    await page.isVisible("#country-search"),
    false,
    "search box needs JavaScript",
  );
  await page.selectOption("#country", "ID");
  await page.fill("#phone", "0812 3456 7890");
  await page.click(".phone-search button[type=submit]");
  const url = new URL(page.url());
  assert.equal(url.searchParams.get("country"), "ID");
  assert.equal(await page.inputValue("#phone"), "0812 3456 7890");
  assert.equal(await page.inputValue("#country"), "ID");
  await context.close();
});
