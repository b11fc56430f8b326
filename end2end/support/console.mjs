// The support console's staff in browser tests: an account made with
// `server staff create`, signed in with its password and a TOTP code.
import assert from "node:assert/strict";
import { totp } from "./totp.mjs";

export const PASSWORD = "console-pass-123";
let serial = 0;
const unique = () => `${Date.now() % 1e7}${serial++}`;

// A staff member of `role`; returns their e-mail and TOTP secret.
export async function createStaff(suite, role) {
  const email = `${role}.${unique()}@cooltracker.com`;
  const out = await suite.server.cliWithInput(
    ["staff", "create", "--email", email, "--role", role, "--password-stdin"],
    `${PASSWORD}\n`,
  );
  const secret = out.match(/otpauth:\/\/totp\/\S*[?&]secret=([A-Z2-7]+)/);
  assert.ok(secret, `no otpauth URI in:\n${out}`);
  return { email, secret: secret[1] };
}

// Signs `staff` in through the console's sign-in page, which /admin sends to.
export async function signIn(page, prefix, staff) {
  await page.goto(`${prefix}/admin`);
  assert.equal(
    new URL(page.url()).pathname,
    `${prefix}/admin/sign-in`,
    "the console asks who you are first",
  );
  await page.fill("#staff-email", staff.email);
  await page.fill("#staff-password", PASSWORD);
  await page.fill("#staff-totp", totp(staff.secret));
  await Promise.all([
    page.waitForURL(`**${prefix}/admin`),
    page.click("form:has(#staff-totp) button[type=submit]"),
  ]);
}
