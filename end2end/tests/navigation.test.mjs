// The navigation rules of the site script, on a text page that loads no
// WASM: in-page links glide (or jump, for readers who asked for less motion),
// links open by their kind, disabled links do nothing, and the connection
// indicator speaks up when the network goes and comes back.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { collectErrors } from "../support/browser.mjs";
import { serveStatic } from "../support/static.mjs";
import { newContext, serverAndBrowser } from "../support/suite.mjs";

const suite = serverAndBrowser();
let other = null;

before(async () => {
  const dir = mkdtempSync(join(tmpdir(), "ct-other-"));
  // An empty icon: otherwise Chromium asks this bare server for /favicon.ico
  // and logs its 404 as a console error of the page under test.
  writeFileSync(
    join(dir, "index.html"),
    '<!doctype html><title>elsewhere</title><link rel="icon" href="data:,"><p>elsewhere</p>',
  );
  other = await serveStatic(dir);
});
after(() => other?.close());

// A text page with test links added, where every scrollIntoView call is recorded.
async function pageWithLinks(contextOptions = {}) {
  const context = await newContext(suite, contextOptions);
  await context.addInitScript(() => {
    window.__scrolls = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (options) {
      window.__scrolls.push({ id: this.id, behavior: options?.behavior });
      return original.call(this, options);
    };
  });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto("/faq");
  await page.evaluate((elsewhere) => {
    const links = [
      ["t-hash", "#t-far", {}],
      ["t-disabled", "/about-us", { disabled: "" }],
      ["t-nofollow", "/about-us", { rel: "nofollow" }],
      ["t-ext-blank", `${elsewhere}/`, { target: "_blank" }],
      ["t-ext-self", `${elsewhere}/`, {}],
      ["t-mail", "mailto:help@cooltracker.example", { target: "_blank" }],
    ];
    const main = document.querySelector("main");
    for (const [id, href, attrs] of links) {
      const a = Object.assign(document.createElement("a"), {
        id,
        href,
        textContent: id,
      });
      for (const [name, value] of Object.entries(attrs))
        a.setAttribute(name, value);
      main.prepend(a);
    }
    const far = Object.assign(document.createElement("h2"), {
      id: "t-far",
      textContent: "far",
    });
    far.style.marginTop = "4000px";
    document.body.append(far);
  }, other.baseURL);
  return { context, page, errors };
}

test("an in-page link glides to its target and moves focus there; reduced motion jumps", async () => {
  for (const [reducedMotion, behavior] of [
    ["no-preference", "smooth"],
    ["reduce", "auto"],
  ]) {
    const { context, page, errors } = await pageWithLinks({ reducedMotion });
    await page.click("#t-hash");
    assert.deepEqual(await page.evaluate(() => window.__scrolls), [
      { id: "t-far", behavior },
    ]);
    await page.waitForFunction(() => window.scrollY > 3000);
    assert.equal(await page.evaluate(() => document.activeElement.id), "t-far");
    assert.equal(new URL(page.url()).hash, "#t-far");
    assert.equal(
      await page.getAttribute("html", "data-hydrated"),
      null,
      "no WASM needed",
    );
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test("the skip link takes keyboard users to the content", async () => {
  const { context, page } = await pageWithLinks({ reducedMotion: "reduce" });
  await page.keyboard.press("Tab");
  assert.equal(
    await page.evaluate(() => document.activeElement.className),
    "skip-link",
  );
  await page.keyboard.press("Enter");
  assert.equal(await page.evaluate(() => document.activeElement.id), "main");
  await context.close();
});

test("links open by their kind: nofollow and targeted external ones in a new window without opener", async () => {
  const { context, page, errors } = await pageWithLinks();
  const start = page.url();

  await page.click("#t-disabled");
  await page.waitForTimeout(300);
  assert.equal(page.url(), start, "a disabled link is ignored");

  for (const id of ["#t-nofollow", "#t-ext-blank"]) {
    const [popup] = await Promise.all([
      context.waitForEvent("page"),
      page.click(id),
    ]);
    await popup.waitForLoadState();
    assert.equal(
      await popup.evaluate(() => window.opener),
      null,
      `${id}: noopener`,
    );
    assert.equal(page.url(), start, `${id}: this window stays`);
    await popup.close();
  }

  const pages = context.pages().length;
  await page.click("#t-mail");
  await page.waitForTimeout(300);
  assert.equal(
    context.pages().length,
    pages,
    "mailto opens directly, no empty window",
  );

  await Promise.all([
    page.waitForURL(`${other.baseURL}/`),
    page.click("#t-ext-self"),
  ]);
  assert.deepEqual(errors, []);
  await context.close();
});

test("going offline and back is announced in the page's language", async () => {
  const context = await newContext(suite);
  const page = await context.newPage();
  await page.goto("/id/faq");
  const status = page.locator("#net-status[role=status]");
  assert.equal((await status.textContent()).trim(), "");
  await context.setOffline(true);
  await page.waitForFunction(
    () => document.getElementById("net-status").textContent !== "",
  );
  assert.match(await status.textContent(), /^Anda sedang offline/);
  assert.ok(await status.isVisible());
  await context.setOffline(false);
  await page.waitForFunction(() =>
    document
      .getElementById("net-status")
      .textContent.includes("kembali online"),
  );
  await page.waitForFunction(
    () => document.getElementById("net-status").textContent === "",
    null,
    { timeout: 8_000 },
  );
  await context.close();
});
