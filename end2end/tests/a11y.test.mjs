// Accessibility: axe-core finds no WCAG 2.1 A/AA violation on any route in
// en, id and zh, on a member's dashboard, the payment page and the open Login
// dialog; and a keyboard alone gets from the skip link through the home
// search, the payment form and the Login dialog, always showing where focus
// is. The journey's pages in their states: a11y-journey.test.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { violations } from "../support/axe.mjs";
import { waitForHydration } from "../support/browser.mjs";
import { widgetReady } from "../support/checkout.mjs";
import { LOCALES, SLUGS, TEXT_SLUGS, pathOf } from "../support/routes.mjs";
import {
  newContext,
  serverAndBrowser,
  signedInMember,
} from "../support/suite.mjs";

const suite = serverAndBrowser();

async function settle(page, slug) {
  if (TEXT_SLUGS.has(slug)) await page.waitForLoadState("load");
  else await waitForHydration(page);
}

test("the audit does see violations (a planted unlabelled field and low contrast)", async () => {
  const context = await newContext(suite);
  const page = await context.newPage();
  await page.goto("/about-us");
  await page.evaluate(() => {
    const field = document.createElement("input");
    const faint = Object.assign(document.createElement("p"), {
      textContent: "faint",
    });
    faint.style.color = "#ddd";
    document.querySelector("main").append(field, faint);
  });
  const found = (await violations(page, "planted")).join("\n");
  assert.match(found, /label \(critical\)/);
  assert.match(found, /color-contrast \(serious\)/);
  await context.close();
});

test("no axe-core violation on any route in any locale", async () => {
  const context = await newContext(suite);
  const page = await context.newPage();
  const failures = [];
  for (const { prefix } of LOCALES) {
    for (const slug of [
      ...SLUGS,
      "login",
      "reset-password",
      "reset-code",
      "do-not-locate",
      "telecom/owner",
    ]) {
      const path = pathOf(prefix, slug);
      await page.goto(path);
      await settle(page, slug);
      failures.push(...(await violations(page, path)));
    }
  }
  await context.close();
  assert.deepEqual(failures, [], `\n${failures.join("\n")}`);
});

test("no axe-core violation on the open Login dialog, a member's pages or a phone screen", async () => {
  const failures = [];
  const visitor = await newContext(suite);
  const page = await visitor.newPage();
  for (const prefix of ["", "/zh"]) {
    await page.goto(`${prefix}/privacy-policy`);
    await page.click("header [data-wake=login]");
    await page.locator("[role=dialog]").waitFor({ state: "visible" });
    failures.push(
      ...(await violations(page, `${prefix}/privacy-policy + Login dialog`)),
    );
  }
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/", "/pay-method", "/id/faq"]) {
    await page.goto(path);
    await page.waitForLoadState("load");
    failures.push(...(await violations(page, `390px ${path}`)));
  }
  await visitor.close();

  const { context, page: member } = await signedInMember(
    suite,
    "/id",
    `a11y${Date.now()}@mail.com`,
    "secret-123",
  );
  for (const path of [
    "/id/dashboard/locations",
    "/id/dashboard/voice",
    "/id/dashboard/account",
    "/id/billing",
  ]) {
    await member.goto(path);
    await waitForHydration(member);
    failures.push(...(await violations(member, `member ${path}`)));
  }
  await context.close();
  assert.deepEqual(failures, [], `\n${failures.join("\n")}`);
});

