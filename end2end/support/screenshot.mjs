// Dev tool: node end2end/support/screenshot.mjs <url> <out.png> [width]
import { launch } from "./browser.mjs";

const [url, out, width = "1280"] = process.argv.slice(2);
const browser = await launch();
const page = await browser.newPage({
  viewport: { width: Number(width), height: 900 },
});
await page.goto(url);
await page
  .waitForSelector("html[data-hydrated=true]", { timeout: 15_000 })
  .catch(() => {});
await page.screenshot({ path: out, fullPage: true });
await browser.close();
