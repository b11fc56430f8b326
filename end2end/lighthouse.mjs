// Lighthouse's mobile accessibility score of each page of the newcomer's
// journey (support/journey.mjs) in en and id, each page loaded by
// Lighthouse's own Chromium with the walking browser's cookies (so a
// member's pages and the payment result are the member's). Prints one line
// per page and the audits that failed; exits 1 when a page scores under 100.
// Run by scripts/lighthouse.sh, which installs Lighthouse and sets
// LIGHTHOUSE_BIN and CHROME_PATH.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { launch } from "./support/browser.mjs";
import { LANGS, walkJourney } from "./support/journey.mjs";
import { startServer } from "./support/server.mjs";

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), "ct-lighthouse-"));
const server = await startServer({ MAP_TILE_URL: "/tiles/{z}/{x}/{y}.png" });
const browser = await launch();
const below = [];

// Lighthouse on `url` with `cookies`: the score and the failed audits.
async function audit(url, cookies) {
  const out = join(dir, "report.json");
  const header = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  await run(process.env.LIGHTHOUSE_BIN, [
    url,
    "--quiet",
    "--output=json",
    `--output-path=${out}`,
    "--only-categories=accessibility",
    `--extra-headers=${JSON.stringify({ Cookie: header })}`,
    "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
  ]);
  const report = JSON.parse(readFileSync(out, "utf8"));
  const category = report.categories.accessibility;
  const failed = category.auditRefs
    .map((ref) => report.audits[ref.id])
    .filter((a) => a.score !== null && a.score < 1)
    .map((a) => `${a.id}: ${a.title}`);
  return { score: Math.round(category.score * 100), failed };
}

console.log(`${"page (mobile)".padEnd(22)} accessibility`);
try {
  for (const [code, lang] of Object.entries(LANGS)) {
    await walkJourney(
      browser,
      server.baseURL,
      390,
      lang,
      async (page, name) => {
        const cookies = await page.context().cookies();
        const { score, failed } = await audit(page.url(), cookies);
        const label = `${code} ${name}`;
        console.log(`${label.padEnd(22)} ${String(score).padStart(13)}`);
        for (const f of failed) console.log(`    ${f}`);
        if (score < 100) below.push(label);
      },
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
if (below.length) {
  console.error(`under 100: ${below.join(", ")}`);
  process.exit(1);
}
