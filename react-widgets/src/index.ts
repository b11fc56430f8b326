// The only public API of the bundle: Rust (WASM) imports `mount` and talks to
// widgets through the returned handle; widgets answer with DOM CustomEvents
// named `widget:<name>:<event>` that bubble from the host element.
import { createRegistry, type WidgetHandle } from "./bridge/registry";
import type { Widget } from "./bridge/widget";
import { HELP_CHAT, helpChatWidget } from "./help-chat";
import { MAP_VIEW, mapViewWidget } from "./map-view";
import { PAYMENT_FORM, paymentFormWidget } from "./payment-form";

export type { WidgetHandle };

const registry = createRegistry(
  new Map<string, Widget>([
    [HELP_CHAT, helpChatWidget],
    [MAP_VIEW, mapViewWidget],
    [PAYMENT_FORM, paymentFormWidget],
  ]),
);

export function mount(
  name: string,
  el: HTMLElement,
  props: unknown,
): WidgetHandle {
  return registry(name, el, props);
}
