// The owner's page names times in the reader's zone: without JavaScript the
// server's (the number's zone, named by its offset), with it the browser's own
// (Chromium in Tokyo here), the same moment either way. Once the owner shares,
// the requester's map card offers "Open in maps": a geo: URI of the point.
import { test } from "node:test";
import assert from "node:assert/strict";
import { waitForHydration } from "../support/browser.mjs";
import {
  newContext,
  serverAndBrowser,
  signedInMember,
} from "../support/suite.mjs";

const suite = serverAndBrowser({ MAP_TILE_URL: "/tiles/{z}/{x}/{y}.png" });
const TOKYO = { timezoneId: "Asia/Tokyo" };

function number() {
  const local = `0813${String(Date.now() % 1e8).padStart(8, "0")}`;
  return { local, e164: `+62${local.slice(1)}` };
}

async function ownerLink(phone) {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(
      `${suite.server.baseURL}/dev/outbox.json?to=${encodeURIComponent(phone.e164)}&channel=sms`,
    );
    const [sms] = await res.json();
    const link = sms?.body_text.match(/reveal-location\?t=[0-9a-f]{64}/)?.[0];
    if (link) return `/${link}`;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS to ${phone.e164}`);
}

// `2026-11-26 20:00 GMT+9` → [minutes since the epoch of the wall clock, zone].
function wallClock(text) {
  const m = text.match(/^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d) (\S+)$/);
  assert.ok(m, `a named local time: ${text}`);
  const [, y, mo, d, h, mi, zone] = m;
  return [Date.UTC(+y, mo - 1, +d, +h, +mi) / 60_000, zone];
}

// The zone's offset from what the page shows and the machine-readable instant.
async function shownOffset(page) {
  const time = page.locator(".reveal-expires time");
  const instant = Date.parse(await time.getAttribute("datetime")) / 60_000;
  const [wall, zone] = wallClock((await time.textContent()).trim());
  return { offset: wall - Math.floor(instant), zone };
}

// Without JavaScript the page names the zone the server used.
async function assertServerNamesItsZone(link) {
  const plain = await newContext(suite, { ...TOKYO, javaScriptEnabled: false });
  const noJs = await plain.newPage();
  await noJs.goto(link);
  const server = await shownOffset(noJs);
  assert.match(
    server.zone,
    /^UTC([+-]\d+(:\d\d)?)?$/,
    "the server names its zone",
  );
  assert.equal(
    server.zone,
    server.offset === 0 ? "UTC" : `UTC+${server.offset / 60}`,
    "the named zone is the one the clock is in",
  );
  await plain.close();
}

test("the owner's page names times in the browser's zone, and the requester opens the point in maps", async () => {
  const requester = await signedInMember(
    suite,
    "",
    `time${Date.now()}@mail.com`,
    "secret-123",
  );
  const phone = number();
  const page = requester.page;
  await page.selectOption("#locate-create-form select#country", "ID");
  await page.fill("#locate-phone", phone.local);
  await page.selectOption("#locate-note", "worried");
  await Promise.all([page.waitForNavigation(), page.click("#locate-submit")]);
  const id = new URL(page.url()).searchParams.get("created");
  const link = (await ownerLink(phone)).replace("/id/", "/");

  await assertServerNamesItsZone(link);

  const coords = { latitude: -6.175392, longitude: 106.827153, accuracy: 30 };
  const owner = await newContext(suite, {
    ...TOKYO,
    geolocation: coords,
    permissions: ["geolocation"],
  });
  const js = await owner.newPage();
  await js.goto(link);
  await waitForHydration(js);
  await js.waitForFunction(
    () =>
      /GMT\+9$/.test(
        document.querySelector(".reveal-expires time")?.textContent ?? "",
      ),
    null,
    { timeout: 5_000 },
  );
  assert.deepEqual(await shownOffset(js), { offset: 9 * 60, zone: "GMT+9" });

  await js.click("#reveal-share");
  await js.waitForSelector("[data-reveal-state=shared]", { timeout: 15_000 });
  const row = page.locator(`li.locate-row[data-request-id="${id}"]`);
  const open = row.locator("a.open-in-maps");
  await open.waitFor({ timeout: 15_000 });
  assert.equal((await open.textContent()).trim(), "Open in maps");
  assert.equal(
    await open.getAttribute("href"),
    "geo:-6.175392,106.827153;u=30?q=-6.175392,106.827153",
  );
  // The link leaves nothing to a map service but the point itself.
  assert.equal(await open.getAttribute("target"), null);
  await owner.close();
  await requester.context.close();
});
