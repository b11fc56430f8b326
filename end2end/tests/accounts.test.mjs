// Accounts in a real browser: log in, wrong password, reset by a
// code read from the dev outbox, the token guard and a dead token, in en and id.
import { test } from "node:test";
import assert from "node:assert/strict";
import { collectErrors, waitForHydration } from "../support/browser.mjs";
import { logIn, newContext, serverAndBrowser } from "../support/suite.mjs";

const suite = serverAndBrowser();
const PASSWORD = "secret-123";
let users = 0;

async function newUser(
  extraArgs = ["--payment-count", "1", "--vip-days", "30"],
) {
  users += 1;
  const email = `user${users}.${Date.now()}@mail.com`;
  await suite.server.createUser(email, PASSWORD, extraArgs);
  return email;
}

for (const { prefix, wrong, invalid, header } of [
  {
    prefix: "",
    wrong: "The e-mail or password is incorrect.",
    invalid: "The login status is invalid, please log in to your account.",
    header: "Account",
  },
  {
    prefix: "/id",
    wrong: "Email atau kata sandi salah.",
    invalid: null,
    header: null,
  },
]) {
  const lang = prefix || "/en";

  test(`${lang}: logging in lands on the dashboard and the header shows the e-mail`, async () => {
    const context = await newContext(suite);
    const page = await context.newPage();
    const errors = collectErrors(page);
    const email = await newUser();
    await logIn(page, prefix, email, PASSWORD);
    assert.equal(new URL(page.url()).pathname, `${prefix}/dashboard/locations`);
    assert.match(
      await page.textContent("header"),
      new RegExp(email.replace(/[.]/g, "\\.")),
    );
    if (header)
      assert.match(await page.textContent("header"), new RegExp(header));
    // The guard: with a session, the home page sends you to your dashboard.
    await page.goto(prefix || "/");
    assert.equal(new URL(page.url()).pathname, `${prefix}/dashboard/locations`);
    // Cookies: the session token is HttpOnly, invisible to scripts.
    const visible = await page.evaluate(() => document.cookie);
    assert.doesNotMatch(visible, /(^|; )token=/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`${lang}: a wrong password shows the message and keeps the e-mail`, async () => {
    const context = await newContext(suite);
    const page = await context.newPage();
    const email = await newUser();
    await logIn(page, prefix, email, "not-the-password");
    assert.equal(new URL(page.url()).pathname, `${prefix}/login`);
    assert.equal((await page.textContent("[role=alert]")).trim(), wrong);
    assert.equal(await page.inputValue("#login-email"), email);
    assert.equal(
      await page.inputValue("#login-password"),
      "",
      "passwords are never sent back",
    );
    await context.close();
  });

  test(`${lang}: the code from the outbox sets a new password and signs in; the password then works`, async () => {
    const context = await newContext(suite);
    const page = await context.newPage();
    const email = await newUser();
    await page.goto(`${prefix}/reset-password`);
    await page.fill("#reset-email", email);
    await Promise.all([
      page.waitForNavigation(),
      page.click("form[data-auth-form=send_code] button[type=submit]"),
    ]);
    assert.equal(new URL(page.url()).pathname, `${prefix}/reset-code`);
    const code = await mailedCode(email);
    await page.fill("#reset-code-code", code);
    await page.fill("#reset-code-newPassword", "brand-new-pass");
    await Promise.all([
      page.waitForNavigation(),
      page.click("form[data-auth-form=reset_with_code] button[type=submit]"),
    ]);
    // The code signs the owner in.
    assert.equal(new URL(page.url()).pathname, `${prefix}/dashboard/locations`);
    // And the new password works on its own.
    await context.clearCookies();
    await logIn(page, prefix, email, "brand-new-pass");
    assert.equal(new URL(page.url()).pathname, `${prefix}/dashboard/locations`);
    await context.close();
  });

  test(`${lang}: a dead session token sends you to log in with the invalid-login message`, async () => {
    const context = await newContext(suite);
    const { hostname } = new URL(suite.server.baseURL);
    await context.addCookies([
      { name: "token", value: "a".repeat(64), domain: hostname, path: "/" },
    ]);
    const page = await context.newPage();
    await page.goto(`${prefix}/dashboard/locations`);
    assert.equal(new URL(page.url()).pathname, `${prefix}/login`);
    const message = (await page.textContent("[role=alert]")).trim();
    if (invalid) assert.equal(message, invalid);
    else
      assert.ok(
        message.length > 0 && !/login status/.test(message),
        `localized: ${message}`,
      );
    const cookies = await context.cookies();
    assert.equal(
      cookies.find((c) => c.name === "token"),
      undefined,
      "the dead token is cleared",
    );
    await context.close();
  });
}

test("the same validators run in the browser before anything is sent", async () => {
  const context = await newContext(suite);
  const page = await context.newPage();
  await page.goto("/id/login");
  await waitForHydration(page);
  const posts = [];
  page.on("request", (req) => req.method() === "POST" && posts.push(req.url()));
  await page.fill("#login-email", "bukan-email");
  await page.fill("#login-password", "123");
  await page.click("form[data-auth-form=login] button[type=submit]");
  await page.waitForFunction(
    () =>
      document.querySelector("#login-emailErrorMsg").textContent.trim() !== "",
  );
  assert.equal(
    (await page.textContent("#login-emailErrorMsg")).trim(),
    "Periksa alamat e-mail: harus ada nama, @ dan domain, misalnya nama@contoh.com",
  );
  assert.equal(
    (await page.textContent("#login-passwordErrorMsg")).trim(),
    "Kata sandi harus terdiri dari 6 sampai 30 karakter",
  );
  assert.deepEqual(posts, []);
  await context.close();
});

test("without JavaScript the login form still works", async () => {
  const context = await newContext(suite, { javaScriptEnabled: false });
  const page = await context.newPage();
  const email = await newUser();
  await logIn(page, "", email, PASSWORD);
  assert.equal(new URL(page.url()).pathname, "/dashboard/locations");
  await context.close();
});

async function mailedCode(email) {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(
      `${suite.server.baseURL}/dev/outbox.json?to=${encodeURIComponent(email)}`,
    );
    const messages = await res.json();
    const match = messages[0]?.body_text.match(/\b(\d{6})\b/);
    if (match) return match[1];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code mailed to ${email}`);
}

test("the cancel page's login link opens the Login dialog, which signs in to billing", async () => {
  const context = await newContext(suite);
  const page = await context.newPage();
  const errors = collectErrors(page);
  const email = await newUser();
  await page.goto("/id/cancel-subscription");
  await page.click("#cancel-login");
  const dialog = page.locator("[role=dialog]");
  await dialog.waitFor({ state: "visible" });
  assert.equal(
    new URL(page.url()).pathname,
    "/id/cancel-subscription",
    "the dialog opens in place",
  );
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });
  await page.click("#cancel-login");
  await dialog.waitFor({ state: "visible" });
  await page.fill("#dialog-login-email", email);
  await page.fill("#dialog-login-password", PASSWORD);
  await Promise.all([
    page.waitForNavigation(),
    dialog.locator("button[type=submit]").click(),
  ]);
  assert.equal(new URL(page.url()).pathname, "/id/billing");
  assert.deepEqual(errors, []);
  await context.close();
});

test("without JavaScript the cancel page's link is the login page, then billing", async () => {
  const context = await newContext(suite, { javaScriptEnabled: false });
  const page = await context.newPage();
  const email = await newUser();
  await page.goto("/cancel-subscription");
  await Promise.all([page.waitForNavigation(), page.click("#cancel-login")]);
  assert.equal(
    new URL(page.url()).pathname + new URL(page.url()).search,
    "/login?redirect=billing",
  );
  await page.fill("#login-email", email);
  await page.fill("#login-password", PASSWORD);
  await Promise.all([
    page.waitForNavigation(),
    page.click("form[data-auth-form=login] button[type=submit]"),
  ]);
  assert.equal(new URL(page.url()).pathname, "/billing");
  await context.close();
});
