// Shared set-up of a browser test file: one server and one browser for all
// its tests, stopped afterwards. Use the returned object's fields in tests.
import { after, before } from "node:test";
import assert from "node:assert/strict";
import { launch } from "./browser.mjs";
import { startServer } from "./server.mjs";

export function serverAndBrowser(extraEnv = {}) {
  const suite = { server: null, browser: null };
  before(async () => {
    suite.server = await startServer(extraEnv);
    suite.browser = await launch();
  });
  after(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}

// A fresh browser context on the test server (JavaScript on unless told otherwise).
export function newContext(suite, options = {}) {
  return suite.browser.newContext({
    baseURL: suite.server.baseURL,
    ...options,
  });
}

// Signs in through the login form on `page`.
export async function logIn(page, prefix, email, password) {
  await page.goto(`${prefix}/login`);
  await page.fill("#login-email", email);
  await page.fill("#login-password", password);
  await Promise.all([
    page.waitForNavigation(),
    page.click("form[data-auth-form=login] button[type=submit]"),
  ]);
}

// A new subscriber (`email`, `password`), signed in on a fresh page of a fresh
// context, which is left on the dashboard.
export async function signedInMember(
  suite,
  prefix,
  email,
  password,
  contextOptions = {},
) {
  await suite.server.createUser(email, password, [
    "--payment-count",
    "1",
    "--vip-days",
    "30",
  ]);
  const context = await newContext(suite, contextOptions);
  const page = await context.newPage();
  await logIn(page, prefix, email, password);
  assert.equal(new URL(page.url()).pathname, `${prefix}/dashboard/locations`);
  return { context, page };
}
