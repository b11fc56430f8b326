// The site's one plain script, loaded by every page (a few kilobytes, no
// WASM). It boots the hydrate WASM (after the first paint where islands run
// from the start, on the first use of a `data-wake` element on text pages)
// and applies the rules that need no WASM: reload once a minute at most when
// the app fails to load, the online/offline indicator, smooth in-page links
// and the link-opening rules.

import { applyLinkRules, plainClick } from "./links.js";

const RELOAD_KEY = "ct-chunk-reload";
const RELOAD_THROTTLE_MS = 60_000;
const BACK_ONLINE_SHOWN_MS = 4_000;
/// How long a page that reports no paint waits before its app starts.
const FIRST_PAINT_WAIT_MS = 3_000;

// Islands that only answer a visitor's action (the dialogs: login, payment;
// the help chat; a member's billing panel and the checkout's payment widget,
// whose plain forms work meanwhile and hand over what was typed) hydrate on
// the first pointer, key or focus use of the page, not at start: their code
// is a lazy WASM chunk the page then downloads only when used.
const ON_FIRST_USE = /^(DialogLayer|HelpChat|BillingPanel|PayMethodForm)_/;
// The voice composer too (its plain form works meanwhile and what was typed
// stays), unless this browser keeps a draft its writer left to choose a
// plan: that draft comes back as the page opens.
const VOICE_COMPOSER = /^VoiceComposer_/;
const KEPT_VOICE_DRAFT = "ct.voiceDraft"; // draft_store.rs KEY
const USE_EVENTS = ["pointerdown", "keydown", "focusin", "touchstart"];

let booting = null;
let hydrated = false;
let appModule = null;
let used = false;
let lateIslands = null;
let lateReady = false;

/// Entry point, called by the page's inline boot script: `boot` names the
/// app chunk (`js`, `wasm`), the page's language file (`texts`, `lang`) and
/// whether the page hydrates at once (`eager`).
export function start(boot) {
  document.addEventListener("click", (event) => onClick(event, boot), true);
  document.addEventListener("submit", holdUntilReady, true);
  document.addEventListener("click", applyLinkRules);
  const onUse = () => {
    used = true;
    hydrateLate();
    for (const type of USE_EVENTS)
      document.removeEventListener(type, onUse, true);
  };
  for (const type of USE_EVENTS) document.addEventListener(type, onUse, true);
  watchConnection();
  if (boot.eager)
    afterFirstPaint(() => hydrate(boot).catch(() => reloadOnce()));
}

/// Runs `task` once the browser reports the page's first paint: the app
/// chunk (about 135 KB) and its compile must not compete with the HTML and
/// CSS of that frame. An animation frame's callback is not that moment: it
/// runs before the frame is painted, and Chromium was seen holding the
/// first paint for a second while the app loaded. A browser without paint
/// timing starts after the next frame; a page that is never painted (a
/// background tab) starts after `FIRST_PAINT_WAIT_MS`.
function afterFirstPaint(task) {
  if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes("paint")) {
    requestAnimationFrame(() => setTimeout(task, 0));
    return;
  }
  let started = false;
  let observer = null;
  const run = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    clearTimeout(fallback);
    setTimeout(task, 0);
  };
  const fallback = setTimeout(run, FIRST_PAINT_WAIT_MS);
  observer = new PerformanceObserver(run);
  observer.observe({ type: "paint", buffered: true });
}

function hydrateIslands(app, late) {
  // Lazy islands return a promise that fetches their WASM chunk first:
  // started together, the chunks download side by side.
  const islands = [...document.querySelectorAll("leptos-island")]
    .filter((el) => onFirstUse(el.dataset.component) === late)
    .map((el) => {
      const island = app[el.dataset.component];
      if (!island) return console.warn("missing island", el.dataset.component);
      return island(el);
    });
  return Promise.all(islands);
}

/// Whether the island `name` hydrates on the page's first use.
function onFirstUse(name) {
  if (VOICE_COMPOSER.test(name)) return !keptVoiceDraft();
  return ON_FIRST_USE.test(name);
}

function keptVoiceDraft() {
  try {
    return localStorage.getItem(KEPT_VOICE_DRAFT) !== null;
  } catch {
    return false; // no storage: no draft can have been kept
  }
}

