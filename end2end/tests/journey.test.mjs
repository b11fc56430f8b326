// The journey's last steps at 390×844, en and id: a member who paid (with
// an address like jean-luc@shop.online, valid by the HTML rule) reads
// /billing (the plan named once) and opens each payment's receipt (who was
// paid, the statement's name, amount, tax, total, dates), JavaScript on and
// off; a visitor on a touch phone is promised a reply time, can leave an
// e-mail with the first message and gets no "Enter sends" advice; support
// sees that address, finds a member by the national format of a number
// they asked to locate, reads the order's status in words, and the abuse
// queue shows the words of a voice message its recipient reported.
import { test } from "node:test";
import assert from "node:assert/strict";
import { collectErrors, waitForHydration } from "../support/browser.mjs";
import {
  CARD_OK,
  askToLocate,
  NO_JS,
  PHONE,
  email,
  enterDashboard,
  mobile,
  outcome,
  payByCard,
  sandboxPay,
} from "../support/checkout.mjs";
import { createStaff, signIn } from "../support/console.mjs";
import {
  newContext,
  serverAndBrowser,
  signedInMember,
} from "../support/suite.mjs";

const suite = serverAndBrowser({
  CHAT_CONVERSATIONS_PER_IP_HOUR: "50",
  VOICE_QUIET_HOURS: "0-0",
});
const TOUCH_PHONE = { ...PHONE, hasTouch: true, isMobile: true };
const TEXT = {
  en: {
    plan: "Your plan",
    receipt: /^Receipt \S+-\d+$/,
    promise: /We reply within 24 hours/,
    received: /Thank you, your message has arrived\. We reply within 24 hours/,
  },
  id: {
    plan: "Paket Anda",
    receipt: /^Kuitansi \S+-\d+$/,
    promise: /Kami membalas dalam 24 jam/,
    received: /Terima kasih, pesan Anda sudah kami terima\./,
  },
};
const LANGS = [
  ["", "en"],
  ["/id", "id"],
];

// Pays the trial by card for an Indonesian number, with an address at a
// long top-level domain and a hyphen (valid by the HTML rule), and enters
// the dashboard.
async function payAndEnter(page, prefix, js, number) {
  const phone = encodeURIComponent(number);
  const address = email("jean-luc").replace("@mail.com", "@shop.online");
  await page.goto(`${prefix}/pay-method?country=ID&phone=${phone}`);
  await payByCard(page, js, address);
  await sandboxPay(page, CARD_OK);
  if (js) await waitForHydration(page);
  await outcome(page, js, "success");
  assert.ok((await page.textContent("main")).includes(address));
  await enterDashboard(page, prefix);
}

// The receipt of the newest payment, reached from /billing.
async function openReceipt(page, prefix, lang) {
  await page.goto(`${prefix}/billing`);
  const main = await page.textContent("main");
  assert.equal(
    main.split(TEXT[lang].plan).length - 1,
    1,
    `"${TEXT[lang].plan}" once on /billing`,
  );
  const amount = (
    await page.textContent("#billing-charges tbody tr td:nth-child(2)")
  ).trim();
  const link = page.locator("#billing-charges a.billing-receipt").first();
  const number = (await link.textContent()).trim();
  await Promise.all([page.waitForURL(/\/billing\/receipt\?no=/), link.click()]);
  return { amount, number };
}

for (const js of [true, false]) {
  for (const [prefix, lang] of LANGS) {
    test(`${lang}, JavaScript ${js ? "on" : "off"}, 390×844: /billing names the plan once and each payment opens its receipt`, async () => {
      const context = await newContext(
        suite,
        js ? PHONE : { ...NO_JS, ...PHONE },
      );
      const page = await context.newPage();
      const errors = collectErrors(page);
      await payAndEnter(page, prefix, js, `+62${mobile().slice(1)}`);
      const { amount, number } = await openReceipt(page, prefix, lang);
      assert.equal(new URL(page.url()).pathname, `${prefix}/billing/receipt`);
      assert.match(
        (await page.textContent("#receipt-no")).trim(),
        TEXT[lang].receipt,
      );
      assert.ok((await page.textContent("#receipt-no")).includes(number));
      assert.equal(
        (await page.textContent("#receipt-descriptor")).trim(),
        "Cool Tracker",
      );
      assert.equal((await page.textContent("#receipt-amount")).trim(), amount);
      assert.match(await page.textContent("#receipt-tax"), /0/);
      assert.equal((await page.textContent("#receipt-total")).trim(), amount);
      for (const field of [
        "seller",
        "date",
        "period",
        "plan",
        "method",
        "status",
      ])
        assert.notEqual(
          (await page.textContent(`#receipt-${field}`)).trim(),
          "",
          field,
        );
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      assert.ok(overflow <= 0, `no sideways scroll (${overflow})`);
      await Promise.all([
        page.waitForURL(`**${prefix}/billing`),
        page.click(".receipt .billing-actions a"),
      ]);
      // Another number is nobody's receipt: the server's words, no facts.
      await page.goto(
        `${prefix}/billing/receipt?no=${encodeURIComponent(`${number}9`)}`,
      );
      assert.ok(await page.isVisible(".receipt .form-alert[role=alert]"));
      assert.equal(await page.$("#receipt"), null);
      assert.deepEqual(
        errors.filter((e) => !e.includes("/favicon.ico")),
        [],
      );
      await context.close();
    });
  }
}

