// The owner's receipt and the requester's live statuses, in two browsers:
// the requester's dashboard follows every status without a reload (opened,
// declined, shared, a live sharing that ends); after sharing, the owner
// gets a receipt link by SMS whose page works without JavaScript: who
// asked, what was shared, until when, when it is deleted; "Trust this
// requester" and "Stop sharing" (delete), which the dashboard follows too.
import { test } from "node:test";
import assert from "node:assert/strict";
import { waitForHydration } from "../support/browser.mjs";
import {
  newContext,
  serverAndBrowser,
  signedInMember,
} from "../support/suite.mjs";

const suite = serverAndBrowser({ MAP_TILE_URL: "/tiles/{z}/{x}/{y}.png" });
let numbers = 0;

function nextNumber() {
  numbers += 1;
  const local =
    `0815${String(Date.now() % 1e6).padStart(6, "0")}${numbers}`.slice(0, 12);
  return { local, e164: `+62${local.slice(1)}` };
}

async function requester() {
  return signedInMember(
    suite,
    "",
    `receipt${Date.now()}${numbers}@mail.com`,
    "secret-123",
  );
}

async function ask(page, number) {
  await page.selectOption("#locate-create-form select#country", "ID");
  await page.fill("#locate-phone", number.local);
  await page.selectOption("#locate-note", "worried");
  await Promise.all([page.waitForNavigation(), page.click("#locate-submit")]);
  const id = new URL(page.url()).searchParams.get("created");
  assert.ok(id, `created: ${page.url()}`);
  return id;
}

// Every link texted to `number`, newest first; waits for `count` of them.
async function links(number, count) {
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
      .filter(Boolean)
      .map((l) => l.replace("/id/reveal-location", "/reveal-location"));
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`fewer than ${count} SMS to ${number.e164}`);
}

async function owner(options = {}) {
  const context = await newContext(suite, {
    geolocation: { latitude: -6.2, longitude: 106.8, accuracy: 10 },
    permissions: ["geolocation"],
    ...options,
  });
  return { context, page: await context.newPage() };
}

function row(page, id) {
  return page.locator(`li.locate-row[data-request-id="${id}"]`);
}

async function statusIs(page, id, status) {
  await row(page, id)
    .locator(`.locate-status[data-status=${status}]`)
    .waitFor({ timeout: 20_000 });
}

test("the dashboard follows the statuses without a reload: opened, declined", async () => {
  const { context, page } = await requester();
  await waitForHydration(page);
  const number = nextNumber();
  const id = await ask(page, number);
  await waitForHydration(page);
  const navigations = [];
  page.on(
    "framenavigated",
    (f) => f === page.mainFrame() && navigations.push(f.url()),
  );
  const [link] = await links(number, 1);
  const them = await owner();
  await them.page.goto(link);
  await statusIs(page, id, "opened");
  await Promise.all([
    them.page.waitForNavigation(),
    them.page.click("#reveal-decline"),
  ]);
  await statusIs(page, id, "declined");
  assert.match(await row(page, id).textContent(), /Declined/);
  assert.deepEqual(navigations, [], "the dashboard never reloaded");
  await them.context.close();
  await context.close();
});

// The owner shares live from `link`; the dashboard shows it, the map card
// saying the position once (the map and "Open in maps").
async function sharedLive(page, id, link) {
  const sharer = await owner();
  await sharer.page.goto(link);
  await waitForHydration(sharer.page);
  await sharer.page.check("#share-mode-live_15m");
  await sharer.page.click("#reveal-share");
  await sharer.page.waitForSelector("[data-reveal-state=shared]", {
    timeout: 15_000,
  });
  await statusIs(page, id, "located");
  await row(page, id).locator(".sharing-live[data-live=true]").waitFor();
  assert.equal(await row(page, id).locator(".open-in-maps").count(), 1);
  assert.doesNotMatch(
    await row(page, id).locator(".located-position").textContent(),
    /Latitude/,
  );
  await sharer.context.close();
}

test("the receipt: the facts, trust and delete without JavaScript; the dashboard follows", async () => {
  const { context, page } = await requester();
  await waitForHydration(page);
  const number = nextNumber();
  const id = await ask(page, number);
  await waitForHydration(page);
  const [link] = await links(number, 1);
  await sharedLive(page, id, link);

  const [receipt] = await links(number, 2);
  assert.notEqual(receipt, link, "the receipt has its own link");
  const reader = await owner({ javaScriptEnabled: false });
  await reader.page.goto(receipt);
  const facts = await reader.page.textContent(".reveal-decided");
  assert.match(facts, /r•••@mail\.com/);
  assert.match(facts, /Live sharing until/);
  assert.match(facts, /Precise position/);
  assert.match(facts, /deleted/i);
  await Promise.all([
    reader.page.waitForNavigation(),
    reader.page.click("#reveal-trust"),
  ]);
  await reader.page.locator(".reveal-trust[data-trusted=true]").waitFor();
  await Promise.all([
    reader.page.waitForNavigation(),
    reader.page.click("#reveal-stop-sharing"),
  ]);
  assert.equal(await reader.page.locator("#reveal-stop-sharing").count(), 0);
  await row(page, id)
    .locator(".located-position")
    .waitFor({ state: "detached", timeout: 20_000 });
  await reader.context.close();

  // The same account asks again: the owner's page names it, Share one tap away.
  await page.goto("/dashboard/locations");
  await ask(page, number);
  const [again] = await links(number, 3);
  const next = await owner();
  await next.page.goto(again);
  assert.match(
    await next.page.textContent(".reveal-trusted"),
    /r•••@mail\.com/,
  );
  await next.page.locator("#reveal-untrust").waitFor();
  await next.context.close();
  await context.close();
});