/// Hydrates the islands kept for the first use, once the app is loaded.
function hydrateLate() {
  if (!appModule) return null;
  lateIslands ??= (async () => {
    // In a task of its own: the event that woke them is answered first.
    await yieldToBrowser();
    await hydrateIslands(appModule, true);
    // Their listeners are installed in effects, which run after this task.
    await new Promise((resolve) => setTimeout(resolve, 0));
    lateReady = true;
  })();
  return lateIslands;
}

/// The page's texts: the WASM carries none, so it gets its one language.
async function fetchTexts(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`texts: ${res.status}`);
  return res.json();
}

/// Lets the browser handle input and paint before the next step.
function yieldToBrowser() {
  if (globalThis.scheduler?.yield) return globalThis.scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/// Loads the app chunk (JS glue + WASM) and the page's texts, then hydrates
/// the islands, once; `all`: those kept for the first use too (the page is
/// being used).
function hydrate({ js, wasm, texts, lang }, all = false) {
  booting ??= (async () => {
    const [app, words] = await Promise.all([import(js), fetchTexts(texts)]);
    await app.default({ module_or_path: wasm });
    // Start-up is split into tasks the browser can answer input between:
    // compiled module, hydrated page, lazily loaded islands.
    await yieldToBrowser();
    app.load_texts(lang, words.join("\0"));
    app.hydrate();
    await yieldToBrowser();
    await hydrateIslands(app, false);
    app.islands_ready();
    // Islands install their listeners in effects, which run after this task.
    await new Promise((resolve) => setTimeout(resolve, 0));
    appModule = app;
    hydrated = true;
    // Used while the app was loading: the rest follows at once.
    if (used) await hydrateLate();
  })();
  return all ? booting.then(() => hydrateLate()) : booting;
}

/// A locked form (`data-locked`: the payment dialog answers it) sent while
/// the islands kept for the first use are still loading waits for them, then
/// is sent; every other form goes at once.
function holdUntilReady(event) {
  if (!lateIslands || lateReady) return;
  const form = event.target;
  if (!form.hasAttribute?.("data-locked")) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  const submitter = event.submitter;
  lateIslands.then(() => form.requestSubmit(submitter ?? undefined));
}

/// A failed app chunk (deploy in between, flaky network) reloads the page,
/// but at most once a minute so a lasting failure never loops.
function reloadOnce() {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_KEY) || 0);
    if (Date.now() - last < RELOAD_THROTTLE_MS) return;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    return; // no session storage: no way to throttle, so no reload
  }
  location.reload();
}

/// Capture phase, before any island: disabled links do nothing, and the first
/// use of a `data-wake` element waits for hydration and is then replayed on
/// the same element, where the island that owns it handles it.
function onClick(event, boot) {
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest("a[disabled]")) {
    event.preventDefault();
    event.stopImmediatePropagation();
    return;
  }
  if (!plainClick(event) || !boot.js) return;
  const wake = target?.closest("[data-wake]");
  // While the islands kept for the first use load, a click on what they may
  // answer (a login link, a locked form's button) waits for them.
  const held =
    wake && !hydrated
      ? wake
      : lateIslands && !lateReady
        ? target?.closest("a[href], button, [data-wake]")
        : null;
  if (!held) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (held.getAttribute("aria-busy") === "true") return;
  held.setAttribute("aria-busy", "true");
  hydrate(boot, true).then(
    () => {
      held.removeAttribute("aria-busy");
      held.click();
    },
    () => {
      // Without the app the element does what it does without JavaScript.
      held.removeAttribute("aria-busy");
      const href = held.getAttribute("href");
      if (href) location.assign(href);
    },
  );
}

/// Shows "You are offline" while the connection is gone, then "Back online"
/// for a moment, in the page's `#net-status` live region.
function watchConnection() {
  const status = document.getElementById("net-status");
  if (!status) return;
  let timer = null;
  const show = (online) => {
    clearTimeout(timer);
    document.documentElement.dataset.online = String(online);
    // The live region stays in the page (only its text changes) so screen
    // readers announce the change; empty, it takes no room.
    status.textContent = online
      ? status.dataset.online
      : status.dataset.offline;
    if (online)
      timer = setTimeout(() => (status.textContent = ""), BACK_ONLINE_SHOWN_MS);
  };
  window.addEventListener("offline", () => show(false));
  window.addEventListener("online", () => show(true));
  if (!navigator.onLine) show(false);
}
