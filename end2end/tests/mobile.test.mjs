// Readable on a phone: every route in en, id and zh at 390×844 and 320×640
// (JavaScript off, the HTML a first visit gets) has body text of at least
// 16 px, no horizontal scrolling and tap targets of at least 44×44 px; the
// signed-in pages and a real reveal link too. Desktop (1280×800) never
// scrolls sideways either.
import { test } from "node:test";
import assert from "node:assert/strict";
import { LOCALES, SLUGS, pathOf } from "../support/routes.mjs";
import {
  newContext,
  serverAndBrowser,
  signedInMember,
} from "../support/suite.mjs";

const suite = serverAndBrowser();
const PASSWORD = "secret-123";
const PHONES = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
];
const DESKTOP = { width: 1280, height: 800 };
const MIN_FONT = 16;
const MIN_TARGET = 44;
// Pages outside the route table: the account pages a visitor can open and
// the home page showing a searched number.
const EXTRA = [
  "login",
  "reset-password",
  "reset-code",
  "do-not-locate",
  "?country=ID&phone=081234567890",
];
// Lowest figures seen over the whole run, printed at the end.
const lowest = {
  font: Infinity,
  textFont: Infinity,
  target: Infinity,
  where: {},
};

// Functions sent to the page carry no closure: `fn` runs there with the
// page-side `helpers` (sent as their source) as its arguments.
function inPage(page, fn, ...helpers) {
  return page.evaluate(`(${fn})(${helpers.join(", ")})`);
}

// Runs in the page: whether `el` is shown (checkVisibility also sees what a
// closed <details> hides) and on screen.
function visible(el) {
  const r = el.getBoundingClientRect();
  const shown = el.checkVisibility({
    contentVisibilityAuto: true,
    visibilityProperty: true,
  });
  return shown && r.width > 0 && r.height > 0 && r.right > 0 && r.bottom > 0;
}

// Runs in the page: every visible control outside running text, named, with
// the size of what a finger taps.
function tapTargets(visible) {
  const label = (el) => {
    const text = (
      el.getAttribute("aria-label") ||
      el.textContent ||
      el.name ||
      el.id ||
      ""
    ).trim();
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${text.slice(0, 30)}"`;
  };
  // A checkbox or radio is tapped through its label.
  const tapBox = (el) => {
    if (el.type === "checkbox" || el.type === "radio") {
      const own =
        el.closest("label") ||
        (el.id && document.querySelector(`label[for="${el.id}"]`));
      if (own) return own.getBoundingClientRect();
    }
    return el.getBoundingClientRect();
  };
  return [
    ...document.querySelectorAll("a, button, input, select, textarea, summary"),
  ]
    .filter((el) => el.type !== "hidden" && !el.closest("p") && visible(el))
    .map((el) => {
      const r = tapBox(el);
      return {
        what: label(el),
        width: Math.round(r.width * 10) / 10,
        height: Math.round(r.height * 10) / 10,
      };
    });
}

// Runs in the page: the smallest font of any visible text (a text node's
// parent element).
function smallestTextFont(visible) {
  let textFont = Infinity;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const parent = walker.currentNode.parentElement;
    if (!walker.currentNode.textContent.trim() || !parent || !visible(parent))
      continue;
    textFont = Math.min(
      textFont,
      parseFloat(getComputedStyle(parent).fontSize),
    );
  }
  return textFont;
}

// Runs in the page: the figures one page is judged by.
function measure(visible, tapTargets, smallestTextFont) {
  return {
    bodyFont: parseFloat(getComputedStyle(document.body).fontSize),
    textFont: smallestTextFont(visible),
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    targets: tapTargets(visible),
  };
}

// Opens `path` and returns a list of what is wrong with it on this viewport.
async function problems(page, path, { phone = true } = {}) {
  const response = await page.goto(path);
  assert.ok(response.status() < 500, `${path}: ${response.status()}`);
  // Menus open, so the links they hold are judged as well.
  await page.evaluate(() =>
    document.querySelectorAll("details").forEach((d) => (d.open = true)),
  );
  const m = await inPage(page, measure, visible, tapTargets, smallestTextFont);
  const found = [];
  if (m.scrollWidth > m.innerWidth)
    found.push(`scrolls sideways: ${m.scrollWidth} > ${m.innerWidth}`);
  if (!phone) return found;
  if (m.bodyFont < MIN_FONT) found.push(`body font ${m.bodyFont}px`);
  const small = m.targets.filter(
    (t) => t.width < MIN_TARGET || t.height < MIN_TARGET,
  );
  if (small.length)
    found.push(
      `small tap targets: ${small.map((t) => `${t.what} ${t.width}×${t.height}`).join(", ")}`,
    );
  record(path, m);
  return found;
}

function record(path, m) {
  if (m.bodyFont < lowest.font)
    [lowest.font, lowest.where.font] = [m.bodyFont, path];
  if (m.textFont < lowest.textFont)
    [lowest.textFont, lowest.where.textFont] = [m.textFont, path];
  for (const t of m.targets) {
    const side = Math.min(t.width, t.height);
    if (side < lowest.target)
      [lowest.target, lowest.where.target] = [side, `${path} ${t.what}`];
  }
}