test("no axe-core violation in the states pages move into: located, field errors, no-JS errors", async () => {
  const failures = [];
  const context = await newContext(suite);
  const page = await context.newPage();
  await page.goto("/id");
  await waitForHydration(page);
  await page.selectOption("#country", "ID");
  await page.locator("#phone").pressSequentially("0812", { delay: 20 });
  await page.waitForFunction(
    () => document.querySelector("#phone-error").textContent.trim() !== "",
  );
  failures.push(...(await violations(page, "/id wrong number")));
  await page.locator("#phone").pressSequentially("34567890", { delay: 20 });
  await page.click(".phone-search button[type=submit]");
  await page.waitForSelector(".locating-done", { timeout: 15_000 });
  failures.push(...(await violations(page, "/id located")));
  await page.goto("/pay-method");
  await waitForHydration(page);
  await widgetReady(page);
  await page.fill("#pf-email", "ana@mail");
  await page.click(".payment-form-host button[type=submit]");
  await page.waitForSelector(
    "#pf-emailErrorMsg:text('Check the e-mail address: it needs a name, @ and a domain, like name@example.com')",
  );
  failures.push(...(await violations(page, "/pay-method field error")));
  await context.close();

  // The no-JavaScript form path: the site's scripts are blocked (axe itself
  // needs JavaScript, so the context keeps it on).
  const plain = await newContext(suite);
  const form = await plain.newPage();
  await form.route(/\/pkg\/[^/]+\/(site|app)\.js$/, (route) => route.abort());
  await form.goto("/zh/login");
  await form.fill("#login-email", "nobody@mail.com");
  await form.fill("#login-password", "wrong-password");
  await Promise.all([
    form.waitForNavigation(),
    form.click("form[data-auth-form=login] button[type=submit]"),
  ]);
  assert.equal(
    await form.getAttribute("html", "data-hydrated"),
    null,
    "the plain form path",
  );
  assert.ok(
    await form
      .locator(".form-alert[role=alert], .field-error:not(:empty)")
      .count(),
    "the refusal is shown",
  );
  failures.push(...(await violations(form, "/zh/login refused (no scripts)")));
  await plain.close();
  assert.deepEqual(failures, [], `\n${failures.join("\n")}`);
});

// What has focus, and whether it shows a focus ring.
async function focused(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    const style = getComputedStyle(el);
    return {
      key: el.id ? `#${el.id}` : `${el.tagName.toLowerCase()}.${el.className}`,
      ring:
        style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2,
    };
  });
}

// Presses Tab until `selector` has focus (at most `limit` times); every stop
// on the way must show its focus ring.
async function tabTo(page, selector, limit = 60) {
  const path = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    const now = await focused(page);
    path.push(now.key);
    assert.ok(
      now.ring,
      `no visible focus on ${now.key} (after ${path.join(" → ")})`,
    );
    if (await page.evaluate((s) => document.activeElement.matches(s), selector))
      return path;
  }
  throw new Error(`Tab never reached ${selector}: ${path.join(" → ")}`);
}

test("a keyboard alone answers the cookie banner, reaches the search, the payment form and the Login dialog, focus always visible", async () => {
  const context = await newContext(suite);
  const page = await context.newPage();
  await page.goto("/");
  await waitForHydration(page);
  const first = await tabTo(page, ".skip-link", 1);
  assert.deepEqual(first, ["a.skip-link"], "the skip link comes first");
  // The banner comes right after the skip link; choosing by keyboard reloads the page without it.
  await tabTo(page, "#cookie-consent button[value=reject_all]", 4);
  await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
  await waitForHydration(page);
  assert.equal(
    await page.$("#cookie-consent button[value=reject_all]"),
    null,
    "the choice is made",
  );
  assert.match(
    (await context.cookies()).find((c) => c.name === "acceptCookie")?.value ??
      "",
    /^necessary$/,
  );
  await tabTo(page, ".skip-link", 1);
  await tabTo(page, "#country-search");
  await page.keyboard.type("indo");
  await tabTo(page, "#phone");
  await page.keyboard.type("0812 3456 7890");
  await tabTo(page, ".phone-search button[type=submit]", 5);
  await page.keyboard.press("Enter");
  await page.waitForSelector(".locating", { timeout: 10_000 });

  await page.goto("/pay-method");
  await waitForHydration(page);
  await widgetReady(page);
  await tabTo(page, "#pf-email");
  await page.keyboard.type("keys@mail.com");
  await tabTo(page, "main button[type=submit]", 20);

  await page.goto("/privacy-policy");
  await tabTo(page, "header [data-wake=login]");
  await page.keyboard.press("Enter");
  await page.locator("[role=dialog]").waitFor({ state: "visible" });
  assert.equal(
    (await focused(page)).key,
    "#dialog-login-email",
    "focus moves into the dialog",
  );
  await tabTo(page, "#dialog-login-password", 3);
  await page.keyboard.press("Escape");
  await page.locator("[role=dialog]").waitFor({ state: "hidden" });
  assert.equal(
    await page.evaluate(() => document.activeElement.getAttribute("data-wake")),
    "login",
    "closing gives focus back to the link that opened the dialog",
  );
  await context.close();
});