test("a visitor's receipt link leads to the login page", async () => {
  const context = await newContext(suite, NO_JS);
  const page = await context.newPage();
  await page.goto("/id/billing/receipt?no=ORD-1-0");
  assert.equal(new URL(page.url()).pathname, "/id/login");
  await context.close();
});

// Opens the chat on a touch phone and writes a first message with an address.
async function chatFromTouchPhone(page, prefix, lang, address) {
  await page.goto(`${prefix}/faq`);
  await page.click("#chat-launcher");
  await page.waitForSelector('[role="dialog"] textarea#hc-message', {
    timeout: 15_000,
  });
  assert.match(await page.textContent(".hc-promise"), TEXT[lang].promise);
  assert.equal(await page.$("#hc-hint"), null, "no Enter advice on touch");
  assert.equal(
    await page.getAttribute("#hc-message", "aria-describedby"),
    "hc-error",
  );
  await page.fill("#hc-email", address);
  await page.fill("#hc-message", `Where is my answer? (${lang})`);
  await page.click(".hc-send");
  await page.waitForSelector('.hc-message[data-author="person"]');
  await page.waitForFunction(
    () => document.querySelector(".hc-received")?.textContent.trim() !== "",
  );
  assert.match(await page.textContent(".hc-received"), TEXT[lang].received);
  assert.equal(
    await page.$("#hc-email"),
    null,
    "asked with the first message only",
  );
}

for (const [prefix, lang] of LANGS) {
  test(`${lang}, 390×844 touch: the chat promises a reply time, takes an optional e-mail, and support sees it`, async () => {
    const context = await newContext(suite, TOUCH_PHONE);
    const page = await context.newPage();
    const errors = collectErrors(page);
    const address = email(`chat-${lang}`);
    await chatFromTouchPhone(page, prefix, lang, address);
    assert.deepEqual(errors, []);
    await context.close();

    const agent = await createStaff(suite, "support");
    const staff = await newContext(suite);
    const inbox = await staff.newPage();
    await signIn(inbox, prefix, agent);
    await inbox.goto(`${prefix}/admin/chats`);
    assert.ok(
      (await inbox.textContent("main")).includes(address),
      "the inbox names the visitor's address",
    );
    await staff.close();
  });
}

test("id, JavaScript off: support finds a payer by the national number and reads the order's status in words", async () => {
  const local = mobile();
  const payer = await newContext(suite, { ...NO_JS, ...PHONE });
  const member = await payer.newPage();
  await payAndEnter(member, "/id", false, `+62${local.slice(1)}`);
  await askToLocate(member, local);
  await payer.close();
  const agent = await createStaff(suite, "support");
  const staff = await newContext(suite, NO_JS);
  const page = await staff.newPage();
  await signIn(page, "/id", agent);
  const national = `${local.slice(0, 4)}-${local.slice(4, 8)}-${local.slice(8)}`;
  await page.goto(`/id/admin?q=${encodeURIComponent(national)}`);
  await Promise.all([
    page.waitForURL(/\/id\/admin\/customers\/\d+$/),
    page.locator('a[href^="/id/admin/customers/"]').first().click(),
  ]);
  const status = page.locator("td[data-status=paid]");
  assert.equal((await status.textContent()).trim(), "Lunas");
  await staff.close();
});

// A subscriber's voice message, reported by its recipient with key 8.
async function reportedVoiceMessage(text) {
  const { context, page } = await signedInMember(
    suite,
    "",
    email("voice-report"),
    "secret-123",
    NO_JS,
  );
  const local = mobile();
  await page.goto("/voice-sms");
  await page.selectOption("#country", "ID");
  await page.fill("#phone", local);
  await page.fill("#voice-message", text);
  await Promise.all([page.waitForURL(/sent=/), page.click("#voice-send")]);
  await context.close();
  const recipient = `+62${local.slice(1)}`;
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${suite.server.baseURL}/dev/calls.json`);
    const call = (await res.json()).find((c) => c.recipient === recipient);
    if (call) {
      const url = `${suite.server.baseURL}/dev/calls/${call.callRef}/press8`;
      const pressed = await fetch(url, { method: "POST", redirect: "manual" });
      assert.equal(pressed.status, 303);
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no call to ${recipient}`);
}

test("en, JavaScript off: the abuse queue shows the words of the reported voice message", async () => {
  const text = `Happy birthday from your neighbour ${Date.now() % 1e5}.`;
  await reportedVoiceMessage(text);
  const agent = await createStaff(suite, "support");
  const staff = await newContext(suite, NO_JS);
  const page = await staff.newPage();
  await signIn(page, "", agent);
  await page.goto("/admin/abuse");
  const words = await page.locator("q.console-words").allTextContents();
  assert.ok(words.includes(text), `the message in the queue: ${words}`);
  await staff.close();
});
