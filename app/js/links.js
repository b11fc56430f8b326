// The navigation rules for links, applied by the site script without WASM:
// a plain click on an `#id` link glides there, nofollow links open in a new
// window without opener, other sites' links leave the page.

/// A left click without modifier keys.
export function plainClick(event) {
  return (
    event.button === 0 &&
    !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
  );
}

/// Bubble phase, after islands (which mark what they handle as prevented).
export function applyLinkRules(event) {
  if (event.defaultPrevented || !plainClick(event)) return;
  const link =
    event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!link) return;
  const href = link.getAttribute("href");
  if (href.startsWith("#")) return scrollToId(event, href);
  const url = new URL(link.href, location.href);
  const rel = (link.getAttribute("rel") || "").toLowerCase().split(/\s+/);
  if (rel.includes("nofollow")) {
    event.preventDefault();
    window.open(url.href, "_blank", "noopener");
  } else if (url.protocol === "mailto:") {
    event.preventDefault();
    location.href = url.href;
  } else if (
    ["http:", "https:", "ftp:"].includes(url.protocol) &&
    url.origin !== location.origin
  ) {
    event.preventDefault();
    const name = link.getAttribute("target");
    if (name && name !== "_self") window.open(url.href, name, "noopener");
    else location.assign(url.href);
  }
}

/// `#id` links glide to their element (jump when the reader asked for less
/// motion) and move keyboard focus there, like the browser's own jump.
function scrollToId(event, href) {
  let id;
  try {
    id = decodeURIComponent(href.slice(1));
  } catch {
    return;
  }
  const target = id && document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  target.scrollIntoView({
    behavior: still ? "auto" : "smooth",
    block: "start",
  });
  if (!target.matches("a[href], button, input, select, textarea, [tabindex]"))
    target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
  if (location.hash !== href) history.pushState(null, "", href);
}
