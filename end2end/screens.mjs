// Writes docs/screens/<page>-<width>.png (English) and
// docs/screens/<page>-id-<width>.png (Indonesian, the main pages) at a
// phone's 390 px and a laptop's 1366 px, device scale 1, on a fresh server
// with the sandbox provider, along the newcomer's journey
// (support/journey.mjs). Run by scripts/screens.sh after scripts/build.sh.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { launch } from "./support/browser.mjs";
import { ROOT } from "./support/env.mjs";
import { LANGS, walkJourney } from "./support/journey.mjs";
import { startServer } from "./support/server.mjs";

const OUT = join(ROOT, "docs", "screens");
const WIDTHS = [390, 1366];
// The Indonesian set: the pages a newcomer and an owner meet.
const MAIN = new Set([
  "home",
  "offer",
  "pay-method",
  "pay-result",
  "dashboard",
  "consent",
  "consent-shared",
  "billing",
  "receipt",
]);

const server = await startServer({ MAP_TILE_URL: "/tiles/{z}/{x}/{y}.png" });
const browser = await launch();
mkdirSync(OUT, { recursive: true });

function shooter(code, width) {
  return async (page, name) => {
    if (code !== "en" && !MAIN.has(name)) return;
    await page.waitForLoadState("networkidle").catch(() => {});
    const file = `${name}${code === "en" ? "" : `-${code}`}-${width}.png`;
    await page.screenshot({ path: join(OUT, file), fullPage: true });
    console.log(`docs/screens/${file}`);
  };
}

try {
  for (const [code, lang] of Object.entries(LANGS)) {
    for (const width of WIDTHS)
      await walkJourney(
        browser,
        server.baseURL,
        width,
        lang,
        shooter(code, width),
      );
  }
} finally {
  await browser.close();
  await server.stop();
}