// Checks every path on every phone viewport in one context; fails listing them all.
async function checkPhones(context, paths) {
  const page = await context.newPage();
  const failures = [];
  for (const viewport of PHONES) {
    await page.setViewportSize(viewport);
    for (const path of paths) {
      for (const p of await problems(page, path))
        failures.push(`${viewport.width}px ${path}: ${p}`);
    }
  }
  await page.close();
  assert.deepEqual(failures, [], `\n${failures.join("\n")}`);
}

async function signedIn(prefix, javaScriptEnabled = false) {
  const email = `phone${Date.now()}${Math.random().toString(36).slice(2, 6)}@mail.com`;
  return signedInMember(suite, prefix, email, PASSWORD, { javaScriptEnabled });
}

// Asks to locate a fresh number and returns the owner's link from the SMS outbox.
async function revealLink(page) {
  const local = `0813${String(Date.now() % 1e7).padStart(7, "0")}`;
  await page.selectOption("#locate-create-form select#country", "ID");
  await page.fill("#locate-phone", local);
  await page.selectOption("#locate-note", { index: 1 });
  await Promise.all([page.waitForNavigation(), page.click("#locate-submit")]);
  const to = encodeURIComponent(`+62${local.slice(1)}`);
  for (let i = 0; i < 100; i++) {
    const res = await fetch(
      `${suite.server.baseURL}/dev/outbox.json?to=${to}&channel=sms`,
    );
    const [sms] = await res.json();
    const link = sms?.body_text.match(
      /https?:\/\/\S+reveal-location\?t=[0-9a-f]{64}/,
    )?.[0];
    if (link) return new URL(link).pathname + new URL(link).search;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("no SMS with a reveal link");
}

for (const { prefix, lang } of LOCALES) {
  test(`${lang}: every route is readable on a phone without JavaScript`, async () => {
    const context = await newContext(suite, { javaScriptEnabled: false });
    const paths = [...SLUGS, ...EXTRA].map((slug) =>
      slug.startsWith("?") ? `${prefix || "/"}${slug}` : pathOf(prefix, slug),
    );
    await checkPhones(context, paths);
    await context.close();
  });
}

for (const prefix of ["", "/id"]) {
  test(`${prefix || "/en"}: signed-in pages and a real reveal link are readable on a phone`, async () => {
    const { context, page } = await signedIn(prefix);
    const reveal = await revealLink(page);
    const paths = [
      "dashboard/locations",
      "dashboard/account",
      "billing",
      "do-not-locate",
    ].map((s) => pathOf(prefix, s));
    await checkPhones(context, paths);
    await context.close();
    // The owner opens the link on a phone of their own, signed out.
    const owner = await newContext(suite, { javaScriptEnabled: false });
    await checkPhones(owner, [reveal]);
    // After deciding, the page shows the decision and the actions still open.
    const decide = await owner.newPage();
    await decide.goto(reveal);
    await Promise.all([
      decide.waitForNavigation(),
      decide.click("#reveal-decline"),
    ]);
    assert.equal(
      await decide.locator("#reveal-block-future").count(),
      1,
      "block is still offered",
    );
    await decide.close();
    await checkPhones(owner, [reveal]);
    await owner.close();
  });
}

test("with JavaScript on, the home page and the dashboard stay readable on a phone", async () => {
  const { context, page } = await signedIn("", true);
  await page.setViewportSize(PHONES[0]);
  const failures = [];
  for (const path of ["/", "/dashboard/locations", "/pay-method"]) {
    await page.goto(path);
    await page.waitForSelector("html[data-hydrated=true]", { timeout: 15_000 });
    const m = await inPage(
      page,
      measure,
      visible,
      tapTargets,
      smallestTextFont,
    );
    if (m.scrollWidth > m.innerWidth)
      failures.push(`${path}: scrolls sideways ${m.scrollWidth}`);
    const small = m.targets.filter(
      (t) => t.width < MIN_TARGET || t.height < MIN_TARGET,
    );
    if (small.length)
      failures.push(
        `${path}: ${small.map((t) => `${t.what} ${t.width}×${t.height}`).join(", ")}`,
      );
  }
  await context.close();
  assert.deepEqual(failures, [], `\n${failures.join("\n")}`);
});

test("no page scrolls sideways on a desktop window", async () => {
  const context = await newContext(suite, {
    javaScriptEnabled: false,
    viewport: DESKTOP,
  });
  const page = await context.newPage();
  const failures = [];
  for (const { prefix } of LOCALES) {
    for (const slug of [...SLUGS, ...EXTRA.slice(0, 3)]) {
      const path = pathOf(prefix, slug);
      for (const p of await problems(page, path, { phone: false }))
        failures.push(`1280px ${path}: ${p}`);
    }
  }
  await context.close();
  assert.deepEqual(failures, [], `\n${failures.join("\n")}`);
});

test("figures", () => {
  console.log(
    `smallest body font ${lowest.font}px (${lowest.where.font}); smallest text ${lowest.textFont}px ` +
      `(${lowest.where.textFont}); smallest tap target side ${lowest.target}px (${lowest.where.target})`,
  );
});
