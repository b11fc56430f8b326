// Every route of the site and the locales it is served in.
export const SLUGS = [
  "",
  "voice-sms",
  "telecom",
  "phone-locate",
  "about-us",
  "privacy-policy",
  "term-of-use",
  "intellectual",
  "cookie-policy",
  "contact-us",
  "faq",
  "help",
  "cancel-subscription",
  "pay-method",
  "pay-result",
  "reveal-location",
  "unsubscribe",
  "404",
  "billing",
];
export const LOCALES = [
  { prefix: "", lang: "en" },
  { prefix: "/id", lang: "id" },
  { prefix: "/zh", lang: "zh-Hans" },
];
export function pathOf(prefix, slug) {
  if (!slug) return prefix || "/";
  return `${prefix}/${slug}`;
}
// Text pages: they load the app WASM only when a `data-wake` element is used
// (app/src/routes.rs `Page::hydrates_at_once`).
export const TEXT_SLUGS = new Set([
  "phone-locate",
  "about-us",
  "privacy-policy",
  "term-of-use",
  "intellectual",
  "cookie-policy",
  "contact-us",
  "faq",
  "help",
  "cancel-subscription",
  "unsubscribe",
  "404",
]);
