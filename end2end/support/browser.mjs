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

export async function waitForHydration(page) {
  await page.waitForSelector("html[data-hydrated=true]", { timeout: 15_000 });
}
