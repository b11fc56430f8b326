// How the owner shares, in two browsers: the owner (a faked position that
// moves, via the context's geolocation) chooses live or approximate sharing;
// the requester's dashboard follows without a reload (server-sent events):
// the marker moves, the precision and the live window show, and either side
// stops it. Approximate positions are rounded before they leave the owner's
// browser.
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

// The owner's page with position `coords`; `posted` collects the bodies
// the page posts to the reveal API (what leaves the phone).
async function owner(link, coords) {
  const context = await newContext(suite, {
    geolocation: coords,
    permissions: ["geolocation"],
  });
  const page = await context.newPage();
  const posted = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().includes("/api_f/v1/reveal/")) {
      posted.push(r.postData() ?? "");
    }
  });
  await page.goto(link);
  await waitForHydration(page);
  return { context, page, posted };
}

async function share(page, mode) {
  await page.check(`#share-mode-${mode}`);
  await page.click("#reveal-share");
  await page.waitForSelector("[data-reveal-state=shared]", { timeout: 15_000 });
}

function row(page, id) {
  return page.locator(`li.locate-row[data-request-id="${id}"]`);
}

// The requester's marker reaches `lat` without a reload.
async function markerAt(page, id, lat) {
  await page.waitForFunction(
    ([id, lat]) =>
      Number(
        document
          .querySelector(
            `li.locate-row[data-request-id="${id}"] .located-position`,
          )
          ?.getAttribute("data-lat"),
      ) === lat,
    [id, lat],
    { timeout: 30_000 },
  );
}

// The owner walks north: the requester's marker follows.
async function walkNorth(ownerContext, page, id) {
  for (const latitude of [-6.19, -6.18]) {
    await ownerContext.setGeolocation({
      latitude,
      longitude: 106.8,
      accuracy: 10,
    });
    await markerAt(page, id, latitude);
  }
}

test("live sharing: the requester's map follows the owner without a reload, and the owner stops it", async () => {
  const { context, page } = await requester(suite, "live");
  await waitForHydration(page);
  const number = nextNumber("0813");
  const id = await ask(page, number);
  await waitForHydration(page);
  const navigations = [];
  page.on(
    "framenavigated",
    (f) => f === page.mainFrame() && navigations.push(f.url()),
  );

  const them = await owner(inEnglish((await ownerLinks(suite, number))[0]), {
    latitude: -6.2,
    longitude: 106.8,
    accuracy: 10,
  });
  await share(them.page, "live_15m");
  const banner = them.page.locator(".live-banner");
  await banner.waitFor();
  assert.match(
    await banner.textContent(),
    /Sharing live with the requester until \d{4}-\d\d-\d\d \d\d:\d\d/,
  );
  assert.match(
    await them.page.textContent(".reveal-facts"),
    /Live sharing until/,
  );

  await markerAt(page, id, -6.2);
  await row(page, id).locator(".sharing-live[data-live=true]").waitFor();
  assert.match(await row(page, id).textContent(), /Precise position/);

  await walkNorth(them.context, page, id);
  assert.deepEqual(navigations, [], "the dashboard never reloaded");

  await them.page.click("#reveal-stop-live");
  await banner.waitFor({ state: "detached" });
  assert.match(
    await them.page.textContent(".reveal-facts"),
    /Live sharing ended/,
  );
  await row(page, id)
    .locator(".sharing-live[data-live=false]")
    .waitFor({ timeout: 15_000 });
  assert.match(await row(page, id).textContent(), /Live sharing ended/);
  assert.deepEqual(navigations, []);
  await them.context.close();
  await context.close();
});

test("the requester stops a live sharing; the owner's page notices at its next position", async () => {
  const { context, page } = await requester(suite, "live");
  const number = nextNumber("0813");
  const id = await ask(page, number);
  const them = await owner(inEnglish((await ownerLinks(suite, number))[0]), {
    latitude: 35.68,
    longitude: 139.76,
    accuracy: 10,
  });
  await share(them.page, "live_1h");
  await them.page.locator(".live-banner").waitFor();
  await page.reload();
  await markerAt(page, id, 35.68);
  await Promise.all([
    page.waitForNavigation(),
    row(page, id).locator(".locate-stop-live").click(),
  ]);
  await row(page, id).locator(".sharing-live[data-live=false]").waitFor();

  await them.context.setGeolocation({
    latitude: 35.69,
    longitude: 139.76,
    accuracy: 10,
  });
  await them.page
    .locator(".live-banner")
    .waitFor({ state: "detached", timeout: 30_000 });
  assert.match(
    await them.page.textContent(".reveal-facts"),
    /Live sharing ended/,
  );
  await page.reload();
  await markerAt(page, id, 35.68);
  await them.context.close();
  await context.close();
});

test("approximate: rounded in the owner's browser, said so on both sides", async () => {
  const { context, page } = await requester(suite, "live");
  await waitForHydration(page);
  const number = nextNumber("0813");
  const id = await ask(page, number);
  const them = await owner(inEnglish((await ownerLinks(suite, number))[0]), {
    latitude: -6.175392,
    longitude: 106.827153,
    accuracy: 12,
  });
  await share(them.page, "approximate");
  const shares = them.posted.filter((b) => b.includes("decision=share"));
  assert.equal(shares.length, 1, them.posted.join("\n"));
  assert.match(shares[0], /mode=approximate/);
  assert.match(shares[0], /latitude=-6\.18&longitude=106\.83&accuracy=1000/);
  assert.doesNotMatch(
    shares[0],
    /175392|827153/,
    "the exact position never leaves",
  );
  assert.match(
    await them.page.textContent(".reveal-facts"),
    /Approximate position/,
  );
  assert.equal(await them.page.locator(".live-banner").count(), 0);

  await markerAt(page, id, -6.18);
  await row(page, id)
    .locator(".sharing-precision[data-precision=approximate]")
    .waitFor();
  assert.equal(
    Number(
      await row(page, id).locator(".located-position").getAttribute("data-lng"),
    ),
    106.83,
  );
  await them.context.close();
  await context.close();
});
