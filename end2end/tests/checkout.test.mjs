// Checkout and billing in the browser, against the sandbox provider, with
// JavaScript on and off, in English and Indonesian, on a desktop window and
// at 390×844: home → locate → "Valid number" → /pay-method → the sandbox's
// test cards (paid, declined, pending then paid, no funds) → the result
// page → the dashboard → a locate request → /billing → Cancel in one click
// → the refund offer (or why there is none).
import { test } from "node:test";
import assert from "node:assert/strict";
import { collectErrors, waitForHydration } from "../support/browser.mjs";
import {
  CARD_DECLINED,
  CARD_NO_FUNDS,
  CARD_OK,
  CARD_PENDING,
  NO_JS,
  PHONE,
  askToLocate,
  email,
  enterDashboard,
  form,
  locateAndFollowOffer,
  mobile,
  outcome,
  payByCard,
  sandboxPay,
  widgetReady,
} from "../support/checkout.mjs";
import { newContext, serverAndBrowser } from "../support/suite.mjs";

const suite = serverAndBrowser();

test("en, JavaScript on: locate, pay by card, enter with the number ready, locate, cancel in one click; no refund after use", async () => {
  const context = await newContext(suite);
  const page = await context.newPage();
  const errors = collectErrors(page);
  const number = mobile();
  await locateAndFollowOffer(page, "", number);
  assert.match(page.url(), /\/pay-method\?country=ID&phone=%2B62/);
  assert.match(await page.textContent(".checkout-searched"), /\+62812/);
  await widgetReady(page);
  // An Indonesian number is located: the English page shows the
  // Indonesian price, as the Indonesian page would.
  await assertRenewalTermsBesidePrice(page);
  await payWithOneOrder(page);
  await sandboxPay(page, CARD_OK);
  await waitForHydration(page);
  await outcome(page, true, "success");
  assert.equal(
    (await page.textContent("[data-outcome] h1")).trim(),
    "You're in",
  );
  await enterDashboard(page, "");
  await assertNumberReady(page, number);
  await askToLocate(page, mobile());
  await cancelInOneClickWithoutRefund(page);
  // The sandbox's checkout page stands for the provider's and links no icon.
  assert.deepEqual(
    errors.filter((e) => !e.includes("/favicon.ico")),
    [],
  );
  await context.close();
});

// The renewal terms are as large as the price on the pay button.
async function assertRenewalTermsBesidePrice(page) {
  const size = (sel) =>
    page.$eval(sel, (el) => parseFloat(getComputedStyle(el).fontSize));
  assert.equal(
    await size(".payment-form-host .pay-renewal"),
    await size(".payment-form-host .pay-button"),
  );
  assert.match(
    await page.textContent(".payment-form-host .pay-terms"),
    /Then Rp\s190,000 per month.*First full charge on \w+ \d+, \d{4}.*Cancel anytime in Billing/s,
  );
}

// After paying, the dashboard's request form holds the number searched
// before paying (as the locating card wrote it, +62…), and says so; the
// number is in no address after /pay-method.
async function assertNumberReady(page, number) {
  const national = number.slice(1);
  assert.equal(await page.inputValue("#locate-phone"), `+62${national}`);
  assert.equal(
    await page.inputValue("#locate-create-form select#country"),
    "ID",
  );
  assert.match(await page.textContent("#locate-carried"), /is ready below/);
  assert.ok(!page.url().includes(national), page.url());
}

