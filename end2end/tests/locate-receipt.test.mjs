// The owner's receipt and the requester's live statuses, in two browsers:
// the requester's dashboard follows every status without a reload (opened,
// declined, shared, a live sharing that ends); after sharing, the owner
// gets a receipt link by SMS whose page works without JavaScript: who
// asked, what was shared, until when, when it is deleted; "Trust this
// requester" and "Stop sharing" (delete), which the dashboard follows too.
import { test } from "node:test";
import assert from "node:assert/strict";
import { waitForHydration } from "../support/browser.mjs";
import { newContext, serverAndBrowser } from "../support/suite.mjs";
import {
  ask,
  inEnglish,
  nextNumber,
  ownerLinks,
  requester,
} from "../support/locate.mjs";

const suite = serverAndBrowser({ MAP_TILE_URL: "/tiles/{z}/{x}/{y}.png" });

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
  const { context, page } = await requester(suite, "receipt");
  await waitForHydration(page);
  const number = nextNumber("0815");
  const id = await ask(page, number);
  await waitForHydration(page);
  const navigations = [];
  page.on(
    "framenavigated",
    (f) => f === page.mainFrame() && navigations.push(f.url()),
  );
  const [link] = (await ownerLinks(suite, number, 1)).map(inEnglish);
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
  const { context, page } = await requester(suite, "receipt");
  await waitForHydration(page);
  const number = nextNumber("0815");
  const id = await ask(page, number);
  await waitForHydration(page);
  const [link] = (await ownerLinks(suite, number, 1)).map(inEnglish);
  await sharedLive(page, id, link);

  const [receipt] = (await ownerLinks(suite, number, 2)).map(inEnglish);
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
  const [again] = (await ownerLinks(suite, number, 3)).map(inEnglish);
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
