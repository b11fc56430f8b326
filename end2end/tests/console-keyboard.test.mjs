// The support console by keyboard alone, in Indonesian: sign-in, search and
// a customer's page reached with Tab and Enter, a focus ring at every stop;
// the Indonesian console speaks Indonesian.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PASSWORD, createStaff } from "../support/console.mjs";
import { totp } from "../support/totp.mjs";
import { newContext, serverAndBrowser } from "../support/suite.mjs";

const suite = serverAndBrowser();
let serial = 0;
const unique = () => `${Date.now() % 1e7}${serial++}`;

// Presses Tab until `selector` has focus; every stop must show a focus ring.
async function tabTo(page, selector, most = 20) {
  for (let i = 0; i < most; i++) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate((sel) => {
      const el = document.activeElement;
      return {
        hit: el.matches(sel),
        outline: getComputedStyle(el).outlineStyle,
      };
    }, selector);
    assert.notEqual(stop.outline, "none", "a visible focus ring at every stop");
    if (stop.hit) return;
  }
  assert.fail(`Tab never reached ${selector}`);
}

test("keyboard only, in Indonesian: sign in, search and open a customer by Tab and Enter", async () => {
  const agent = await createStaff(suite, "support");
  const customer = `keys.${unique()}@mail.com`;
  await suite.server.createUser(customer, PASSWORD, [
    "--payment-count",
    "1",
    "--vip-days",
    "30",
  ]);
  const context = await newContext(suite);
  const page = await context.newPage();
  await page.goto("/id/admin/sign-in");
  assert.equal(await page.getAttribute("html", "lang"), "id");
  assert.equal((await page.textContent("h1")).trim(), "Masuk staf");
  await page.keyboard.press("Tab");
  assert.equal(
    await page.evaluate(() => document.activeElement.className),
    "skip-link",
  );
  await tabTo(page, "#staff-email");
  await page.keyboard.type(agent.email);
  await tabTo(page, "#staff-password", 1);
  await page.keyboard.type(PASSWORD);
  await tabTo(page, "#staff-totp", 1);
  await page.keyboard.type(totp(agent.secret));
  await Promise.all([
    page.waitForURL("**/id/admin"),
    page.keyboard.press("Enter"),
  ]);
  assert.match(await page.textContent(".console-who"), /dukungan/);
  assert.match(await page.textContent(".console-nav"), /Kotak masuk obrolan/);

  await page.keyboard.press("Tab");
  assert.equal(
    await page.evaluate(() => document.activeElement.className),
    "skip-link",
  );
  await page.keyboard.press("Enter");
  await tabTo(page, "#customer-q", 2);
  await page.keyboard.type(customer);
  await Promise.all([
    page.waitForURL(/\/id\/admin\?q=/),
    page.keyboard.press("Enter"),
  ]);
  await tabTo(page, `a[href^="/id/admin/customers/"]`);
  await Promise.all([
    page.waitForURL(/\/id\/admin\/customers\/\d+$/),
    page.keyboard.press("Enter"),
  ]);
  assert.match(
    await page.textContent("h1"),
    new RegExp(`Pelanggan ${customer.replace(/\./g, "\\.")}`),
  );
  assert.match(await page.textContent("main"), /Tagihan/);
  await context.close();
});
