// Writes docs/screens/<page>-<width>.png: the main pages in English at a
// phone's 390 px and a laptop's 1366 px, on a fresh server with the sandbox
// provider, walked as a visitor would (search, pay, ask, the owner shares).
// Run by scripts/screens.sh after scripts/build.sh.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { launch, waitForHydration } from "./support/browser.mjs";
import { askToLocate, mobile } from "./support/checkout.mjs";
import { ROOT } from "./support/env.mjs";
import { startServer } from "./support/server.mjs";
import { logIn } from "./support/suite.mjs";

const OUT = join(ROOT, "docs", "screens");
const WIDTHS = [390, 1366];
const PASSWORD = "secret-123";
const COORDS = { latitude: -6.175392, longitude: 106.827153, accuracy: 30 };

const server = await startServer({ MAP_TILE_URL: "/tiles/{z}/{x}/{y}.png" });
const browser = await launch();
mkdirSync(OUT, { recursive: true });
let serial = 0;

async function context(width, extra = {}) {
  const ctx = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width, height: width < 600 ? 844 : 768 },
    timezoneId: "Asia/Jakarta",
    locale: "en-US",
    ...extra,
  });
  // Cookie choice made, so each page shows itself rather than the banner.
  await ctx.addCookies([
    { name: "acceptCookie", value: "necessary", url: server.baseURL },
  ]);
  return ctx;
}

async function shot(page, name, width) {
  await page.waitForLoadState("networkidle").catch(() => {});
  await page.screenshot({
    path: join(OUT, `${name}-${width}.png`),
    fullPage: true,
  });
  console.log(`docs/screens/${name}-${width}.png`);
}

async function ownerLink(e164) {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(
      `${server.baseURL}/dev/outbox.json?to=${encodeURIComponent(e164)}&channel=sms`,
    );
    const [sms] = await res.json();
    const link = sms?.body_text.match(/reveal-location\?t=[0-9a-f]{64}/)?.[0];
    if (link) return `/${link}`;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS to ${e164}`);
}

async function visitor(width) {
  const ctx = await context(width);
  const page = await ctx.newPage();
  await page.goto("/");
  await waitForHydration(page);
  await shot(page, "home", width);
  await page.selectOption("#country", "ID");
  await page.fill("#phone", mobile());
  await page.click("form.phone-search button[type=submit]");
  await page.waitForSelector(".locating-done:not([hidden])", {
    timeout: 15_000,
  });
  await shot(page, "locate-result", width);
  await Promise.all([
    page.waitForURL(/\/pay-method\?/),
    page.click(".locating-done a.btn-primary"),
  ]);
  await waitForHydration(page);
  await shot(page, "checkout", width);
  await page.goto("/pay-method");
  await waitForHydration(page);
  await shot(page, "plans", width);
  await page.goto("/telecom");
  await waitForHydration(page);
  await shot(page, "lookup", width);
  await ctx.close();
}

async function member(width) {
  const email = `screens${width}.${serial++}@mail.com`;
  await server.createUser(email, PASSWORD, [
    "--payment-count",
    "1",
    "--vip-days",
    "30",
  ]);
  const ctx = await context(width);
  const page = await ctx.newPage();
  await logIn(page, "", email, PASSWORD);
  const local = mobile();
  await askToLocate(page, local);
  const link = await ownerLink(`+62${local.slice(1)}`);
  const ownerCtx = await context(width, {
    geolocation: COORDS,
    permissions: ["geolocation"],
  });
  const owner = await ownerCtx.newPage();
  await owner.goto(link);
  await waitForHydration(owner);
  await shot(owner, "consent", width);
  await owner.click("#reveal-share");
  await owner.waitForSelector("[data-reveal-state=shared]", {
    timeout: 15_000,
  });
  await shot(owner, "consent-shared", width);
  await ownerCtx.close();
  await page.waitForSelector("li.locate-row .located-position", {
    timeout: 15_000,
  });
  await shot(page, "dashboard", width);
  await page.goto("/dashboard/voice");
  await waitForHydration(page);
  await shot(page, "voice", width);
  await page.goto("/billing");
  await waitForHydration(page);
  await shot(page, "billing", width);
  await ctx.close();
}

try {
  for (const width of WIDTHS) {
    await visitor(width);
    await member(width);
  }
} finally {
  await browser.close();
  await server.stop();
}
