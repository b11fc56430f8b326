// Locate with consent in two browsers: the requester asks, the test
// reads the owner's link from the SMS outbox, the owner (geolocation granted,
// fixed coordinates) shares once, and the requester's dashboard shows the
// position (the owner's phone is in Tokyo). Also decline, block, expiry; en, id.
import { test } from "node:test";
import assert from "node:assert/strict";
import { waitForHydration } from "../support/browser.mjs";
import { newContext, serverAndBrowser } from "../support/suite.mjs";
import { ask, nextNumber, ownerLinks, requester } from "../support/locate.mjs";

const suite = serverAndBrowser({ MAP_TILE_URL: "/tiles/{z}/{x}/{y}.png" });

async function owner(link, coords) {
  const options = coords
    ? { geolocation: coords, permissions: ["geolocation"] }
    : {};
  const context = await newContext(suite, {
    ...options,
    timezoneId: "Asia/Tokyo",
  });
  const page = await context.newPage();
  await page.goto(link);
  return { context, page };
}

async function rowStatus(page, id, status) {
  await page.waitForSelector(
    `li.locate-row[data-request-id="${id}"][data-status="${status}"]`,
    { timeout: 15_000 },
  );
}

const TEXTS = {
  "/en": {
    reason: "I'm family and worried about you",
    shared: /You shared your location/,
    sharedOn: /Shared on/,
    asking: /Share your location\?/,
    deleteAfter: /will be deleted on/,
    deleted: /has been deleted/,
    notFound: /Geographic location not found/,
  },
  "/id": {
    reason: "Saya keluarga dan khawatir tentang Anda",
    shared: /membagikan lokasi/,
    sharedOn: /Dibagikan pada/,
    asking: /Bagikan lokasi Anda\?/,
    deleteAfter: /akan dihapus pada/,
    deleted: /sudah dihapus/,
    notFound: /tidak ditemukan/,
  },
};

// The owner sees who we are, the reason and what sharing sends; shares once: the
// heading, the time, the position once, the actions left (never Share or Decline).
async function shareOnce(page, texts) {
  await page.waitForSelector("[data-reveal-state=pending]");
  assert.equal((await page.textContent(".reveal-note")).trim(), texts.reason);
  assert.match(await page.locator("h1:visible").textContent(), texts.asking);
  assert.equal(await page.locator(".reveal-header .brand-mark").count(), 1);
  assert.equal(await page.locator(".reveal-what li").count(), 4);
  await waitForHydration(page);
  // The link's end is named with its zone (the number's, else UTC).
  assert.match(
    await page.textContent(".reveal-expires time"),
    /^\d{4}-\d\d-\d\d \d\d:\d\d (UTC|GMT)([+-]\d+(:\d\d)?)?$/,
  );
  await page.click("#reveal-share");
  await page.waitForSelector("[data-reveal-state=shared]", {
    timeout: 15_000,
  });
  assert.match(await page.locator("h1:visible").textContent(), texts.shared);
  assert.match(await page.textContent(".reveal-decision"), texts.sharedOn);
  await page.waitForSelector(".located-position");
  await page.waitForSelector("#reveal-stop-sharing");
  await page.waitForSelector("#reveal-block-future");
  assert.equal(
    await page
      .locator("#reveal-share:visible, #reveal-decline:visible")
      .count(),
    0,
  );
}

// Live on the requester's dashboard (polling), without a reload: the row is
// located and its marker sits at `coords`.
async function assertMarkerOnDashboard(page, id, coords) {
  await rowStatus(page, id, "located");
  const marker = page.locator(
    `li.locate-row[data-request-id="${id}"] .located-position`,
  );
  await marker.waitFor({ timeout: 15_000 });
  assert.equal(Number(await marker.getAttribute("data-lat")), coords.latitude);
  assert.equal(Number(await marker.getAttribute("data-lng")), coords.longitude);
}

// Reopened, the owner's page shows the decision, when it is deleted, Stop
// sharing — never the coordinates again. Stop sharing (through the API with
// JavaScript) deletes it, and the action is gone, also after a reload.
async function reopenAndStopSharing(page, link, texts) {
  await page.goto(link);
  await page.waitForSelector("[data-reveal-state=shared]");
  assert.match(await page.textContent("h1"), texts.shared);
  assert.match(await page.textContent(".reveal-decision"), texts.sharedOn);
  assert.match(await page.textContent(".reveal-facts"), texts.deleteAfter);
  assert.equal(await page.locator("#reveal-share").count(), 0);
  assert.equal(await page.locator(".located-position").count(), 0);
  assert.doesNotMatch(await page.textContent("body"), texts.notFound);
  await waitForHydration(page);
  await page.click("#reveal-stop-sharing");
  await page.waitForSelector("#reveal-stop-sharing", {
    state: "detached",
  });
  assert.match(await page.textContent(".reveal-facts"), texts.deleted);
  await page.reload();
  assert.match(await page.textContent(".reveal-facts"), texts.deleted);
  assert.equal(await page.locator("#reveal-stop-sharing").count(), 0);
}

