// An owner who opens the link after it expired is offered nothing, and the
// requester sees "expired". Links live 2 s on this server.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  newContext,
  serverAndBrowser,
  signedInMember,
} from "../support/suite.mjs";

const suite = serverAndBrowser({ LOCATE_LINK_TTL_SECS: "2" });

test("an expired link offers nothing and the request shows expired", async () => {
  const email = `exp${Date.now()}@mail.com`;
  const { context, page } = await signedInMember(
    suite,
    "/id",
    email,
    "secret-123",
  );
  await page.selectOption("#locate-create-form select#country", "ID");
  await page.fill("#locate-phone", "0812-7777-8888");
  await Promise.all([page.waitForNavigation(), page.click("#locate-submit")]);
  const id = new URL(page.url()).searchParams.get("created");

  let link;
  for (let i = 0; i < 50 && !link; i++) {
    const [sms] = await (
      await fetch(
        `${suite.server.baseURL}/dev/outbox.json?to=%2B6281277778888&channel=sms`,
      )
    ).json();
    link = sms?.body_text.match(
      /https?:\/\/\S+reveal-location\?t=[0-9a-f]{64}/,
    )?.[0];
    if (!link) await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(link, "the SMS carries the link");
  await new Promise((r) => setTimeout(r, 2500));

  const owner = await newContext(suite, {
    geolocation: { latitude: 1, longitude: 1 },
    permissions: ["geolocation"],
  });
  const ownerPage = await owner.newPage();
  await ownerPage.goto(link);
  await ownerPage.waitForSelector("[data-reveal-state=gone]");
  assert.equal(await ownerPage.locator("#reveal-share").count(), 0);

  await page.reload();
  await page.waitForSelector(
    `li.locate-row[data-request-id="${id}"][data-status="expired"]`,
  );
  await owner.close();
  await context.close();
});
