// The newcomer's journey, walked in a real browser for the screenshots
// (screens.mjs), the accessibility audit (tests/a11y-journey.test.mjs) and
// Lighthouse (lighthouse.mjs): home, the locating answer, the offer, a
// sandbox payment and its result, the dashboard, the owner's page before
// and after sharing, the dashboard's map, billing, a receipt, voice
// messages and lookup; then the payment page as a visitor who comes
// straight to it. `visit(page, name)`
// is called on each page once it has settled.
import { waitForHydration } from "./browser.mjs";
import {
  askToLocate,
  enterDashboard,
  mobile,
  outcome,
  payByCard,
  sandboxPay,
} from "./checkout.mjs";

const COORDS = { latitude: -6.175392, longitude: 106.827153, accuracy: 30 };
// A trial is once per card: each walk pays with a card not used before.
const CARDS = [
  "4242 4242 4242 4242",
  "5555 5555 5555 4444",
  "4000 0566 5566 5556",
  "2223 0031 2200 3222",
  "5200 8282 8282 8210",
  "5105 1051 0510 5100",
];
let walks = 0;

export const LANGS = {
  en: { prefix: "", locale: "en-US" },
  id: { prefix: "/id", locale: "id-ID" },
};

// A context at `width` in `lang`, the cookie choice made (so each page shows
// itself rather than the banner).
export async function journeyContext(
  browser,
  baseURL,
  width,
  lang,
  extra = {},
) {
  const ctx = await browser.newContext({
    baseURL,
    viewport: { width, height: width < 600 ? 844 : 768 },
    deviceScaleFactor: 1,
    timezoneId: "Asia/Jakarta",
    locale: lang.locale,
    ...extra,
  });
  await ctx.addCookies([
    { name: "acceptCookie", value: "necessary", url: baseURL },
  ]);
  return ctx;
}

async function ownerLink(baseURL, e164) {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(
      `${baseURL}/dev/outbox.json?to=${encodeURIComponent(e164)}&channel=sms`,
    );
    const [sms] = await res.json();
    const link = sms?.body_text.match(/reveal-location\?t=[0-9a-f]{64}/)?.[0];
    if (link) return `/${link}`;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS to ${e164}`);
}

// Home, the locating answer, the offer, the payment and its result; leaves
// `page` on the new member's dashboard with the number ready.
async function newcomer(page, lang, local, visit) {
  await page.goto(lang.prefix || "/");
  await waitForHydration(page);
  await visit(page, "home");
  await page.selectOption("#country", "ID");
  await page.fill("#phone", local);
  await page.click("form.phone-search button[type=submit]");
  await page.waitForSelector(".locating-done:not([hidden])", {
    timeout: 15_000,
  });
  await visit(page, "locate-result");
  await Promise.all([
    page.waitForURL(/\/pay-method\?/),
    page.click(".locating-done a.btn-primary"),
  ]);
  await waitForHydration(page);
  await visit(page, "offer");
  const card = CARDS[walks++ % CARDS.length];
  await payByCard(page, true, `journey${Date.now() % 1e7}.${walks}@mail.com`);
  await sandboxPay(page, card);
  await waitForHydration(page);
  await outcome(page, true, "success");
  await visit(page, "pay-result");
  await enterDashboard(page, lang.prefix);
}

// The owner's page before and after sharing; the requester's map after.
async function ownerShares(page, open, baseURL, lang, local, visit) {
  await askToLocate(page, local);
  const link = await ownerLink(baseURL, `+62${local.slice(1)}`);
  const ownerCtx = await open({
    geolocation: COORDS,
    permissions: ["geolocation"],
  });
  const owner = await ownerCtx.newPage();
  await owner.goto(`${lang.prefix}${link}`);
  await waitForHydration(owner);
  await visit(owner, "consent");
  await owner.click("#reveal-share");
  await owner.waitForSelector("[data-reveal-state=shared]", {
    timeout: 15_000,
  });
  await visit(owner, "consent-shared");
  await ownerCtx.close();
  await page.waitForSelector("li.locate-row .located-position", {
    timeout: 15_000,
  });
  await visit(page, "dashboard");
}

// The whole walk at `width` in `lang` (a value of LANGS).
export async function walkJourney(browser, baseURL, width, lang, visit) {
  const open = (extra) => journeyContext(browser, baseURL, width, lang, extra);
  const ctx = await open();
  const page = await ctx.newPage();
  const local = mobile();
  await newcomer(page, lang, local, visit);
  await ownerShares(page, open, baseURL, lang, local, visit);
  await page.goto(`${lang.prefix}/billing`);
  await waitForHydration(page);
  await visit(page, "billing");
  await Promise.all([
    page.waitForURL(/\/billing\/receipt\?no=/),
    page.click("#billing-charges a.billing-receipt"),
  ]);
  await visit(page, "receipt");
  for (const [path, name] of [
    ["/dashboard/voice", "voice"],
    ["/telecom", "lookup"],
  ]) {
    await page.goto(`${lang.prefix}${path}`);
    await waitForHydration(page);
    await visit(page, name);
  }
  await ctx.close();
  const visitor = await open();
  const plain = await visitor.newPage();
  await plain.goto(`${lang.prefix}/pay-method`);
  await waitForHydration(plain);
  await visit(plain, "pay-method");
  await visitor.close();
}
