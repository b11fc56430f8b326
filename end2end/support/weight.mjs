// What a page downloads of the site's own JS + WASM, raw and brotli (the
// pre-compressed `.br` file the server sends a browser that accepts it), at
// first load and after the first interaction. Sizes come from the files in
// the built site, so the figures do not depend on the client's encodings.
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { SITE_ROOT } from "./env.mjs";

// Budgets (brotli bytes of JS + WASM + the page's texts): the home page
// 150 KB, every other page 200 KB, text pages 20 KB until used.
export const HOME_TARGET = 150_000;
export const PAGE_BUDGET = 200_000;
export const TEXT_PAGE_BUDGET = 20_000;

function sizes(pathname) {
  const file = join(SITE_ROOT, pathname);
  if (!existsSync(file)) return null;
  const raw = statSync(file).size;
  const br = existsSync(`${file}.br`) ? statSync(`${file}.br`).size : raw;
  return { raw, br };
}

// Starts recording the JS and WASM files `page` requests, and the texts the
// WASM loads (it carries none of its own, so they count as its code).
export function recordCode(page) {
  const files = new Map();
  page.on("request", (req) => {
    const { pathname } = new URL(req.url());
    if (!/\.(m?js|wasm)$|\/texts\/[a-z]+\.json$/.test(pathname)) return;
    const size = sizes(pathname);
    if (size) files.set(pathname, size);
  });
  return {
    files,
    total() {
      let raw = 0;
      let br = 0;
      for (const size of files.values()) {
        raw += size.raw;
        br += size.br;
      }
      return { raw, br, count: files.size };
    },
  };
}

async function settle(page) {
  await page.waitForLoadState("networkidle");
}

// The first thing a visitor is likely to use: the help chat launcher where
// the page has one, else the header's "Log in".
async function interact(page) {
  for (const selector of ["[data-wake=chat]", "header [data-wake=login]"]) {
    const el = page.locator(selector).first();
    if ((await el.count()) && (await el.isVisible())) {
      await el.click();
      return selector;
    }
  }
  return null;
}

// Loads `path` on a fresh page of `context`: the code at first load, then
// after the first interaction.
export async function weighPage(context, path) {
  const page = await context.newPage();
  const code = recordCode(page);
  await page.goto(path);
  // A page that boots its app at once does so after its first paint, which
  // a loaded machine can report after the network fell idle: wait for it.
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.hydrated === "true" ||
      !/eager: true/.test(
        document.querySelector("script[type=module]")?.textContent ?? "",
      ),
    null,
    { timeout: 15_000 },
  );
  await settle(page);
  const first = code.total();
  const firstFiles = [...code.files.keys()];
  const used = await interact(page);
  if (used) {
    // The app (if the use woke it) has hydrated, and what it loads is in.
    await page
      .waitForSelector("html[data-hydrated=true]", { timeout: 15_000 })
      .catch(() => {});
    await settle(page);
  }
  const after = code.total();
  await page.close();
  return {
    path,
    first,
    after,
    used,
    firstFiles,
    files: [...code.files.keys()],
  };
}
