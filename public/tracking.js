// Consent-gated tracking: a small plain module, so it needs no WASM.
// It reads the `acceptCookie` cookie the server wrote from the banner and
// does nothing a category was not granted for: no storage key written, no
// request sent. The server checks the same cookie on every tracking call
// and refuses those without consent, so this file is not the only guard.
const API = "/api_f/v1";
// The spec's local-storage keys (marketing); each maps to the query
// parameter it is taken from, or null for the ones made here.
const STORAGE = {
  channel: "channel", utm_term: "utm_term", global_method: "methods", hmci: "utm_medium",
  gclid: "gclid", wbraid: "wbraid", uuid: null, eventToken: null,
};

function cookie(name) {
  const pair = document.cookie.split("; ").find((c) => c.startsWith(`${name}=`));
  return pair ? decodeURIComponent(pair.slice(name.length + 1)) : "";
}

// `necessary[.analytics][.marketing]`; anything else means "not chosen".
export function readConsent(value) {
  const parts = value.split(".");
  if (parts[0] !== "necessary") return null;
  return { analytics: parts.includes("analytics"), marketing: parts.includes("marketing") };
}

// 0 Android, 1 iOS, 2 anything else (the click point's `os`).
function osCode() {
  const ua = navigator.userAgent;
  if (/android/i.test(ua)) return 0;
  if (/iphone|ipad|ipod/i.test(ua)) return 1;
  return 2;
}

function randomAlphanumeric(length) {
  const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => chars[b % chars.length]).join("");
}

function randomHex(bytes) {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
}

// Marketing: the campaign of this visit (latest touch wins), the visitor id
// and the event token (made once).
function storeCampaign(params) {
  for (const [key, param] of Object.entries(STORAGE)) {
    const value = param && params.get(param);
    if (value) localStorage.setItem(key, value.slice(0, 200));
    else if (localStorage.getItem(key) === null) localStorage.setItem(key, "");
  }
  if (!localStorage.getItem("uuid")) localStorage.setItem("uuid", `${Date.now()}${randomAlphanumeric(16)}`);
  if (!localStorage.getItem("eventToken")) localStorage.setItem("eventToken", randomHex(32));
}

// Marketing withdrawn: what it stored goes.
function forgetCampaign() {
  for (const key of Object.keys(STORAGE)) localStorage.removeItem(key);
}

// Tracking errors are only logged: they never disturb the page.
function post(path, body, headers = {}) {
  return fetch(`${API}${path}`, { method: "POST", body, headers, keepalive: true, credentials: "same-origin" })
    .catch((e) => console.warn("tracking call failed", path, e));
}

function clickPoint(btnId) {
  const body = new URLSearchParams({ apkChannel: localStorage.getItem("channel") || "SEO", btnId, os: String(osCode()) });
  post("/operationLog/protal", body);
}

function pageView() {
  const body = new URLSearchParams({
    currDocument: location.pathname, domain: location.hostname, eventCode: "page_view", eventType: "1",
  });
  post("/operationLog/event", body, {
    apk_version_code: "web", phone_os: String(osCode()), track_id: localStorage.getItem("uuid") || "", version: "1",
  });
}

function conversion(pixel, eventName, eventId, params) {
  const test = params.get("testEventCode");
  const query = test ? `?test=true&testEventCode=${encodeURIComponent(test)}` : "";
  const body = JSON.stringify({
    actionSource: "website", eventName, eventTime: Math.floor(Date.now() / 1000), eventId,
    eventSourceUrl: location.href, userData: { fbc: cookie("_fbc"), fbp: cookie("_fbp") },
  });
  post(`/fackbook/conversions/${encodeURIComponent(pixel || "0")}${query}`, body, { "content-type": "application/json" });
}

function start() {
  const consent = readConsent(cookie("acceptCookie"));
  if (!consent) return;
  const params = new URLSearchParams(location.search);
  const pixel = document.querySelector("script[data-tracking]")?.dataset.pixel || "";
  if (consent.marketing) storeCampaign(params);
  else forgetCampaign();
  if (consent.analytics) pageView();
  // Capture phase: islands may stop the click from bubbling.
  document.addEventListener("click", (event) => {
    const button = event.target.closest?.("[data-click], .pay-button");
    if (!button) return;
    const btnId = button.dataset.click || "pay";
    if (consent.analytics) clickPoint(btnId);
    if (consent.marketing && btnId === "pay") conversion(pixel, "InitiateCheckout", `checkout-${randomHex(8)}`, params);
  }, true);
  const orderNo = params.get("orderNo");
  if (consent.marketing && orderNo && location.pathname.endsWith("/pay-result")) {
    // The server reports the same purchase with the same event id when the
    // payment is confirmed, so Meta counts it once.
    conversion(pixel, "Purchase", `purchase-${orderNo}`, params);
  }
}

if (typeof document !== "undefined") start();
