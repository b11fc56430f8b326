import { createRoot, type Root } from "react-dom/client";
import type { Widget } from "./widget";

export interface WidgetHandle {
  update(props: unknown): void;
  unmount(): void;
}

// One React root per host element, shared by all registries: React forbids two
// roots on the same container, so this is the single source of truth.
const roots = new Map<HTMLElement, Root>();

function unmountElement(el: HTMLElement): void {
  const root = roots.get(el);
  if (root === undefined) return;
  roots.delete(el);
  root.unmount();
}

/** Build a `mount` function over a fixed set of named widgets. */
export function createRegistry(widgets: ReadonlyMap<string, Widget>) {
  return function mount(
    name: string,
    el: HTMLElement,
    props: unknown,
  ): WidgetHandle {
    const widget = widgets.get(name);
    if (widget === undefined) throw new Error(`unknown widget: ${name}`);

    // Build the element before touching the DOM so invalid props leave any
    // existing widget on `el` intact.
    const element = widget(el, props);
    unmountElement(el);
    const root = createRoot(el);
    roots.set(el, root);
    root.render(element);

    // A handle only controls the root it created: after a re-mount on the same
    // element, the old handle becomes inert instead of clobbering the new one.
    const isCurrent = () => roots.get(el) === root;
    return {
      update(next) {
        if (isCurrent()) root.render(widget(el, next));
      },
      unmount() {
        if (isCurrent()) unmountElement(el);
      },
    };
  };
}
