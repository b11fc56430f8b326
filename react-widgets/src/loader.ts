// The site's widget entry (`widgets.js`, a few hundred bytes): `mount`
// downloads only the widget asked for — its own chunk and stylesheet plus
// the React chunk every widget shares — the first time one is mounted.
// `index.ts` is the same API with every widget bundled in (tests).
import type { WidgetHandle } from "./bridge/registry";

export type { WidgetHandle };

interface Entry {
  mount(name: string, el: HTMLElement, props: unknown): WidgetHandle;
}

// Widget name → its entry in `entries/` and whether it has a stylesheet.
const WIDGETS = new Map<string, { file: string; css: boolean }>([
  ["help-chat", { file: "help-chat", css: true }],
  ["map-view", { file: "map-view", css: true }],
  ["payment-form", { file: "payment-form", css: false }],
]);

const loaded = new Map<string, Promise<Entry>>();

function load(file: string, css: boolean): Promise<Entry> {
  let entry = loaded.get(file);
  if (!entry) {
    if (css) {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = new URL(`./${file}.css`, import.meta.url).href;
      document.head.appendChild(link);
    }
    entry = import(
      new URL(`./${file}.js`, import.meta.url).href
    ) as Promise<Entry>;
    // A failed download is tried again on the next mount, not remembered.
    entry.catch(() => loaded.delete(file));
    loaded.set(file, entry);
  }
  return entry;
}

export async function mount(
  name: string,
  el: HTMLElement,
  props: unknown,
): Promise<WidgetHandle> {
  const widget = WIDGETS.get(name);
  if (widget === undefined) throw new Error(`unknown widget: ${name}`);
  const entry = await load(widget.file, widget.css);
  return entry.mount(name, el, props);
}
