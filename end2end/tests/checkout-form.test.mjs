// The payment form beyond the journeys of checkout.test.mjs: its errors in
// their slots without JavaScript, the wallets of another country in the
// widget, the swap from the plain form to the widget without a layout
// shift and without losing what was typed, the Payment dialog of a member without a subscription, and a
// member's way to cancel.
import { test } from "node:test";
import assert from "node:assert/strict";
import { collectErrors, waitForHydration } from "../support/browser.mjs";
import { NO_JS, email, mobile, widgetReady } from "../support/checkout.mjs";
import { logIn, newContext, serverAndBrowser } from "../support/suite.mjs";

const suite = serverAndBrowser();

test("id, JavaScript off: errors come back in their slots with the values; the country shows its wallets", async () => {
  const context = await newContext(suite, NO_JS);
  const page = await context.newPage();
  await page.goto("/id/pay-method");
  await page.selectOption("#pay-country", "PH");
  await Promise.all([
    page.waitForURL(/payCountry=PH/),
    page.click(".pay-country-form button"),
  ]);
  const methods = await page.$$eval("#pay-form input[name=method]", (els) =>
    els.map((e) => e.value),
  );
  assert.deepEqual(methods.slice(-3), ["gcash", "grabpay", "paymaya"]);
  await page.check("#pay-form input[value=gcash]");
  assert.equal(await page.isVisible("#pay-zip"), false);
  assert.equal(await page.isVisible("#pay-phone"), true);
  await page.fill("#pay-email", "ana@mail.com");
  await page.fill("#pay-name", "Ana Cruz");
  await page.fill("#pay-phone", "12");
  await Promise.all([
    page.waitForLoadState("load"),
    page.click("#pay-form button[type=submit]"),
  ]);
  assert.equal(
    (await page.textContent("#pay-phoneErrorMsg")).trim(),
    "Nomor telepon tidak valid",
  );
  assert.equal(await page.inputValue("#pay-name"), "Ana Cruz");
  assert.equal(await page.isChecked("#pay-form input[value=gcash]"), true);
  await context.close();
});

test("en, JavaScript on: the widget lists the wallets of another country", async () => {
  const context = await newContext(suite);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto("/pay-method");
  await waitForHydration(page);
  await widgetReady(page);
  await page.selectOption("#pf-country", "PH");
  await page.waitForSelector(".payment-form-host input[value=gcash]");
  await page.check(".payment-form-host input[value=gcash]");
  assert.deepEqual(
    await page.$$eval(".payment-form-host [data-field]", (els) =>
      els.map((e) => e.dataset.field),
    ),
    ["email", "name", "phone"],
  );
  // Leaving a wrong field shows its message; fixing it clears it.
  await page.fill("#pf-phone", "12");
  await page.focus("#pf-name");
  await page.waitForSelector("#pf-phoneErrorMsg:text('Invalid phone number')");
  await page.fill("#pf-phone", "0917 123 4567");
  await page.focus("#pf-name");
  await page.waitForFunction(
    () => document.querySelector("#pf-phoneErrorMsg").textContent === "",
  );
  assert.deepEqual(errors, []);
  await context.close();
});

test("en, JavaScript on: a payer who starts before the widget loads keeps the method, the text and the place", async () => {
  const context = await newContext(suite);
  const page = await context.newPage();
  const errors = collectErrors(page);
  // The widget's bundle waits until the plain form has been used.
  let release;
  const used = new Promise((resolve) => (release = resolve));
  await page.route(/\/widgets\.js$/, async (route) => {
    await used;
    await route.continue();
  });
  await page.goto("/pay-method?payCountry=PH");
  await waitForHydration(page);
  await page.check("#pay-form input[value=gcash]");
  await page.fill("#pay-email", "early@mail.com");
  await page.fill("#pay-name", "Ana Cruz");
  release();
  await widgetReady(page);
  await page.waitForFunction(() => document.activeElement?.id === "pf-name");
  assert.equal(
    await page.isChecked(".payment-form-host input[value=gcash]"),
    true,
  );
  assert.equal(await page.inputValue("#pf-email"), "early@mail.com");
  assert.equal(await page.inputValue("#pf-name"), "Ana Cruz");
  assert.deepEqual(errors, []);
  await context.close();
});

