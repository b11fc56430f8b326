// Checkout and billing in the browser, against the sandbox provider, with
// JavaScript on and off, in English and Indonesian, on a desktop window and
// at 390×844: home → locate → Number Located! → /pay-method → the sandbox's
// test cards (paid, declined, pending then paid, no funds) → the result
// page → the dashboard → a locate request → /billing → Cancel in one click
// → the refund offer (or why there is none).
import { test } from "node:test";
import assert from "node:assert/strict";
import { collectErrors, waitForHydration } from "../support/browser.mjs";
import { logIn, newContext, serverAndBrowser } from "../support/suite.mjs";

const suite = serverAndBrowser();
const PHONE = { viewport: { width: 390, height: 844 } };
const NO_JS = { javaScriptEnabled: false };
const CARD_OK = "4242 4242 4242 4242";
const CARD_DECLINED = "4000 0000 0000 0002";
const CARD_PENDING = "4000 0000 0000 0077";
const CARD_NO_FUNDS = "4000 0000 0000 9995";

let serial = 0;
const unique = () => `${Date.now() % 1e7}${serial++}`;
const email = (who) => `${who}.${unique()}@mail.com`;
// A fresh Indonesian mobile per use: the per-number daily caps stay clear.
const mobile = () =>
  `0812${String(Date.now() % 1e7).padStart(7, "0")}${serial++ % 10}`;

// Locates `number` on the home page (JavaScript on) and follows Number Located!.
async function locateAndFollowOffer(page, prefix, number) {
  await page.goto(prefix || "/");
  await waitForHydration(page);
  await page.selectOption("#country", "ID");
  await page.fill("#phone", number);
  await page.click("form.phone-search button[type=submit]");
  await page.waitForSelector(".locating-done:not([hidden])", {
    timeout: 15_000,
  });
  await Promise.all([
    page.waitForURL(/\/pay-method\?/),
    page.click(".locating-done a.btn-primary"),
  ]);
}

// The payment form: the widget with JavaScript, the plain form without.
function form(js) {
  return js
    ? {
        root: ".payment-form-host form.pay-form",
        email: "#pf-email",
        zip: "#pf-zip",
        pay: ".payment-form-host button[type=submit]",
      }
    : {
        root: "#pay-form",
        email: "#pay-email",
        zip: "#pay-zip",
        pay: "#pay-form button[type=submit]",
      };
}

async function widgetReady(page) {
  await page.waitForSelector(".payment-form-host form.pay-form", {
    timeout: 15_000,
  });
  await page.waitForSelector("#pay-static", { state: "hidden" });
}

