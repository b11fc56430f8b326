// Cookie consent in Chromium, en and id: a first visit from an ad
// (?utm_source=x&gclid=y&channel=z) stores no tracking key or cookie and
// sends no tracking request, even when Locate is pressed; after Accept all
// the spec's local-storage keys exist, Locate sends a click point and the
// campaign survives a link to another page; Reject all keeps everything
// off; the banner works without JavaScript, is reached by keyboard right
// after the skip link, and "Cookie settings" in the footer reopens it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { collectErrors, waitForHydration } from "../support/browser.mjs";
import { newContext, serverAndBrowser } from "../support/suite.mjs";

const suite = serverAndBrowser();
const CAMPAIGN = "utm_source=x&gclid=y&channel=z";
const STORAGE_KEYS = [
  "channel",
  "utm_term",
  "global_method",
  "hmci",
  "uuid",
  "gclid",
  "wbraid",
  "eventToken",
];
const TRACKING_COOKIES = ["ct_attr_first", "ct_attr_last", "_fbp", "_fbc"];
const SETTINGS = { en: "Cookie settings", id: "Pengaturan cookie" };
const TITLE = { en: "Your cookie choices", id: "Pilihan cookie Anda" };

// Every request a page makes to a tracking endpoint.
function trackingRequests(page) {
  const seen = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/api_f\/v1\/(operationLog|fackbook)\//.test(pathname))
      seen.push(pathname);
  });
  return seen;
}

const storedKeys = (page) =>
  page.evaluate(
    (keys) => keys.filter((k) => localStorage.getItem(k) !== null),
    STORAGE_KEYS,
  );
const cookieNames = async (context) =>
  (await context.cookies()).map((c) => c.name);

function assertCampaign(url) {
  const params = new URL(url).searchParams;
  assert.equal(params.get("utm_source"), "x", url);
  assert.equal(params.get("gclid"), "y", url);
  assert.equal(params.get("channel"), "z", url);
}

// The banner is the page's labelled first choice, and neither a click on
// Locate nor the ad's campaign stores or sends anything yet.
async function assertNothingTrackedBeforeConsent(
  page,
  context,
  tracking,
  locale,
) {
  assert.equal(
    (await page.textContent("#cookie-consent-title")).trim(),
    TITLE[locale],
  );
  assert.equal(
    await page.getAttribute("#cookie-consent", "aria-labelledby"),
    "cookie-consent-title",
  );
  await page.click("[data-click=locate]");
  await page.waitForTimeout(1_000);
  assert.deepEqual(tracking, [], "no tracking request before consent");
  assert.deepEqual(
    await storedKeys(page),
    [],
    "no tracking key before consent",
  );
  assert.deepEqual(
    (await cookieNames(context)).filter(
      (n) => TRACKING_COOKIES.includes(n) || n === "acceptCookie",
    ),
    [],
  );
}

// Accept all: back on the same page with the campaign, the banner gone, the
// spec's local-storage keys and the consent and campaign cookies set.
async function acceptAll(page, context, prefix) {
  await Promise.all([
    page.waitForURL((url) => url.search === `?${CAMPAIGN}`),
    page.click("#cookie-consent button[value=accept_all]"),
  ]);
  assert.equal(new URL(page.url()).pathname, prefix || "/");
  assert.equal(
    await page.$("#cookie-consent"),
    null,
    "the banner is gone once chosen",
  );
  await page.waitForFunction(() => localStorage.getItem("eventToken") !== null);
  const stored = await page.evaluate(() => ({ ...localStorage }));
  for (const key of STORAGE_KEYS) assert.ok(key in stored, `${key} stored`);
  assert.equal(stored.channel, "z");
  assert.equal(stored.gclid, "y");
  assert.match(stored.uuid, /^\d{13}[A-Za-z0-9]{16}$/);
  assert.match(stored.eventToken, /^[0-9a-f]{64}$/);
  const cookies = await context.cookies();
  assert.equal(
    cookies.find((c) => c.name === "acceptCookie")?.value,
    "necessary.analytics.marketing",
  );
  assert.ok(
    cookies.some((c) => c.name === "ct_attr_last" && c.httpOnly),
    "the campaign is kept for an order",
  );
}

// After consent, Locate sends its click point with the channel, and the
// search keeps the campaign.
async function assertLocateSendsClickPoint(page) {
  await waitForHydration(page);
  const sent = page.waitForRequest((r) =>
    r.url().endsWith("/api_f/v1/operationLog/protal"),
  );
  await page.click("[data-click=locate]");
  const body = new URLSearchParams((await sent).postData());
  assert.equal(body.get("btnId"), "locate");
  assert.equal(body.get("apkChannel"), "z");
  assert.ok(["0", "1", "2"].includes(body.get("os")));
  await page.waitForURL(/country=/);
  assertCampaign(page.url());
}

