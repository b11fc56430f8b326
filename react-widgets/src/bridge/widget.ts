import { createElement, type ComponentType, type ReactElement } from "react";

/** What every widget component receives. */
export interface WidgetProps<P> {
  /** The element the widget is mounted on; target for emitted events. */
  host: HTMLElement;
  props: P;
}

/**
 * A widget with its prop type erased: turns the untyped value coming from Rust
 * into a React element. Erasing here keeps the registry free of `any`.
 */
export type Widget = (host: HTMLElement, rawProps: unknown) => ReactElement;

/**
 * Pair a component with the parser that validates its props. Parsing happens
 * on every mount/update so malformed input fails loudly at the boundary.
 */
export function defineWidget<P>(
  Component: ComponentType<WidgetProps<P>>,
  parseProps: (raw: unknown) => P,
): Widget {
  return (host, rawProps) =>
    createElement(Component, { host, props: parseProps(rawProps) });
}