for (const prefix of ["", "/id"]) {
  const lang = prefix || "/en";

  test(`${lang}: the owner shares once and the requester sees the marker`, async () => {
    const { context, page } = await requester(suite, "req", prefix);
    const number = nextNumber("0812");
    const id = await ask(page, number, "worried");
    const link = (await ownerLinks(suite, number))[0];
    assert.match(
      link,
      /\/id\/reveal-location\?t=/,
      "an Indonesian number gets the Indonesian page",
    );
    // The owner reads the page in this test's language (the page's language links).
    const ownerPage = prefix
      ? link
      : link.replace("/id/reveal-location", "/reveal-location");
    const texts = TEXTS[lang];

    const coords = { latitude: -6.175392, longitude: 106.827153, accuracy: 30 };
    const them = await owner(ownerPage, coords);
    await shareOnce(them.page, texts);
    await assertMarkerOnDashboard(page, id, coords);
    await reopenAndStopSharing(them.page, ownerPage, texts);
    await them.context.close();
    await context.close();
  });

  test(`${lang}: decline, then decline-and-block`, async () => {
    const { context, page } = await requester(suite, "req", prefix);
    const number = nextNumber("0812");
    const first = await ask(page, number, "none");
    const them = await owner((await ownerLinks(suite, number))[0]);
    await Promise.all([
      them.page.waitForNavigation(),
      them.page.click("#reveal-decline"),
    ]);
    await them.page.waitForSelector("[data-reveal-state=declined]");
    await page.reload();
    await rowStatus(page, first, "declined");

    const second = await ask(page, number, "none");
    await them.page.goto((await ownerLinks(suite, number))[0]);
    await Promise.all([
      them.page.waitForNavigation(),
      them.page.click("#reveal-block"),
    ]);
    await them.page.waitForSelector("[data-reveal-state=blocked]");
    await page.reload();
    await rowStatus(page, second, "blocked");
    await them.context.close();
    await context.close();
  });
}

test("a blocked number takes no further request: the reason shows beside the number and nothing is sent", async () => {
  const { context, page } = await requester(suite, "req");
  const number = nextNumber("0812");
  await ask(page, number, "none");
  const them = await owner((await ownerLinks(suite, number))[0]);
  await Promise.all([
    them.page.waitForNavigation(),
    them.page.click("#reveal-block"),
  ]);
  const outbox = async () =>
    (
      await fetch(
        `${suite.server.baseURL}/dev/outbox.json?to=${encodeURIComponent(number.e164)}&channel=sms`,
      )
    ).json();
  const before = await outbox();
  await page.selectOption("#locate-create-form select#country", "ID");
  await page.fill("#locate-phone", number.local);
  await page.selectOption("#locate-note", "none");
  await Promise.all([page.waitForNavigation(), page.click("#locate-submit")]);
  assert.equal(new URL(page.url()).searchParams.get("created"), null);
  assert.equal(
    (await page.textContent("#locate-phoneErrorMsg")).trim(),
    "The owner of this number has asked not to receive location requests through our service.",
  );
  assert.equal(await page.inputValue("#locate-phone"), number.local);
  await new Promise((r) => setTimeout(r, 2500));
  assert.equal(
    (await outbox()).length,
    before.length,
    "no SMS to a blocked number",
  );
  await them.context.close();
  await context.close();
});

test("without JavaScript, the owner stops sharing and blocks from the decided page", async () => {
  const { context, page } = await requester(suite, "req");
  const number = nextNumber("0812");
  await ask(page, number, "phone_lost");
  const link = (await ownerLinks(suite, number))[0].replace(
    "/id/reveal-location",
    "/reveal-location",
  );
  const sharer = await owner(link, {
    latitude: -6.2,
    longitude: 106.8,
    accuracy: 20,
  });
  await waitForHydration(sharer.page);
  await sharer.page.click("#reveal-share");
  await sharer.page.waitForSelector("#reveal-stop-sharing");
  await sharer.context.close();

  const noJs = await newContext(suite, { javaScriptEnabled: false });
  const them = await noJs.newPage();
  await them.goto(link);
  await them.waitForSelector("[data-reveal-state=shared]");
  assert.match(await them.textContent(".reveal-facts"), /will be deleted on/);
  await Promise.all([
    them.waitForNavigation(),
    them.click("#reveal-stop-sharing"),
  ]);
  await them.waitForSelector("[data-reveal-state=shared]");
  assert.match(await them.textContent(".reveal-facts"), /has been deleted/);
  assert.equal(await them.locator("#reveal-stop-sharing").count(), 0);
  await Promise.all([
    them.waitForNavigation(),
    them.click("#reveal-block-future"),
  ]);
  assert.match(
    await them.textContent("body"),
    /This number is blocked|blocked all future requests/,
  );
  assert.equal(await them.locator("#reveal-block-future").count(), 0);
  await noJs.close();
  await context.close();
});
