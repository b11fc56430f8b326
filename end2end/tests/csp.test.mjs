// The Content-Security-Policy holds with JavaScript on: the home page, a
// member's dashboard with the React map widget (tiles from another origin)
// and the owner's reveal page hydrate, and the browser reports no CSP
// violation and no console error on any of them.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import {
  collectErrors,
  launch,
  waitForHydration,
} from "../support/browser.mjs";
import { startServer } from "../support/server.mjs";
import { serveStatic } from "../support/static.mjs";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const PASSWORD = "secret-123";
const suite = { server: null, browser: null, tiles: null };

before(async () => {
  // Tiles come from a second origin, as in production (img-src must name it).
  suite.tiles = await serveStatic(mkdtempSync(join(tmpdir(), "ct-tiles-")));
  suite.server = await startServer({
    MAP_TILE_URL: `${suite.tiles.baseURL}/tiles/{z}/{x}/{y}.png`,
  });
  suite.browser = await launch();
});

after(async () => {
  await suite.browser?.close();
  await suite.server?.stop();
  await suite.tiles?.close();
});

// A page that records every CSP violation (the init script runs outside the
// page's CSP) plus console errors.
async function watchedPage(options = {}) {
  const context = await suite.browser.newContext({
    baseURL: suite.server.baseURL,
    ...options,
  });
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      window.__cspViolations.push(
        `${e.violatedDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  const page = await context.newPage();
  const errors = collectErrors(page);
  const violations = () => page.evaluate(() => window.__cspViolations);
  return { context, page, errors, violations };
}

// The home page under the CSP (its header carries the script nonce), hydrated.
async function hydratedHome() {
  const home = await watchedPage();
  const res = await home.page.goto("/");
  assert.match(
    res.headers()["content-security-policy"],
    /script-src 'self' 'nonce-[^']+' 'wasm-unsafe-eval'/,
  );
  await waitForHydration(home.page);
  return home;
}

// A new subscriber signed in on the dashboard, hydrated.
async function memberOnDashboard() {
  const email = `csp${Date.now()}@mail.com`;
  await suite.server.createUser(email, PASSWORD, [
    "--payment-count",
    "1",
    "--vip-days",
    "30",
  ]);
  const member = await watchedPage();
  await member.page.goto("/login");
  await waitForHydration(member.page);
  await member.page.fill("#login-email", email);
  await member.page.fill("#login-password", PASSWORD);
  await Promise.all([
    member.page.waitForNavigation(),
    member.page.click("form[data-auth-form=login] button[type=submit]"),
  ]);
  assert.equal(new URL(member.page.url()).pathname, "/dashboard/locations");
  await waitForHydration(member.page);
  return member;
}

// The member asks to locate a fresh Indonesian mobile; returns the request's
// id and the number in E.164.
async function askToLocate(member) {
  const local = `0812${String(Date.now() % 1e6).padStart(6, "0")}`;
  const e164 = `+62${local.slice(1)}`;
  await member.page.selectOption("#locate-create-form select#country", "ID");
  await member.page.fill("#locate-phone", local);
  await member.page.selectOption("#locate-note", "worried");
  await Promise.all([
    member.page.waitForNavigation(),
    member.page.click("#locate-submit"),
  ]);
  const id = new URL(member.page.url()).searchParams.get("created");
  assert.ok(id, member.page.url());
  await waitForHydration(member.page);
  return { id, e164 };
}

// The reveal link of the SMS sent to `e164`, from the dev outbox.
async function revealLinkSentTo(e164) {
  let link = null;
  for (let i = 0; i < 100 && !link; i++) {
    const out = await fetch(
      `${suite.server.baseURL}/dev/outbox.json?to=${encodeURIComponent(e164)}&channel=sms`,
    );
    const [sms] = await out.json();
    link =
      sms?.body_text.match(
        /https?:\/\/\S+reveal-location\?t=[0-9a-f]{64}/,
      )?.[0] ?? null;
    if (!link) await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(link, "reveal link in the SMS outbox");
  return link;
}

// The number's owner opens `link` (never cached, no referrer), hydrated, and
// shares their position.
async function ownerShares(link) {
  const coords = { latitude: -6.175392, longitude: 106.827153, accuracy: 30 };
  const owner = await watchedPage({
    geolocation: coords,
    permissions: ["geolocation"],
  });
  const reveal = await owner.page.goto(link);
  assert.equal(reveal.headers()["referrer-policy"], "no-referrer");
  assert.equal(reveal.headers()["cache-control"], "no-store");
  await owner.page.waitForSelector("[data-reveal-state=pending]");
  await waitForHydration(owner.page);
  await owner.page.click("#reveal-share");
  await owner.page.waitForSelector("[data-reveal-state=shared]", {
    timeout: 15_000,
  });
  return owner;
}

test("home, dashboard with map and reveal page hydrate under the CSP without violations", async () => {
  const home = await hydratedHome();
  assert.deepEqual(await home.violations(), [], "home");
  assert.deepEqual(home.errors, [], "home");
  const member = await memberOnDashboard();
  const { id, e164 } = await askToLocate(member);
  const owner = await ownerShares(await revealLinkSentTo(e164));

  // The requester's dashboard mounts the React map and loads tiles from the tile origin.
  const row = `li.locate-row[data-request-id="${id}"]`;
  await member.page.waitForSelector(
    `${row}[data-status=located] .located-position`,
    { timeout: 15_000 },
  );
  await member.page.waitForSelector(`${row} .leaflet-tile-loaded`, {
    timeout: 15_000,
  });

  assert.deepEqual(await member.violations(), [], "dashboard");
  assert.deepEqual(member.errors, [], "dashboard");
  assert.deepEqual(await owner.violations(), [], "reveal page");
  assert.deepEqual(owner.errors, [], "reveal page");
  for (const session of [home, member, owner]) await session.context.close();
});

test("a text page with FAQ data wakes the app under the CSP without violations", async () => {
  const faq = await watchedPage();
  await faq.page.goto("/faq");
  assert.equal(
    await faq.page.locator('script[type="application/ld+json"]').count(),
    1,
  );
  await faq.page.click("header [data-wake=login]");
  await faq.page.locator("[role=dialog]").waitFor({ state: "visible" });
  await waitForHydration(faq.page);
  assert.deepEqual(await faq.violations(), [], "faq");
  assert.deepEqual(faq.errors, [], "faq");
  await faq.context.close();
});
