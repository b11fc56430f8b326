// An Indonesian payer at 390×844, JavaScript on and off, in Indonesian and
// English: QRIS, GoPay, OVO, DANA and ShopeePay come first, each asks only
// for what its provider needs (no postal code), a wrong NIK is named beside
// its field with everything typed kept; nobody else is offered them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { collectErrors, waitForHydration } from "../support/browser.mjs";
import { NO_JS, PHONE, widgetReady } from "../support/checkout.mjs";
import { newContext, serverAndBrowser } from "../support/suite.mjs";

const suite = serverAndBrowser();
const LOCAL = ["qris", "gopay", "ovo", "dana", "shopeepay"];
const NIK_ID = "Periksa NIK Anda: 16 angka pada KTP";
const NIK_EN = "Check your NIK: the 16 digits on your KTP";

test("id, JavaScript off, 390×844: Indonesia's wallets first; a wrong NIK is named beside its field", async () => {
  const context = await newContext(suite, { ...NO_JS, ...PHONE });
  const page = await context.newPage();
  await page.goto("/id/pay-method?payCountry=ID");
  const methods = await page.$$eval("#pay-form input[name=method]", (els) =>
    els.map((e) => e.value),
  );
  assert.deepEqual(methods.slice(0, 5), LOCAL);
  assert.equal(await page.isChecked("#pay-form input[value=qris]"), true);
  assert.equal(await page.isVisible("#pay-zip"), false);
  await page.fill("#pay-email", "siti@mail.com");
  await page.fill("#pay-name", "Siti Rahayu");
  await page.fill("#pay-document", "12345");
  await Promise.all([
    page.waitForLoadState("load"),
    page.click("#pay-form button[type=submit]"),
  ]);
  assert.equal(
    (await page.textContent("#pay-documentErrorMsg")).trim(),
    NIK_ID,
  );
  assert.equal(await page.inputValue("#pay-name"), "Siti Rahayu");
  assert.equal(await page.inputValue("#pay-document"), "12345");
  assert.equal(await page.isChecked("#pay-form input[value=qris]"), true);
  await page.check("#pay-form input[value=gopay]");
  assert.equal(await page.isVisible("#pay-phone"), true);
  assert.equal(await page.isVisible("#pay-document"), false);
  await context.close();
});

test("en, JavaScript on, 390×844: the widget offers Indonesia's wallets and checks the NIK on leaving it", async () => {
  const context = await newContext(suite, PHONE);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto("/pay-method?payCountry=ID");
  await waitForHydration(page);
  await widgetReady(page);
  const methods = await page.$$eval(
    ".payment-form-host input[name=method]",
    (els) => els.map((e) => e.value),
  );
  assert.deepEqual(methods.slice(0, 5), LOCAL);
  assert.deepEqual(
    await page.$$eval(".payment-form-host [data-field]", (els) =>
      els.map((e) => e.dataset.field),
    ),
    ["email", "name", "document"],
  );
  await page.fill("#pf-document", "12345");
  await page.focus("#pf-name");
  await page.waitForSelector(`#pf-documentErrorMsg:text('${NIK_EN}')`);
  await page.fill("#pf-document", "3171 2345 6789 0123");
  await page.focus("#pf-name");
  await page.waitForFunction(
    () => document.querySelector("#pf-documentErrorMsg").textContent === "",
  );
  await page.selectOption("#pf-country", "US");
  await page.waitForFunction(
    () => !document.querySelector(".payment-form-host input[value=qris]"),
  );
  assert.deepEqual(errors, []);
  await context.close();
});