test("phone screen, JavaScript on: the widget takes the plain form's place without moving the page", async () => {
  const context = await newContext(suite, {
    viewport: { width: 412, height: 823 },
  });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__shifts.push(entry.value);
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto("/pay-method");
  await widgetReady(page);
  // Two frames later every shift of the swap has been reported.
  await page.evaluate(
    () =>
      new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
  const shifts = await page.evaluate(() => window.__shifts);
  const total = shifts.reduce((sum, value) => sum + value, 0);
  assert.ok(total < 0.1, `layout shifts add up to ${total} (${shifts})`);
  await context.close();
});

test("en, JavaScript on: choosing a country that pays other prices shows them before anything is paid", async () => {
  const context = await newContext(suite);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto("/pay-method");
  await widgetReady(page);
  assert.match(await page.textContent(".checkout-plan-terms"), /\$/);
  await Promise.all([
    page.waitForURL(/\/pay-method\?payCountry=ID$/),
    page.selectOption("#pf-country", "ID"),
  ]);
  await widgetReady(page);
  assert.match(await page.textContent(".checkout-plan-terms"), /Rp\s300/);
  assert.equal(await page.inputValue("#pf-country"), "ID");
  assert.deepEqual(errors, []);
  await context.close();
});

test("en, JavaScript on: a +62 number moves the picker to Indonesia and checkout shows its price", async () => {
  const context = await newContext(suite);
  const page = await context.newPage();
  await page.goto("/");
  await waitForHydration(page);
  await page.selectOption("#country", "US");
  const national = mobile().slice(1);
  await page.fill("#phone", `+62${national}`);
  await page.waitForFunction(
    () => document.querySelector("#country").value === "ID",
  );
  await page.click("form.phone-search button[type=submit]");
  await page.waitForSelector(".locating-done:not([hidden])", {
    timeout: 15_000,
  });
  // The home page's own offer follows the number too, not the visitor's address.
  assert.match(await page.textContent(".trial-price .price"), /Rp\s?300/);
  assert.match(await page.textContent(".trial-terms"), /Rp\s?190,000/);
  assert.match(await page.getAttribute("#trial-cta", "href"), /country=ID/);
  await Promise.all([
    page.waitForURL(/\/pay-method\?/),
    page.click(".locating-done a.btn-primary"),
  ]);
  assert.equal(new URL(page.url()).searchParams.get("country"), "ID");
  assert.match(await page.textContent(".checkout-plan-terms"), /Rp\s300/);
  await context.close();
});

test("en, JavaScript off: the home offer of a +62 number searched with another country picked is Indonesia's", async () => {
  const context = await newContext(suite, NO_JS);
  const page = await context.newPage();
  const phone = `+62${mobile().slice(1)}`;
  await page.goto(`/?country=US&phone=${encodeURIComponent(phone)}`);
  assert.match(
    await page.textContent(".locating-row[data-field=country] dd"),
    /Indonesia/,
  );
  assert.match(await page.textContent(".trial-price .price"), /Rp\s?300/);
  await context.close();
});

test("en, JavaScript on: a member without a subscription who asks to locate gets the Payment dialog", async () => {
  const address = email("eko");
  await suite.server.createUser(address, "secret-123");
  const context = await newContext(suite);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await logIn(page, "", address, "secret-123");
  await waitForHydration(page);
  await page.selectOption("#locate-create-form select#country", "ID");
  await page.fill("#locate-phone", mobile());
  await page.click("#locate-submit");
  await page.waitForSelector(".dialog .payment-form-host form.pay-form", {
    timeout: 15_000,
  });
  assert.equal(
    (await page.textContent("#dialog-title")).trim(),
    "Start your trial",
  );
  assert.equal(await page.inputValue("#dpf-email"), address);
  assert.match(page.url(), /\/dashboard\/locations$/, "nothing was posted");
  await page.keyboard.press("Escape");
  assert.equal(await page.locator(".dialog").count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("JavaScript on: a member's way to cancel leads to billing, never to a login dialog", async () => {
  const address = email("fajar");
  await suite.server.createUser(address, "secret-123", [
    "--payment-count",
    "1",
    "--vip-days",
    "30",
  ]);
  const context = await newContext(suite);
  const page = await context.newPage();
  await logIn(page, "/id", address, "secret-123");
  await page.goto("/id/cancel-subscription");
  await Promise.all([
    page.waitForURL("**/id/billing"),
    page.click("#cancel-login"),
  ]);
  assert.equal(await page.locator(".dialog").count(), 0);
  await context.close();
});
