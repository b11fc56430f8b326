// The support console in Chromium: an agent made with `server staff create`
// signs in with a TOTP code computed here (RFC 6238), finds a customer who
// paid through the sandbox, refunds the charge, answers a visitor's chat
// message, and the audit log shows both. By keyboard alone, in Indonesian:
// console-keyboard.test.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { PASSWORD, createStaff, signIn } from "../support/console.mjs";
import { newContext, serverAndBrowser } from "../support/suite.mjs";
import { totp } from "../support/totp.mjs";

const suite = serverAndBrowser({ CHAT_CONVERSATIONS_PER_IP_HOUR: "50" });
const NO_JS = { javaScriptEnabled: false };
const AXE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);
let serial = 0;
const unique = () => `${Date.now() % 1e7}${serial++}`;

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

// A customer who pays by card through the sandbox (plain forms).
async function payingCustomer() {
  const address = `payer.${unique()}@mail.com`;
  const context = await newContext(suite, NO_JS);
  const page = await context.newPage();
  await page.goto(
    `/pay-method?country=ID&phone=${encodeURIComponent("+6281234567890")}`,
  );
  await page.check("#pay-form input[name=method][value=card]");
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

test("support signs in, refunds a paying customer's charge, answers a chat, and the audit log shows both", async () => {
  const agent = await createStaff(suite, "support");
  const customer = await payingCustomer();
  const question = `Where is my refund? ${unique()}`;
  await visitorWrites(question);
  const context = await newContext(suite);
  const page = await context.newPage();
  const a11y = await assertSignInPagePrivate(page);
  await refuseWrongCode(page, agent);
  await signIn(page, "", agent);
  assert.match(
    await page.textContent(".console-who"),
    new RegExp(`${agent.email.replace(/\./g, "\\.")} \\(support\\)`),
  );
  a11y.push(...(await refundTheCharge(page, customer)));
  a11y.push(...(await answerTheChat(page, question)));
  await assertAuditLogShowsBoth(page, agent);
  a11y.push(...(await violations(page)));
  await page.goto("/admin/abuse");
  a11y.push(...(await violations(page)));
  assert.deepEqual(a11y, [], "no axe-core violation on the console's pages");
  await signOut(page);
  await context.close();
});

// The sign-in page is never cached or indexed and shows no customer chrome;
// returns its axe-core violations.
async function assertSignInPagePrivate(page) {
  const response = await page.goto("/admin/sign-in");
  assert.equal(response.headers()["cache-control"], "no-store");
  assert.equal(
    await page.getAttribute('meta[name="robots"]', "content"),
    "noindex, nofollow",
  );
  assert.equal(
    await page.locator("#chat-launcher, .consent-banner, footer").count(),
    0,
    "no customer chrome",
  );
  return violations(page);
}

// A wrong code is refused, and the password is never sent back.
async function refuseWrongCode(page, agent) {
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
}

// Finds `customer` and refunds their charge, once, with a reason; returns the
// customer page's axe-core violations.
async function refundTheCharge(page, customer) {
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
  const a11y = await violations(page);
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
  return a11y;
}

// Answers the visitor's `question` from the chat inbox; returns the thread's
// axe-core violations.
async function answerTheChat(page, question) {
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
  return violations(page);
}

// The audit log names the refund with its reason, the chat reply and who.
async function assertAuditLogShowsBoth(page, agent) {
  await Promise.all([
    page.waitForURL("**/admin/audit"),
    page.click('nav a:text("Audit log")'),
  ]);
  const log = await page.textContent("table");
  assert.match(log, /Refund/);
  assert.match(log, /Customer asked on the phone/);
  assert.match(log, /Chat reply/);
  assert.ok(log.includes(agent.email));
}

// Signing out ends the session: the console asks who you are again.
async function signOut(page) {
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
}
