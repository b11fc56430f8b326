// Headless Debian Chromium through playwright-core (never a downloaded browser).
import { chromium } from "playwright-core";
import { CHROMIUM } from "./env.mjs";

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export async function launch() {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

// Records console errors and uncaught exceptions of a page.
export function collectErrors(page) {
  const errors = [];
  page.on("console", (msg) => {
    if (msg.type() === "error")
      errors.push(`console: ${msg.text()} @ ${msg.location().url}`);
  });
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
  return errors;
}

// Stops the page's clock, so keys pressed next go in as one unbroken burst:
// a slow machine cannot turn a late keystroke into a typing pause. The
// page's context must have installed the clock (`context.clock.install()`)
// before the page loaded; `page.clock.runFor` and `page.clock.resume` move
// it on.
export async function holdPageClock(page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1_000);
}

export async function waitForHydration(page) {
  await page.waitForSelector("html[data-hydrated=true]", { timeout: 15_000 });
}
