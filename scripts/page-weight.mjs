// Prints what each public page and the main member pages download of the
// site's JS + WASM, raw and brotli, at first load and after the first
// interaction (the chat launcher, else "Log in"), in headless Chromium
// against the built debug server. Needs `scripts/build.sh` output and the
// end2end packages (`cd end2end && npm ci`). Run by scripts/measure.sh.
import { launch } from "../end2end/support/browser.mjs";
import { SLUGS, TEXT_SLUGS, pathOf } from "../end2end/support/routes.mjs";
import { startServer } from "../end2end/support/server.mjs";
import {
  HOME_TARGET,
  PAGE_BUDGET,
  TEXT_PAGE_BUDGET,
  weighPage,
} from "../end2end/support/weight.mjs";

const kb = (n) => `${(n / 1000).toFixed(1)}`.padStart(7);
const MEMBER_PATHS = [
  "/dashboard/locations",
  "/dashboard/voice",
  "/dashboard/account",
  "/billing",
];

function budgetOf(slug) {
  if (slug === "") return HOME_TARGET;
  return TEXT_SLUGS.has(slug) ? TEXT_PAGE_BUDGET : PAGE_BUDGET;
}

function row(path, w, budget) {
  const over = w.first.br > budget ? "  OVER" : "";
  console.log(
    `${path.padEnd(24)}${kb(w.first.raw)}${kb(w.first.br)}${kb(w.after.raw)}${kb(w.after.br)}  ${String(w.first.count).padStart(2)}/${String(w.after.count).padEnd(2)} ${kb(budget)}${over}`,
  );
}

async function signIn(page, email, password) {
  await page.goto("/login");
  await page.fill("#login-email", email);
  await page.fill("#login-password", password);
  await Promise.all([
    page.waitForNavigation(),
    page.click("form[data-auth-form=login] button[type=submit]"),
  ]);
}

const server = await startServer();
let browser = null;
try {
  browser = await launch();
  console.log(
    "page (KB, JS+WASM+texts)  first load     after 1st use  files   budget",
  );
  console.log(
    "                            raw brotli     raw brotli  first/after",
  );
  const visitor = await browser.newContext({ baseURL: server.baseURL });
  for (const slug of [...SLUGS, "login"]) {
    const path = pathOf("", slug);
    row(path, await weighPage(visitor, path), budgetOf(slug));
  }
  await visitor.close();
  const [email, password] = ["weigh@example.com", "weigh-pass-123"];
  await server.createUser(email, password, [
    "--payment-count",
    "1",
    "--vip-days",
    "30",
  ]);
  const member = await browser.newContext({ baseURL: server.baseURL });
  const page = await member.newPage();
  await signIn(page, email, password);
  await page.close();
  for (const path of MEMBER_PATHS)
    row(`${path} (member)`, await weighPage(member, path), PAGE_BUDGET);
  await member.close();
} finally {
  await browser?.close();
  await server.stop();
}
