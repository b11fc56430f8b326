// The help chat in Chromium, en and id: a visitor opens it from the
// launcher, writes, and support's reply (the `server chat reply` command,
// another process) arrives live in the open window; a member's chat shows
// their e-mail; without JavaScript the launcher leads to the contact form,
// whose message lands in the same inbox.
import { test } from "node:test";
import assert from "node:assert/strict";
import { collectErrors, waitForHydration } from "../support/browser.mjs";
import {
  newContext,
  serverAndBrowser,
  signedInMember,
} from "../support/suite.mjs";

// Every test here writes from the same loopback address.
const suite = serverAndBrowser({ CHAT_CONVERSATIONS_PER_IP_HOUR: "50" });
const PASSWORD = "secret-123";
const TEXT = {
  en: {
    visitor: "You are chatting as a visitor.",
    member: "You are chatting as {email}.",
    sent: "Thank you: your message has arrived.",
  },
  id: {
    visitor: "Anda mengobrol sebagai pengunjung.",
    member: "Anda mengobrol sebagai {email}.",
    sent: "Terima kasih: pesan Anda sudah kami terima.",
  },
};

// The inbox line of the conversation whose identity matches `who`.
async function inboxLine(who) {
  const out = await suite.server.cli(["chat", "list"]);
  const line = out.split("\n").find((l) => l.split("\t")[1] === who);
  assert.ok(line, `no conversation of ${who} in:\n${out}`);
  return { id: line.split("\t")[0], line };
}

async function openChat(page) {
  await page.click("#chat-launcher");
  await page.waitForSelector('[role="dialog"] textarea#hc-message', {
    timeout: 15_000,
  });
}

test("on a text page the launcher's first click loads the app, which opens the chat in place", async () => {
  const context = await newContext(suite);
  const page = await context.newPage();
  // The app's main module (lazy islands' chunks may follow it).
  const wasm = [];
  page.on(
    "request",
    (req) => req.url().endsWith("/app_bg.wasm") && wasm.push(req.url()),
  );
  await page.goto("/phone-locate");
  await page.waitForLoadState("load");
  assert.deepEqual(wasm, [], "a text page loads no WASM before it is needed");
  await openChat(page);
  assert.equal(wasm.length, 1, "the click loaded the app once");
  assert.equal(new URL(page.url()).pathname, "/phone-locate");
  // Once the app runs, a click replayed by script (as the boot loader does) is caught too.
  await page.keyboard.press("Escape");
  await page.waitForSelector('[role="dialog"] textarea#hc-message', {
    state: "detached",
  });
  await page.evaluate(() =>
    document.querySelector('[data-wake="chat"]').click(),
  );
  await page.waitForSelector('[role="dialog"] textarea#hc-message', {
    timeout: 15_000,
  });
  assert.equal(new URL(page.url()).pathname, "/phone-locate");
  await context.close();
});

// The visitor sends a question with markup in it: it shows as text, never run.
async function writeHostileQuestion(page, locale) {
  const question = `Where is my refund? (${locale}) <script>window.pwned=1</script>`;
  await page.fill("#hc-message", question);
  await page.press("#hc-message", "Enter");
  await page.waitForSelector('.hc-message[data-author="person"]');
  assert.equal(
    (
      await page.textContent('.hc-message[data-author="person"] .hc-body')
    ).trim(),
    question,
  );
  assert.equal(
    await page.evaluate(() => window.pwned),
    undefined,
    "shown as text, never run",
  );
}

// Support replies from the inbox (another process); the reply shows in the
// open window and is announced. Returns the conversation's id.
async function supportRepliesLive(page, locale) {
  const { id } = await inboxLine("visitor");
  const answer = `Support here (${locale}): it is on its way.`;
  await suite.server.cli(["chat", "reply", id, answer]);
  await page.waitForSelector('.hc-message[data-author="staff"]', {
    timeout: 10_000,
  });
  assert.equal(
    (
      await page.textContent('.hc-message[data-author="staff"] .hc-body')
    ).trim(),
    answer,
  );
  assert.match(
    await page.textContent('.hc-panel [aria-live="polite"]'),
    new RegExp(answer.replace(/[().]/g, "\\$&")),
  );
  return id;
}

