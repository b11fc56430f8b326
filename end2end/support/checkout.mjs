// The checkout journey's steps in the browser, shared by the checkout tests:
// finding a number, the payment form (the widget with JavaScript, the plain
// form without), the sandbox provider's test cards and the result page.
import assert from "node:assert/strict";
import { waitForHydration } from "./browser.mjs";

export const PHONE = { viewport: { width: 390, height: 844 } };
export const NO_JS = { javaScriptEnabled: false };
export const CARD_OK = "4242 4242 4242 4242";
export const CARD_DECLINED = "4000 0000 0000 0002";
export const CARD_PENDING = "4000 0000 0000 0077";
export const CARD_NO_FUNDS = "4000 0000 0000 9995";
export const CARD_EXPIRED = "4000 0000 0000 0069";
export const CARD_WRONG_CVC = "4000 0000 0000 0127";
export const CARD_3DS_FAILS = "4000 0084 0000 1629";
export const CARD_PROCESSOR_BUSY = "4000 0000 0000 0051";
export const PASSWORD = "Sandbox-pass1";

let serial = 0;
const unique = () => `${Date.now() % 1e7}${serial++}`;
export const email = (who) => `${who}.${unique()}@mail.com`;
// A fresh Indonesian mobile per use: the per-number daily caps stay clear.
export const mobile = () =>
  `0812${String(Date.now() % 1e7).padStart(7, "0")}${serial++ % 10}`;

// Locates `number` on the home page (JavaScript on) and follows the offer under "Valid number".
export async function locateAndFollowOffer(page, prefix, number) {
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
export function form(js) {
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

// The payment widget, which loads on the page's first use (a key, a
// pointer, a focus): a key no field takes stands for that use.
export async function widgetReady(page) {
  await page.keyboard.press("Shift");
  await page.waitForSelector(".payment-form-host form.pay-form", {
    timeout: 15_000,
  });
  await page.waitForSelector("#pay-static", { state: "hidden" });
}

// Chooses the card (an Indonesian payer sees QRIS first), fills the form
// and pays; returns on the sandbox's checkout page.
export async function payByCard(page, js, address) {
  const f = form(js);
  if (js) await widgetReady(page);
  await page.check(`${f.root} input[name=method][value=card]`);
  await page.fill(f.email, address);
  await page.fill(f.zip, "10110");
  await Promise.all([
    page.waitForURL(/\/sandbox\/checkout\//, { timeout: 15_000 }),
    page.click(f.pay),
  ]);
}

// Pays on the sandbox checkout with a typed test card; lands on /pay-result.
export async function sandboxPay(page, card) {
  await page.fill("input[name=card]", card);
  await Promise.all([
    page.waitForURL(/\/pay-result\?orderNo=/),
    page.click("form:has(input[name=card]) button[type=submit]"),
  ]);
}

// Waits for a final outcome: by polling with JavaScript, by Refresh without.
export async function outcome(page, js, wanted) {
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

// Enters the dashboard; a new member sets a password on the way.
export async function enterDashboard(page, prefix) {
  if (await page.locator("#pay-result-password").count())
    await page.fill("#pay-result-password", PASSWORD);
  await Promise.all([
    page.waitForURL(`**${prefix}/dashboard/locations`),
    page.click("#pay-result-enter"),
  ]);
}

export async function askToLocate(page, number) {
  await page.selectOption("#locate-create-form select#country", "ID");
  await page.fill("#locate-phone", number);
  await page.selectOption("#locate-note", { index: 1 });
  await Promise.all([
    page.waitForURL(/created=\d+/),
    page.click("#locate-submit"),
  ]);
}
