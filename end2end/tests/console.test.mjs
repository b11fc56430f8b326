// The support console in Chromium: an agent made with `server staff create`
// signs in with a TOTP code computed here (RFC 6238), finds a customer who
// paid through the sandbox, refunds the charge, answers a visitor's chat
// message, and the audit log shows both; sign-in and search by keyboard
// alone; the Indonesian console speaks Indonesian.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { newContext, serverAndBrowser } from "../support/suite.mjs";

const suite = serverAndBrowser({ CHAT_CONVERSATIONS_PER_IP_HOUR: "50" });
const PASSWORD = "console-pass-123";
const NO_JS = { javaScriptEnabled: false };
const AXE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);
let serial = 0;
const unique = () => `${Date.now() % 1e7}${serial++}`;

function base32(text) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const c of text.replace(/=+$/, "").toUpperCase())
    bits += alphabet.indexOf(c).toString(2).padStart(5, "0");
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8)
    bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

// RFC 6238: HMAC-SHA1 over the 30-second step, dynamic truncation, 6 digits.
function totp(secret, at = Date.now()) {
  const step = Buffer.alloc(8);
  step.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac("sha1", base32(secret)).update(step).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const code = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, "0");
}

test("the TOTP helper matches RFC 6238's SHA-1 vectors", () => {
  const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"; // "12345678901234567890"
  assert.equal(totp(secret, 59_000), "287082");
  assert.equal(totp(secret, 1_111_111_109_000), "081804");
  assert.equal(totp(secret, 2_000_000_000_000), "279037");
});

