/** Name of the DOM event a widget dispatches: `widget:<widget>:<event>`. */
export function widgetEventName(widget: string, event: string): string {
  return `widget:${widget}:${event}`;
}

/**
 * Dispatch a widget event on `el`. Events bubble so the Rust side can listen on
 * the host element or any ancestor; this is the only channel from widgets back
 * to Rust.
 */
export function emit<Detail>(
  el: HTMLElement,
  widget: string,
  event: string,
  detail: Detail,
): void {
  el.dispatchEvent(
    new CustomEvent(widgetEventName(widget, event), { detail, bubbles: true }),
  );
}
