// Anonymous voice messages in Chromium with the real espeak-ng and the
// sandbox call provider: a visitor previews (the audio element loads and
// plays), Send without a plan goes to /pay-method and the draft comes back;
// a subscriber sends in en, id and zh with JavaScript on and off, sees the
// call in /dev/calls, its status on /dashboard/voice, and pressing 9 on the
// call refuses the next message. Quiet hours are off (the test runs at any hour).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { collectErrors, waitForHydration } from "../support/browser.mjs";
import {
  newContext,
  serverAndBrowser,
  signedInMember,
} from "../support/suite.mjs";

const suite = serverAndBrowser({
  VOICE_QUIET_HOURS: "0-0",
  VOICE_CAP_NUMBER_DAY: "20",
  VOICE_CAP_SENDER_DAY: "20",
});
const NO_JS = { javaScriptEnabled: false };
const OPTED_OUT = Object.fromEntries(
  ["en", "id", "zh"].map((locale) => [
    locale,
    JSON.parse(
      readFileSync(
        new URL(`../../locales/${locale}/voice_errors.json`, import.meta.url),
      ),
    ).voice_error_opted_out,
  ]),
);
const PASSWORD = "secret-123";
const TEXT = {
  en: "Happy birthday! See you on Saturday at the park.",
  id: "Selamat ulang tahun! Semoga sehat selalu dan bahagia.",
  zh: "生日快乐！祝你身体健康，万事如意。",
};

async function fillDraft(page, phone, text) {
  await page.selectOption("#country", "ID");
  await page.fill("#phone", phone);
  await page.fill("#voice-message", text);
}

// The sandbox's call to `phone` (typed nationally, Indonesia), once the caller job placed it.
async function callTo(phone) {
  const recipient = `+62${phone.replace(/^0/, "").replace(/-/g, "")}`;
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${suite.server.baseURL}/dev/calls.json`);
    const call = (await res.json()).find((c) => c.recipient === recipient);
    if (call) return call;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no call to ${recipient}`);
}

test("a visitor previews in Indonesian: the audio loads and plays; the counter counts", async () => {
  const context = await newContext(suite);
  const page = await context.newPage();
  const errors = collectErrors(page);
  const composerChunks = [];
  page.on("request", (request) => {
    if (/split_voice_composer/.test(request.url()))
      composerChunks.push(request.url());
  });
  await page.goto("/id/voice-sms");
  await waitForHydration(page);
  // Nothing is kept in this browser, so the composer waits for a first use.
  assert.deepEqual(composerChunks, []);
  assert.equal(await page.inputValue("#voice-language"), "id");
  await page.fill("#voice-message", TEXT.id);
  // The composer wakes on the page's first use (the focus above), reads what
  // was typed meanwhile and counts it.
  const counted = new RegExp(`^${[...TEXT.id].length} / 500`);
  await page.waitForFunction(
    (pattern) =>
      new RegExp(pattern).test(
        document.querySelector("#voice-counter").textContent,
      ),
    counted.source,
  );
  assert.match(await page.textContent("#voice-counter"), counted);
  assert.equal(composerChunks.length, 1);
  await page.click("#voice-preview");
  await page.waitForSelector("#voice-audio");
  const media = await page.evaluate(async () => {
    const audio = document.querySelector("#voice-audio");
    audio.muted = true;
    if (audio.readyState < 2)
      await new Promise((r) =>
        audio.addEventListener("canplay", r, { once: true }),
      );
    await audio.play();
    return {
      readyState: audio.readyState,
      duration: audio.duration,
      playing: !audio.paused,
    };
  });
  assert.ok(
    media.readyState >= 2 && media.duration > 2 && media.playing,
    JSON.stringify(media),
  );
  assert.deepEqual(errors, []);
  await context.close();
});

test("a visitor's Send keeps the draft and leads to a plan; back on the page the draft is there", async () => {
  const context = await newContext(suite);
  const page = await context.newPage();
  await page.goto("/voice-sms");
  await waitForHydration(page);
  await fillDraft(page, "0812-3456-0001", TEXT.en);
  await Promise.all([
    page.waitForURL(/\/pay-method/),
    page.click("#voice-send"),
  ]);
  await page.goto("/voice-sms");
  await waitForHydration(page);
  await page.waitForFunction(
    () => document.querySelector("#voice-message").value.length > 0,
  );
  assert.equal(await page.inputValue("#voice-message"), TEXT.en);
  assert.equal(await page.inputValue("#phone"), "0812-3456-0001");
  await context.close();
});