// A bad address is caught by the shared validator, before any order; then a
// double click on Pay places one order. Ends on the sandbox's checkout page.
async function payWithOneOrder(page) {
  const orders = [];
  page.on(
    "request",
    (r) =>
      r.url().includes("/api_f/v1/portal/order") && orders.push(r.method()),
  );
  await page.check(`${form(true).root} input[name=method][value=card]`);
  await page.fill("#pf-email", "ana@mail");
  await page.click(form(true).pay);
  await page.waitForSelector(
    "#pf-emailErrorMsg:text('Check the e-mail address: it needs a name, @ and a domain, like name@example.com')",
  );
  assert.equal(orders.length, 0);
  // A double click places one order.
  await page.fill("#pf-email", email("ana"));
  await page.fill("#pf-zip", "10110");
  await Promise.all([
    page.waitForURL(/\/sandbox\/checkout\//),
    page.dblclick(form(true).pay),
  ]);
  assert.deepEqual(orders, ["POST"]);
}

// On /billing, Cancel takes one click, no login dialog, and the refund is
// refused because the service was used after the payment.
async function cancelInOneClickWithoutRefund(page) {
  await page.goto("/billing");
  await waitForHydration(page);
  assert.equal((await page.textContent("#billing-state")).trim(), "Trial");
  assert.match(await page.textContent("#billing-charges"), /Rp\s300/);
  await page.click("#billing-cancel");
  await page.waitForSelector("#billing-access");
  assert.equal(
    await page.locator(".dialog").count(),
    0,
    "no login dialog for a signed-in member",
  );
  assert.match(
    await page.textContent("#billing-access"),
    /You keep access until/,
  );
  assert.equal(
    (await page.textContent("#billing-refund-refused")).trim(),
    "No refund: the service was used after this payment.",
  );
  assert.equal(await page.locator("#billing-cancel").count(), 0);
}

test("id, JavaScript on: the home trial offer takes along the number searched on the page", async () => {
  const context = await newContext(suite);
  const page = await context.newPage();
  const number = mobile();
  await page.goto("/id");
  await waitForHydration(page);
  await page.selectOption("#country", "ID");
  await page.fill("#phone", number);
  await page.click("form.phone-search button[type=submit]");
  await page.waitForSelector(".locating-done:not([hidden])", {
    timeout: 15_000,
  });
  await Promise.all([
    page.waitForURL(/\/id\/pay-method\?/),
    page.click("#trial-cta"),
  ]);
  const url = new URL(page.url());
  assert.ok(url.searchParams.get("planId"), page.url());
  assert.equal(url.searchParams.get("country"), "ID");
  assert.equal(url.searchParams.get("phone"), number);
  await context.close();
});
test("id, JavaScript off, 390×844: declined, Try Again, paid, enter, cancel and refund with plain forms", async () => {
  const context = await newContext(suite, { ...NO_JS, ...PHONE });
  const page = await context.newPage();
  await page.goto(
    `/id/pay-method?country=ID&phone=${encodeURIComponent("+6281234567890")}`,
  );
  assert.equal(
    await page.isVisible("#pay-zip"),
    false,
    "QRIS, Indonesia's first method, asks no postal code",
  );
  assert.equal(await page.isVisible("#pay-document"), true, "but the NIK");
  const address = email("budi");
  await payByCard(page, false, address);
  await sandboxPay(page, CARD_DECLINED);
  await outcome(page, false, "fail");
  assert.match(
    await page.textContent(".pay-result-decline"),
    /menolak pembayaran ini.*Anda tidak dikenai biaya/,
  );
  await Promise.all([
    page.waitForURL(/\/id\/pay-method\?planId=\d+&retry=/),
    page.click("#pay-result-again"),
  ]);
  await payByCard(page, false, address);
  await sandboxPay(page, CARD_OK);
  await outcome(page, false, "success");
  assert.equal(
    (await page.textContent("[data-outcome] h1")).trim(),
    "Anda sudah terdaftar",
  );
  await enterDashboard(page, "/id");
  // The number searched before the first, declined try is still carried.
  assert.equal(await page.inputValue("#locate-phone"), "+6281234567890");
  await cancelAndRefundWithPlainForms(page);
  await context.close();
});

// On /id/billing without JavaScript: Cancel, then the refund of the
// unused trial, once.
async function cancelAndRefundWithPlainForms(page) {
  await page.goto("/id/billing");
  await Promise.all([
    page.waitForURL("**/id/billing?cancelled=1"),
    page.click("#billing-cancel"),
  ]);
  assert.match(
    await page.textContent("#billing-refund"),
    /Rp\u00a0300.*7–10 hari kerja/s,
  );
  await Promise.all([
    page.waitForURL("**/id/billing?refunded=1"),
    page.click("#billing-refund-submit"),
  ]);
  assert.match(
    await page.textContent(".form-notice"),
    /Pengembalian dana Anda sedang diproses/,
  );
  assert.equal(
    await page.locator("#billing-refund-submit").count(),
    0,
    "refunded once",
  );
}

test("id, JavaScript on, 390×844: a pending payment turns into success on the open page", async () => {
  const context = await newContext(suite, PHONE);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await locateAndFollowOffer(page, "/id", mobile());
  await payByCard(page, true, email("citra"));
  await sandboxPay(page, CARD_PENDING);
  await waitForHydration(page);
  await outcome(page, true, "pending");
  assert.equal(
    (await page.textContent("[data-outcome] h1")).trim(),
    "Memeriksa hasil pembayaran",
  );
  const start = Date.now();
  await outcome(page, true, "success");
  console.log(
    `pending → success on the open page after ${Date.now() - start} ms`,
  );
  await enterDashboard(page, "/id");
  assert.deepEqual(
    errors.filter((e) => !e.includes("/favicon.ico")),
    [],
  );
  await context.close();
});
test("en, JavaScript off: no funds is a failure with Try Again and a prefilled support mail", async () => {
  const context = await newContext(suite, NO_JS);
  const page = await context.newPage();
  await page.goto("/pay-method");
  const address = email("dewi");
  await payByCard(page, false, address);
  await sandboxPay(page, CARD_NO_FUNDS);
  await outcome(page, false, "fail");
  assert.equal(
    (await page.textContent(".pay-result-decline")).trim(),
    "Your bank or wallet says there isn't enough money for this payment. Top it up, or use another card or payment method. You have not been charged.",
  );
  const mailto = await page.getAttribute(".pay-result-support a", "href");
  assert.match(
    mailto,
    /^mailto:[^?]+\?subject=No%20Payment%20Results%20Found&body=/,
  );
  assert.ok(decodeURIComponent(mailto).includes(address), mailto);
  assert.match(
    await page.getAttribute("#pay-result-again", "href"),
    /^\/pay-method\?planId=\d+&retry=CT[0-9A-F]+$/,
  );
  await context.close();
});
