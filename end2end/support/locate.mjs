// The locate journey's shared steps for browser tests: a fresh Indonesian
// mobile number, a signed-in requester, the request form, and the owner's
// links as the sandbox's SMS outbox holds them.
import assert from "node:assert/strict";
import { signedInMember } from "./suite.mjs";

let numbers = 0;

// A fresh Indonesian mobile number per call (caps are per number); each test
// file passes its own `start` so that files never share a number.
export function nextNumber(start) {
  numbers += 1;
  const local =
    `${start}${String(Date.now() % 1e6).padStart(6, "0")}${numbers}`.slice(
      0,
      12,
    );
  return { local, e164: `+62${local.slice(1)}` };
}

// A new member, signed in on the `prefix` language; `tag` names the test.
export function requester(suite, tag, prefix = "") {
  return signedInMember(
    suite,
    prefix,
    `${tag}${Date.now()}${numbers}@mail.com`,
    "secret-123",
  );
}

// Sends a request from the dashboard's form; `reason` is a preset reason
// code (the owner never sees the requester's own words). Returns its id.
export async function ask(page, number, reason = "worried") {
  await page.selectOption("#locate-create-form select#country", "ID");
  await page.fill("#locate-phone", number.local);
  await page.selectOption("#locate-note", reason);
  await Promise.all([page.waitForNavigation(), page.click("#locate-submit")]);
  const id = new URL(page.url()).searchParams.get("created");
  assert.ok(id, `created: ${page.url()}`);
  return id;
}

// Every owner link texted to `number`, newest first, once there are `count`.
export async function ownerLinks(suite, number, count = 1) {
  for (let i = 0; i < 150; i++) {
    const res = await fetch(
      `${suite.server.baseURL}/dev/outbox.json?to=${encodeURIComponent(number.e164)}&channel=sms`,
    );
    const found = (await res.json())
      .map(
        (sms) =>
          sms.body_text.match(
            /https?:\/\/\S+reveal-location\?t=[0-9a-f]{64}/,
          )?.[0],
      )
      .filter(Boolean);
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`fewer than ${count} SMS to ${number.e164}`);
}

// The same owner page in English (an Indonesian number's SMS links /id/).
export function inEnglish(link) {
  return link.replace("/id/reveal-location", "/reveal-location");
}
