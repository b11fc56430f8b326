// The result page says exactly what happened, in the payer's language, at
// 390×844 with JavaScript on and off: each class of refused card in its own
// words (and that nothing was charged), the retry back to the payment form
// with the reason beside it and the e-mail kept; a paid order's charge,
// renewal and one-click cancel, and the new member's password step.
import { test } from "node:test";
import assert from "node:assert/strict";
import { collectErrors, waitForHydration } from "../support/browser.mjs";
import {
  CARD_3DS_FAILS,
  CARD_EXPIRED,
  CARD_OK,
  CARD_PROCESSOR_BUSY,
  CARD_WRONG_CVC,
  NO_JS,
  PASSWORD,
  PHONE,
  email,
  form,
  outcome,
  payByCard,
  sandboxPay,
  widgetReady,
} from "../support/checkout.mjs";
import { newContext, serverAndBrowser } from "../support/suite.mjs";

const suite = serverAndBrowser();

const DECLINES = {
  en: [
    [
      CARD_EXPIRED,
      /This card has expired\. Use another card or payment method\. You have not been charged\./,
    ],
    [CARD_WRONG_CVC, /The security check failed.*You have not been charged\./],
  ],
  id: [
    [CARD_3DS_FAILS, /Pemeriksaan keamanan gagal.*Anda tidak dikenai biaya\./],
    [
      CARD_PROCESSOR_BUSY,
      /Layanan pembayaran tidak menjawab tepat waktu.*Anda tidak dikenai biaya\./,
    ],
  ],
};

for (const js of [true, false]) {
  for (const [lang, cases] of Object.entries(DECLINES)) {
    const prefix = lang === "en" ? "" : `/${lang}`;
    test(`${lang}, JavaScript ${js ? "on" : "off"}, 390×844: a refused card says why beside the form, e-mail kept`, async () => {
      const context = await newContext(
        suite,
        js ? PHONE : { ...NO_JS, ...PHONE },
      );
      const page = await context.newPage();
      const errors = collectErrors(page);
      for (const [card, words] of cases) {
        await page.goto(`${prefix}/pay-method`);
        const address = email(`decline-${lang}`);
        await payByCard(page, js, address);
        await sandboxPay(page, card);
        if (js) await waitForHydration(page);
        await outcome(page, js, "fail");
        assert.match(await page.textContent(".pay-result-decline"), words);
        await Promise.all([
          page.waitForURL(/\/pay-method\?planId=\d+&retry=CT/),
          page.click("#pay-result-again"),
        ]);
        if (js) await widgetReady(page);
        const f = form(js);
        assert.equal(
          await page.inputValue(f.email),
          address,
          "the e-mail kept",
        );
        assert.match(
          await page.textContent(`${f.root} .form-alert[role=alert]`),
          words,
        );
      }
      assert.deepEqual(
        errors.filter((e) => !e.includes("/favicon.ico")),
        [],
      );
      await context.close();
    });
  }
}

test("en, JavaScript off, 390×844: paid, the terms in words, a short password refused, then set and in", async () => {
  const context = await newContext(suite, { ...NO_JS, ...PHONE });
  const page = await context.newPage();
  await page.goto("/pay-method");
  const address = email("terms");
  await payByCard(page, false, address);
  await sandboxPay(page, CARD_OK);
  await outcome(page, false, "success");
  assert.equal(
    (await page.textContent("[data-outcome] h1")).trim(),
    "You're in",
  );
  const terms = await page.textContent(".pay-result-terms");
  assert.match(terms, /Charged today: \$0\.99\./);
  assert.match(
    terms,
    /Renews on \w+ \d+, \d{4} at the full price of \$29\.99, until you cancel\./,
  );
  assert.equal(
    await page.getAttribute("#pay-result-cancel", "href"),
    "/billing",
  );
  assert.match(
    await page.textContent("#pay-result-password-hint"),
    new RegExp(address.replace(".", "\\.")),
  );
  // The browser's own check is bypassed to reach the server's.
  await page.$eval("#pay-result-password", (el) =>
    el.removeAttribute("minlength"),
  );
  await page.fill("#pay-result-password", "abc");
  await Promise.all([
    page.waitForURL(/password=invalid/),
    page.click("#pay-result-enter"),
  ]);
  assert.match(await page.textContent("#pay-result-password-error"), /\S/);
  assert.equal(
    await page.getAttribute("#pay-result-password", "aria-invalid"),
    "true",
  );
  await page.fill("#pay-result-password", PASSWORD);
  await Promise.all([
    page.waitForURL("**/dashboard/locations"),
    page.click("#pay-result-enter"),
  ]);
  await context.close();
});

test("id, JavaScript on, 390×844: paid, skipping the password step still enters", async () => {
  const context = await newContext(suite, PHONE);
  const page = await context.newPage();
  // An Indonesian payer: rupiah prices, whatever the page's language.
  await page.goto("/id/pay-method?payCountry=ID");
  await payByCard(page, true, email("skip"));
  await sandboxPay(page, CARD_OK);
  await waitForHydration(page);
  await outcome(page, true, "success");
  assert.equal(
    (await page.textContent("[data-outcome] h1")).trim(),
    "Anda sudah terdaftar",
  );
  assert.match(
    await page.textContent(".pay-result-terms"),
    /Ditagih hari ini: Rp/,
  );
  await Promise.all([
    page.waitForURL("**/id/dashboard/locations"),
    page.click("#pay-result-skip"),
  ]);
  await context.close();
});
