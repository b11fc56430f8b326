// axe-core finds no WCAG 2.1 A/AA violation on the pages of the newcomer's
// journey (the ones docs/screens shows), in en and id at 390 px: home, the
// locating answer, the offer, the payment result, the owner's page before
// and after sharing, the dashboard with the shared position, billing, a
// receipt, voice messages, lookup and the payment page.
import { test } from "node:test";
import assert from "node:assert/strict";
import { violations } from "../support/axe.mjs";
import { LANGS, walkJourney } from "../support/journey.mjs";
import { serverAndBrowser } from "../support/suite.mjs";

const suite = serverAndBrowser({ MAP_TILE_URL: "/tiles/{z}/{x}/{y}.png" });
const PAGES = [
  "home",
  "locate-result",
  "offer",
  "pay-result",
  "consent",
  "consent-shared",
  "dashboard",
  "billing",
  "receipt",
  "voice",
  "lookup",
  "pay-method",
];

for (const [code, lang] of Object.entries(LANGS)) {
  test(`${code}, 390×844: no axe-core violation along the journey, the owner's page in both states`, async () => {
    const failures = [];
    const seen = [];
    await walkJourney(
      suite.browser,
      suite.server.baseURL,
      390,
      lang,
      async (page, name) => {
        seen.push(name);
        failures.push(...(await violations(page, `${code} ${name}`)));
      },
    );
    assert.deepEqual(seen, PAGES, "every page of the journey was audited");
    assert.deepEqual(failures, [], `\n${failures.join("\n")}`);
  });
}