// At 390 px the page keeps its width and the send button a touch size.
async function assertFitsPhone(page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  assert.ok(overflow <= 0, `no sideways scroll at 390 px (${overflow})`);
  const send = await page.locator(".hc-send").boundingBox();
  assert.ok(send.height >= 44, `send button ${send.height}px tall`);
}

// The reply was read in the open window: no badge after a reload; a reply
// that came while the window was closed shows one.
async function assertBadgeCountsUnreadReplies(page, id) {
  await page.reload();
  assert.equal(await page.$("#chat-unread"), null);
  await suite.server.cli(["chat", "reply", id, "One more thing"]);
  await page.reload();
  assert.equal((await page.textContent("#chat-unread")).trim(), "1");
}

for (const [prefix, locale] of [
  ["", "en"],
  ["/id", "id"],
]) {
  test(`${locale}: a visitor chats and support's reply arrives live`, async () => {
    const context = await newContext(suite, {
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${prefix}/faq`);
    // A text page: the launcher's click itself loads the app.
    await openChat(page);
    assert.equal(
      new URL(page.url()).pathname,
      `${prefix}/faq`,
      "the launcher opened the chat instead of navigating",
    );
    assert.equal(
      await page.evaluate(() => document.activeElement?.id),
      "hc-message",
    );
    assert.equal(
      (await page.textContent(".hc-identity")).trim(),
      TEXT[locale].visitor,
    );
    await writeHostileQuestion(page, locale);
    const id = await supportRepliesLive(page, locale);
    await assertFitsPhone(page);
    await page.keyboard.press("Escape");
    assert.equal(
      await page.evaluate(() => document.activeElement?.id),
      "chat-launcher",
    );
    await assertBadgeCountsUnreadReplies(page, id);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`${locale}: a member's chat shows their e-mail`, async () => {
    const email = `chat.${locale}@example.com`;
    const { context, page } = await signedInMember(
      suite,
      prefix,
      email,
      PASSWORD,
    );
    await waitForHydration(page);
    await openChat(page);
    assert.equal(
      (await page.textContent(".hc-identity")).trim(),
      TEXT[locale].member.replace("{email}", email),
    );
    await page.fill("#hc-message", "A question from a member");
    await page.click(".hc-send");
    await page.waitForSelector('.hc-message[data-author="person"]');
    const { id } = await inboxLine(`user (${email})`);
    await suite.server.cli(["chat", "reply", id, "Hello member"]);
    await page.waitForSelector('.hc-message[data-author="staff"]', {
      timeout: 10_000,
    });
    await context.close();
  });

  test(`${locale}: without JavaScript the launcher leads to the contact form, which lands in the inbox`, async () => {
    const context = await newContext(suite, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${prefix}/faq`);
    await Promise.all([
      page.waitForURL(/contact-us#contact-form/),
      page.click("#chat-launcher"),
    ]);
    const address = `nojs.${locale}@example.com`;
    await page.fill("#contact-email", address);
    await page.fill("#contact-message", "Written without JavaScript");
    await Promise.all([
      page.waitForURL(/sent=1/),
      page.click("#contact-form-submit"),
    ]);
    assert.match(
      await page.textContent("#contact-form .form-notice"),
      new RegExp(TEXT[locale].sent),
    );
    await inboxLine(`visitor (left ${address})`);
    // A refused form comes back with the text kept (the browser accepts
    // this address; the site's rule wants a domain on the internet).
    await page.fill("#contact-email", "ana@localhost");
    await page.fill("#contact-message", "Please keep this text");
    await page.click("#contact-form-submit");
    await page.waitForSelector('[data-slot="emailErrorMsg"]:not(:empty)');
    assert.equal(
      await page.inputValue("#contact-message"),
      "Please keep this text",
    );
    await context.close();
  });
}
