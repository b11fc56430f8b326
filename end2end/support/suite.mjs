// Shared set-up of a browser test file: one server and one browser for all
// its tests, stopped afterwards. Use the returned object's fields in tests.
import { after, before } from "node:test";
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
  return suite.browser.newContext({ baseURL: suite.server.baseURL, ...options });
}