// Fills the card form and pays; returns on the sandbox's checkout page.
async function payByCard(page, js, address) {
  const f = form(js);
  if (js) await widgetReady(page);
  await page.fill(f.email, address);
  await page.fill(f.zip, "10110");
  await Promise.all([
    page.waitForURL(/\/sandbox\/checkout\//, { timeout: 15_000 }),
    page.click(f.pay),
  ]);
}

// Pays on the sandbox checkout with a typed test card; lands on /pay-result.
async function sandboxPay(page, card) {
  await page.fill("input[name=card]", card);
  await Promise.all([
    page.waitForURL(/\/pay-result\?orderNo=/),
    page.click("form:has(input[name=card]) button[type=submit]"),
  ]);
}

// Waits for a final outcome: by polling with JavaScript, by Refresh without.
async function outcome(page, js, wanted) {
  const selector = `[data-outcome="${wanted}"]`;
  if (js) {
    await page.waitForSelector(selector, { timeout: 20_000 });
    return;
  }
  for (let i = 0; i < 60 && !(await page.locator(selector).count()); i++) {
    await page.waitForTimeout(300);
    const refresh = page.locator("#pay-result-refresh");
    if (await refresh.count())
      await Promise.all([page.waitForLoadState("load"), refresh.click()]);
    else await page.reload();
  }
  assert.equal(
    await page.locator(selector).count(),
    1,
    `outcome ${wanted}: ${await page.textContent("main")}`,
  );
}

async function enterDashboard(page, prefix) {
  await Promise.all([
    page.waitForURL(`**${prefix}/dashboard/locations`),
    page.click("#pay-result-enter"),
  ]);
}

async function askToLocate(page, number) {
  await page.selectOption("#locate-create-form select#country", "ID");
  await page.fill("#locate-phone", number);
  await page.selectOption("#locate-note", { index: 1 });
  await Promise.all([
    page.waitForURL(/created=\d+/),
    page.click("#locate-submit"),
  ]);
}

test("en, JavaScript on: locate, pay by card, enter, locate, cancel in one click; no refund after use", async () => {
  const context = await newContext(suite);
  const page = await context.newPage();
  const errors = collectErrors(page);
  const number = mobile();
  await locateAndFollowOffer(page, "", number);
  assert.match(page.url(), /\/pay-method\?country=ID&phone=%2B62/);
  assert.match(await page.textContent(".checkout-searched"), /\+62812/);
  await widgetReady(page);
  // The renewal terms are as large as the price on the pay button.
  const size = (sel) =>
    page.$eval(sel, (el) => parseFloat(getComputedStyle(el).fontSize));
  assert.equal(
    await size(".payment-form-host .pay-renewal"),
    await size(".payment-form-host .pay-button"),
  );
  assert.match(
    await page.textContent(".payment-form-host .pay-terms"),
    /Then \$ 29\.99 per month.*First full charge on \w+ \d+, \d{4}.*Cancel anytime in Billing/s,
  );
  // A bad address is caught by the shared validator, before any order.
  const orders = [];
  page.on(
    "request",
    (r) =>
      r.url().includes("/api_f/v1/portal/order") && orders.push(r.method()),
  );
  await page.fill("#pf-email", "ana@mail");
  await page.click(form(true).pay);
  await page.waitForSelector(
    "#pf-emailErrorMsg:text('Please enter a correct mailbox')",
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
  await sandboxPay(page, CARD_OK);
  await waitForHydration(page);
  await outcome(page, true, "success");
  assert.equal(
    (await page.textContent("[data-outcome] h1")).trim(),
    "User created successfully",
  );
  await enterDashboard(page, "");
  await askToLocate(page, mobile());
  await page.goto("/billing");
  await waitForHydration(page);
  assert.equal((await page.textContent("#billing-state")).trim(), "Trial");
  assert.match(await page.textContent("#billing-charges"), /\$ 0\.99/);
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
  // The sandbox's checkout page stands for the provider's and links no icon.
  assert.deepEqual(
    errors.filter((e) => !e.includes("/favicon.ico")),
    [],
  );
  await context.close();
});

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
    true,
    "card, the first method, shows its zip field",
  );
  assert.equal(
    await page.isVisible("#pay-name"),
    false,
    "DANA's fields stay hidden",
  );
  const address = email("budi");
  await payByCard(page, false, address);
  await sandboxPay(page, CARD_DECLINED);
  await outcome(page, false, "fail");
  assert.match(
    await page.textContent("[data-outcome] p"),
    /belum menerima pembayaran Anda/,
  );
  await Promise.all([
    page.waitForURL("**/id/pay-method"),
    page.click("#pay-result-again"),
  ]);
  await payByCard(page, false, address);
  await sandboxPay(page, CARD_OK);
  await outcome(page, false, "success");
  assert.equal(
    (await page.textContent("[data-outcome] h1")).trim(),
    "Pengguna berhasil dibuat",
  );
  await enterDashboard(page, "/id");
  await page.goto("/id/billing");
  await Promise.all([
    page.waitForURL("**/id/billing?cancelled=1"),
    page.click("#billing-cancel"),
  ]);
  assert.match(
    await page.textContent("#billing-refund"),
    /Rp 300.*7–10 hari kerja/s,
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
  await context.close();
});

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
    (await page.textContent("[data-outcome] p")).trim(),
    "Something went wrong and we haven't received your payment. Please try again.",
  );
  const mailto = await page.getAttribute(".pay-result-support a", "href");
  assert.match(
    mailto,
    /^mailto:[^?]+\?subject=No%20Payment%20Results%20Found&body=/,
  );
  assert.ok(decodeURIComponent(mailto).includes(address), mailto);
  assert.equal(
    await page.getAttribute("#pay-result-again", "href"),
    "/pay-method",
  );
  await context.close();
});

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