for (const [prefix, locale] of [
  ["", "en"],
  ["/id", "id"],
  ["/zh", "zh"],
]) {
  test(`${locale}, JavaScript on: a subscriber sends, sees the call and its status; bad text keeps the draft`, async () => {
    const { context, page } = await signedInMember(
      suite,
      prefix,
      `voicejs${locale}@mail.com`,
      PASSWORD,
    );
    const errors = collectErrors(page);
    const phone = `0812-3456-10${["en", "id", "zh"].indexOf(locale)}1`;
    await page.goto(`${prefix}/voice-sms`);
    await waitForHydration(page);
    await fillDraft(page, phone, "Pay at bit.ly/abc today");
    await page.click("#voice-send");
    // The server's words, beside the field they concern; no dialog.
    await page.waitForFunction(
      () => document.querySelector("#message-error").textContent.trim() !== "",
    );
    assert.equal(await page.$("#voice-failed"), null);
    assert.equal(
      await page.getAttribute("#voice-message", "aria-invalid"),
      "true",
    );
    assert.equal(
      await page.inputValue("#voice-message"),
      "Pay at bit.ly/abc today",
      "the draft is kept",
    );
    await page.fill("#voice-message", TEXT[locale]);
    await page.selectOption("#voice-language", locale);
    await page.click("#voice-send");
    await page.waitForSelector("#voice-sent");
    const call = await callTo(phone);
    const audio = await page.request.get(call.audioUrl);
    assert.equal(audio.headers()["content-type"], "audio/mpeg");
    await page.click("#voice-sent a");
    await page.waitForSelector("#voice-list .voice-row");
    assert.equal(
      await page.getAttribute("#voice-list .voice-row", "data-status"),
      "calling",
    );
    assert.ok(
      await page.$("#voice-list .voice-row audio"),
      "the sender can replay it",
    );
    await refusedAfterPress9(page, prefix, locale, call, phone);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// The recipient presses 9; the next message to them is refused with the
// server's words beside the number, never a generic failure dialog.
async function refusedAfterPress9(page, prefix, locale, call, phone) {
  const pressed = await fetch(
    `${suite.server.baseURL}/dev/calls/${call.callRef}/press9`,
    { method: "POST", redirect: "manual" },
  );
  assert.equal(pressed.status, 303);
  await page.goto(`${prefix}/voice-sms`);
  await waitForHydration(page);
  await fillDraft(page, phone, TEXT[locale]);
  await page.click("#voice-send");
  await page.waitForFunction(
    () => document.querySelector("#phone-error").textContent.trim() !== "",
  );
  assert.equal(
    (await page.textContent("#phone-error")).trim(),
    OPTED_OUT[locale],
  );
  assert.equal(await page.$("#voice-failed"), null, "no generic dialog");
  assert.equal(await page.inputValue("#voice-message"), TEXT[locale]);
}

for (const [prefix, locale] of [
  ["", "en"],
  ["/id", "id"],
  ["/zh", "zh"],
]) {
  test(`${locale}, JavaScript off: preview and send with plain forms; press 9 refuses the next message`, async () => {
    const { context, page } = await signedInMember(
      suite,
      prefix,
      `voicenojs${locale}@mail.com`,
      PASSWORD,
      NO_JS,
    );
    const phone = `0812-3456-20${["en", "id", "zh"].indexOf(locale)}2`;
    await page.goto(`${prefix}/voice-sms`);
    await fillDraft(page, phone, TEXT[locale]);
    await page.selectOption("#voice-language", locale);
    await Promise.all([
      page.waitForURL(/preview=/),
      page.click("#voice-preview"),
    ]);
    assert.equal(
      await page.inputValue("#voice-message"),
      TEXT[locale],
      "the preview page shows the draft",
    );
    assert.ok(await page.getAttribute("#voice-audio", "src"));
    await Promise.all([page.waitForURL(/sent=/), page.click("#voice-send")]);
    await page.waitForSelector("#voice-sent-notice");
    const call = await callTo(phone);
    const pressed = await fetch(
      `${suite.server.baseURL}/dev/calls/${call.callRef}/press9`,
      { method: "POST", redirect: "manual" },
    );
    assert.equal(pressed.status, 303);
    await page.goto(`${prefix}/voice-sms`);
    await fillDraft(page, phone, TEXT[locale]);
    await page.click("#voice-send");
    assert.ok(
      await page.$("#phone[aria-invalid=true]"),
      "the opted-out number is refused",
    );
    assert.equal(
      (await page.textContent("#phone-error")).trim(),
      OPTED_OUT[locale],
      "the server's words, beside the number",
    );
    assert.equal(
      await page.inputValue("#voice-message"),
      TEXT[locale],
      "the draft is kept",
    );
    await page.goto(`${prefix}/dashboard/voice`);
    assert.equal(
      await page.getAttribute("#voice-list .voice-row", "data-status"),
      "opted_out",
    );
    assert.ok(
      await page.$("#voice-list .voice-row audio"),
      "the sender can replay it",
    );
    await context.close();
  });
}