// Keyboard: the banner comes right after the skip link. On a desktop it sits
// in the page flow above the heading, on a phone it is a bar at the bottom
// of the screen below it: either way the heading is not under it.
async function assertBannerFirstAndInFlow(page) {
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  assert.ok(
    await page.evaluate(
      () => document.activeElement.closest("#cookie-consent") !== null,
    ),
    "reached by keyboard",
  );
  const banner = await page.locator("#cookie-consent").boundingBox();
  const heading = await page.locator("main h1").boundingBox();
  const above = heading.y >= banner.y + banner.height;
  const below = heading.y + heading.height <= banner.y;
  assert.ok(above || below, "the banner covers nothing");
}

// Accept all as a plain form: the campaign stays, the cookies are set.
async function acceptAllWithoutJavaScript(page, context) {
  await Promise.all([
    page.waitForURL(/\/faq\?/),
    page.click("#cookie-consent button[value=accept_all]"),
  ]);
  assertCampaign(page.url());
  assert.equal(await page.$("#cookie-consent"), null);
  const cookies = await context.cookies();
  assert.equal(
    cookies.find((c) => c.name === "acceptCookie")?.value,
    "necessary.analytics.marketing",
  );
  assert.ok(cookies.some((c) => c.name === "ct_attr_first"));
}

// "Cookie settings" in the footer reopens the banner with the current choice
// ticked; withdrawing marketing removes its cookies.
async function reopenAndWithdrawMarketing(page, context, locale) {
  await Promise.all([
    page.waitForURL(/cookie_settings=1/),
    page.click(`a#cookie-settings`),
  ]);
  assert.equal(
    (await page.textContent("#cookie-settings")).trim(),
    SETTINGS[locale],
  );
  assert.ok(await page.isVisible("#cookie-consent"), "reopened");
  assert.ok(
    await page.isChecked("input[name=marketing]"),
    "the current choice is ticked",
  );
  await page.uncheck("input[name=marketing]");
  await Promise.all([
    page.waitForURL((url) => !url.search.includes("cookie_settings")),
    page.click("#cookie-consent button[value=custom]"),
  ]);
  assertCampaign(page.url());
  const cookies = await context.cookies();
  assert.equal(
    cookies.find((c) => c.name === "acceptCookie")?.value,
    "necessary.analytics",
  );
  assert.deepEqual(
    cookies.map((c) => c.name).filter((n) => TRACKING_COOKIES.includes(n)),
    [],
    "marketing withdrawn: its cookies are gone",
  );
}

for (const [prefix, locale] of [
  ["", "en"],
  ["/id", "id"],
]) {
  test(`${locale}: nothing is tracked before consent; Accept all turns tracking on`, async () => {
    const context = await newContext(suite);
    const page = await context.newPage();
    const errors = collectErrors(page);
    const tracking = trackingRequests(page);
    await page.goto(`${prefix}/?${CAMPAIGN}`);
    await waitForHydration(page);
    await assertNothingTrackedBeforeConsent(page, context, tracking, locale);
    await acceptAll(page, context, prefix);
    await assertLocateSendsClickPoint(page);

    // Links carry the campaign to the next page.
    await page.goto(`${prefix}/faq?${CAMPAIGN}`);
    await Promise.all([
      page.waitForURL(/\/help/),
      page.click(`.footer-links a[href^="${prefix}/help"]`),
    ]);
    assertCampaign(page.url());
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`${locale}: Reject all stores and sends nothing`, async () => {
    const context = await newContext(suite);
    const page = await context.newPage();
    const tracking = trackingRequests(page);
    await page.goto(`${prefix}/telecom?${CAMPAIGN}`);
    // The page is on /telecom already: wait for the form's own navigation.
    await Promise.all([
      page.waitForNavigation(),
      page.click("#cookie-consent button[value=reject_all]"),
    ]);
    assert.equal(await page.$("#cookie-consent"), null);
    await waitForHydration(page);
    await page.selectOption("#country", "GB");
    await page.fill("#lookup-phone", "07400 123456");
    await Promise.all([
      page.waitForURL(/phone=07400/),
      page.click("#lookup-find"),
    ]);
    await page.waitForTimeout(500);
    assert.deepEqual(tracking, []);
    assert.deepEqual(await storedKeys(page), []);
    const names = await cookieNames(context);
    assert.deepEqual(
      names.filter((n) => TRACKING_COOKIES.includes(n)),
      [],
    );
    assert.equal(
      (await context.cookies()).find((c) => c.name === "acceptCookie")?.value,
      "necessary",
    );
    await context.close();
  });

  test(`${locale}: without JavaScript the banner works and Cookie settings reopens it`, async () => {
    const context = await newContext(suite, {
      javaScriptEnabled: false,
      viewport: { width: 320, height: 640 },
    });
    const page = await context.newPage();
    await page.goto(`${prefix}/faq?${CAMPAIGN}`);
    await assertBannerFirstAndInFlow(page);
    await acceptAllWithoutJavaScript(page, context);
    await reopenAndWithdrawMarketing(page, context, locale);
    await context.close();
  });
}
