// Reverse lookup in Chromium: Find Now in en, id and zh, as a visitor and
// as a subscriber, with JavaScript on and off. The search is a GET form, so
// the result's address works on its own; a visitor sees the numbering
// plan's facts and the offer, a subscriber the spam check too, and can
// report the number. Bad input shows the spec's message, never a 5xx.
import { test } from "node:test";
import assert from "node:assert/strict";
import { collectErrors, waitForHydration } from "../support/browser.mjs";
import {
  newContext,
  serverAndBrowser,
  signedInMember,
} from "../support/suite.mjs";

const suite = serverAndBrowser();
const PASSWORD = "secret-123";
const FIND_NOW = { en: "Find Now", id: "Cari Sekarang", zh: "立即查询" };
const MOBILE = { en: "Mobile", id: "Seluler", zh: "手机" };
const INVALID = { en: "Please enter the correct number" };

// The 6-digit code of the newest SMS to `e164` (the SMS worker sends it within moments).
async function latestCode(e164) {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(
      `${suite.server.baseURL}/dev/outbox.json?to=${encodeURIComponent(e164)}&channel=sms`,
    );
    const [sms] = await res.json();
    const code = sms?.body_text.match(/\b\d{6}\b/)?.[0];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code SMS to ${e164}`);
}

async function findNow(page, prefix, locale, javaScript) {
  await page.goto(`${prefix}/telecom`);
  if (javaScript) await waitForHydration(page);
  assert.equal(
    (await page.textContent("#lookup-find")).trim(),
    FIND_NOW[locale],
  );
  await page.selectOption("#country", "GB");
  await page.fill("#lookup-phone", "07400 123456");
  await Promise.all([
    page.waitForURL(/phone=07400/),
    page.click("#lookup-find"),
  ]);
  await page.waitForSelector("#lookup-result");
  const url = new URL(page.url());
  assert.equal(url.pathname, `${prefix}/telecom`);
  assert.equal(url.searchParams.get("country"), "GB");
}

for (const javaScript of [true, false]) {
  const mode = javaScript ? "JavaScript on" : "JavaScript off";
  for (const [prefix, locale] of [
    ["", "en"],
    ["/id", "id"],
    ["/zh", "zh"],
  ]) {
    test(`${locale}, ${mode}: a visitor finds the facts and the offer`, async () => {
      const context = await newContext(suite, {
        javaScriptEnabled: javaScript,
      });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await findNow(page, prefix, locale, javaScript);
      assert.equal(
        (await page.textContent("#lookup-type")).trim(),
        MOBILE[locale],
      );
      assert.match(await page.textContent("#lookup-timezone"), /UTC/);
      assert.doesNotMatch(
        await page.textContent("#lookup-timezone"),
        /Europe\//,
      );
      assert.ok(await page.isVisible("#lookup-offer"));
      assert.equal(
        await page.$("#lookup-spam-label"),
        null,
        "the verdict is for subscribers",
      );
      assert.ok(await page.isVisible("#lookup-report-login"));
      if (javaScript) assert.deepEqual(errors, []);
      await context.close();
    });

    test(`${locale}, ${mode}: a subscriber sees the verdict and reports the number`, async () => {
      const email = `lookup${locale}${javaScript ? "js" : "nojs"}@mail.com`;
      const { context, page } = await signedInMember(
        suite,
        prefix,
        email,
        PASSWORD,
        { javaScriptEnabled: javaScript },
      );
      await findNow(page, prefix, locale, javaScript);
      const label = await page.getAttribute("#lookup-spam-label", "data-label");
      assert.ok(["no_reports", "not_reliable"].includes(label), label);
      assert.equal(await page.$("#lookup-offer"), null);
      await page.check("input[name=category][value=robocall]");
      await Promise.all([
        page.waitForURL(/reported=1/),
        page.click("#lookup-report-submit"),
      ]);
      // One report brands nothing, and the form closes into its thank-you.
      assert.equal(
        await page.getAttribute("#lookup-spam-label", "data-label"),
        "not_reliable",
      );
      assert.equal(await page.$("#lookup-spam-top"), null);
      assert.equal(await page.$("#lookup-report-form"), null);
      assert.ok(await page.isVisible("#lookup-reported"));
      assert.ok(
        Number(
          (await page.textContent("#lookup-spam-count")).match(/\d+/)[0],
        ) >= 1,
      );
      // The same member again within 30 days: refused, the form keeps the choice.
      await findNow(page, prefix, locale, javaScript);
      await page.check("input[name=category][value=scam]");
      await page.click("#lookup-report-submit");
      await page.waitForSelector("#lookup-report-form .form-alert");
      assert.ok(await page.isChecked("input[name=category][value=scam]"));
      await context.close();
    });
  }
}

test("bad input shows the spec's message with a 200, not a 5xx", async () => {
  const context = await newContext(suite, { javaScriptEnabled: false });
  const page = await context.newPage();
  for (const phone of ["", "abc", "1", "9".repeat(40)]) {
    const response = await page.goto(
      `/telecom?country=GB&phone=${encodeURIComponent(phone)}`,
    );
    assert.ok(response.status() < 500, `${phone}: ${response.status()}`);
    assert.equal((await page.textContent("#lookup-error")).trim(), INVALID.en);
    assert.equal(await page.inputValue("#lookup-phone"), phone.slice(0, 250));
  }
  const unknown = await page.goto("/telecom?country=XX&phone=07400123456");
  assert.ok(unknown.status() < 500);
  await context.close();
});

test("the owner proves the number, publishes a name, and lookups show it", async () => {
  const context = await newContext(suite, { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/telecom/owner?country=GB&phone=07400123999");
  await Promise.all([
    page.waitForURL(/sent=1/),
    page.click("#owner-send-code"),
  ]);
  const code = await latestCode("+447400123999");
  await page.fill("#owner-code", code);
  await Promise.all([page.waitForNavigation(), page.click("#owner-confirm")]);
  await page.waitForSelector("#owner-panel");
  await page.fill("#owner-name", "Budi Santoso");
  await page.fill("#owner-city", "Bandung");
  await Promise.all([
    page.waitForURL(/done=published/),
    page.click("#owner-publish"),
  ]);
  assert.match(
    await page.textContent("#owner-entry"),
    /Budi Santoso · Bandung/,
  );
  const { context: member, page: viewer } = await signedInMember(
    suite,
    "",
    "ownerlookup@mail.com",
    PASSWORD,
  );
  await viewer.goto("/telecom?country=GB&phone=07400123999");
  assert.match(await viewer.textContent("#lookup-owner"), /Budi Santoso/);
  await member.close();
  await context.close();
});