// axe-core's WCAG 2.1 A/AA violations on the page as it is now.
async function violations(page) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE);
  const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
  const found = await page.evaluate(async (values) => {
    const result = await window.axe.run(document, {
      runOnly: { type: "tag", values },
      resultTypes: ["violations"],
    });
    return result.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 4)
          .join(", ")}`,
    );
  }, tags);
  return found.map((v) => `${new URL(page.url()).pathname}: ${v}`);
}

// A staff member of `role`; returns their e-mail and TOTP secret.
async function createStaff(role) {
  const email = `${role}.${unique()}@cooltracker.com`;
  const out = await suite.server.cliWithInput(
    ["staff", "create", "--email", email, "--role", role, "--password-stdin"],
    `${PASSWORD}\n`,
  );
  const secret = out.match(/otpauth:\/\/totp\/\S*[?&]secret=([A-Z2-7]+)/);
  assert.ok(secret, `no otpauth URI in:\n${out}`);
  return { email, secret: secret[1] };
}

// A customer who pays by card through the sandbox (plain forms).
async function payingCustomer() {
  const address = `payer.${unique()}@mail.com`;
  const context = await newContext(suite, NO_JS);
  const page = await context.newPage();
  await page.goto(
    `/pay-method?country=ID&phone=${encodeURIComponent("+6281234567890")}`,
  );
  await page.fill("#pay-email", address);
  await page.fill("#pay-zip", "10110");
  await Promise.all([
    page.waitForURL(/\/sandbox\/checkout\//),
    page.click("#pay-form button[type=submit]"),
  ]);
  await page.fill("input[name=card]", "4242 4242 4242 4242");
  await Promise.all([
    page.waitForURL(/\/pay-result\?orderNo=/),
    page.click("form:has(input[name=card]) button[type=submit]"),
  ]);
  for (
    let i = 0;
    i < 60 && !(await page.locator('[data-outcome="success"]').count());
    i++
  ) {
    await page.waitForTimeout(300);
    await page.reload();
  }
  assert.equal(
    await page.locator('[data-outcome="success"]').count(),
    1,
    await page.textContent("main"),
  );
  await context.close();
  return address;
}

// A visitor writes through the contact form, which lands in the chat inbox.
async function visitorWrites(message) {
  const context = await newContext(suite, NO_JS);
  const page = await context.newPage();
  await page.goto("/contact-us");
  await page.fill("#contact-email", `visitor.${unique()}@mail.com`);
  await page.fill("#contact-message", message);
  await Promise.all([
    page.waitForURL(/sent=1/),
    page.click("#contact-form-submit"),
  ]);
  await context.close();
}

async function signIn(page, prefix, staff) {
  await page.goto(`${prefix}/admin`);
  assert.equal(
    new URL(page.url()).pathname,
    `${prefix}/admin/sign-in`,
    "the console asks who you are first",
  );
  await page.fill("#staff-email", staff.email);
  await page.fill("#staff-password", PASSWORD);
  await page.fill("#staff-totp", totp(staff.secret));
  await Promise.all([
    page.waitForURL(`**${prefix}/admin`),
    page.click("form:has(#staff-totp) button[type=submit]"),
  ]);
}

test("support signs in, refunds a paying customer's charge, answers a chat, and the audit log shows both", async () => {
  const agent = await createStaff("support");
  const customer = await payingCustomer();
  const question = `Where is my refund? ${unique()}`;
  await visitorWrites(question);
  const context = await newContext(suite);
  const page = await context.newPage();
  const wrong = await page.goto("/admin/sign-in");
  assert.equal(wrong.headers()["cache-control"], "no-store");
  assert.equal(
    await page.getAttribute('meta[name="robots"]', "content"),
    "noindex, nofollow",
  );
  assert.equal(
    await page.locator("#chat-launcher, .consent-banner, footer").count(),
    0,
    "no customer chrome",
  );
  const a11y = await violations(page);
  await page.fill("#staff-email", agent.email);
  await page.fill("#staff-password", PASSWORD);
  await page.fill(
    "#staff-totp",
    "000000" === totp(agent.secret) ? "111111" : "000000",
  );
  await page.click("form:has(#staff-totp) button[type=submit]");
  await page.waitForSelector('[role="alert"]');
  assert.equal(
    await page.inputValue("#staff-password"),
    "",
    "the password is never sent back",
  );
  await signIn(page, "", agent);
  assert.match(
    await page.textContent(".console-who"),
    new RegExp(`${agent.email.replace(/\./g, "\\.")} \\(support\\)`),
  );

  await page.fill("#customer-q", customer);
  await Promise.all([
    page.waitForURL(/\/admin\?q=/),
    page.click("form.console-search button"),
  ]);
  await Promise.all([
    page.waitForURL(/\/admin\/customers\/\d+$/),
    page.click(`table a:text("${customer}")`),
  ]);
  assert.match(
    await page.textContent("h1"),
    new RegExp(customer.replace(/\./g, "\\.")),
  );
  a11y.push(...(await violations(page)));
  const refund = page
    .locator('form:has(input[name="form"][value="refund"])')
    .first();
  await refund
    .locator('input[name="reason"]')
    .fill("Customer asked on the phone");
  await Promise.all([
    page.waitForURL(/done=refund/),
    refund.locator("button").click(),
  ]);
  assert.match(
    await page.textContent('[role="status"]'),
    /The charge was refunded\./,
  );
  assert.equal(
    await page.locator('input[name="form"][value="refund"]').count(),
    0,
    "refunded once, nothing left to refund",
  );
  assert.match(await page.textContent("main"), /Refunded/);

  await Promise.all([
    page.waitForURL("**/admin/chats"),
    page.click('nav a:text("Chat inbox")'),
  ]);
  await Promise.all([
    page.waitForURL(/\/admin\/chats\/\d+$/),
    page.locator("table tbody tr").first().locator("a").click(),
  ]);
  assert.ok(
    (await page.textContent(".console-thread")).includes(question),
    "the visitor's message is in the thread",
  );
  await page.fill("#chat-reply", "It is on its way.");
  await Promise.all([
    page.waitForURL(/done=reply/),
    page.click("form:has(#chat-reply) button"),
  ]);
  assert.match(
    await page.textContent(".console-msg-staff"),
    /It is on its way\./,
  );
  a11y.push(...(await violations(page)));

  await Promise.all([
    page.waitForURL("**/admin/audit"),
    page.click('nav a:text("Audit log")'),
  ]);
  const log = await page.textContent("table");
  assert.match(log, /Refund/);
  assert.match(log, /Customer asked on the phone/);
  assert.match(log, /Chat reply/);
  assert.ok(log.includes(agent.email));
  a11y.push(...(await violations(page)));
  await page.goto("/admin/abuse");
  a11y.push(...(await violations(page)));
  assert.deepEqual(a11y, [], "no axe-core violation on the console's pages");

  await Promise.all([
    page.waitForURL(/\/admin\/sign-in\?done=signed_out/),
    page.click(".console-sign-out button"),
  ]);
  await page.goto("/admin/audit");
  assert.equal(
    new URL(page.url()).pathname,
    "/admin/sign-in",
    "signed out means signed out",
  );
  await context.close();
});

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
  const agent = await createStaff("support");
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
