import { act, createElement, useEffect } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mount as publicMount } from "../index";
import { emit } from "./events";
import { createRegistry, type WidgetHandle } from "./registry";
import { defineWidget, type WidgetProps } from "./widget";

// Counts live instances so tests can prove old roots are really torn down.
let live = 0;

function Greeting({ host, props }: WidgetProps<{ text: string }>) {
  useEffect(() => {
    live += 1;
    return () => {
      live -= 1;
    };
  }, []);
  // createElement rather than JSX keeps this a plain .ts file.
  return createElement("output", { "data-host": host.id }, props.text);
}

function parseGreeting(raw: unknown): { text: string } {
  const text = (raw as { text?: unknown } | null)?.text;
  if (typeof text !== "string")
    throw new TypeError("greeting: invalid props.text");
  return { text };
}

const mount = createRegistry(
  new Map([["greeting", defineWidget(Greeting, parseGreeting)]]),
);

let el: HTMLElement;
const handles: WidgetHandle[] = [];

function mountGreeting(text: string, target: HTMLElement = el): WidgetHandle {
  let handle!: WidgetHandle;
  act(() => {
    handle = mount("greeting", target, { text });
  });
  handles.push(handle);
  return handle;
}

beforeEach(() => {
  live = 0;
  el = document.createElement("div");
  el.id = "host";
  document.body.append(el);
});

afterEach(() => {
  act(() => handles.splice(0).forEach((h) => h.unmount()));
  document.body.replaceChildren();
});

describe("mount", () => {
  it("renders the widget into the element and passes it as host", () => {
    mountGreeting("hello");
    const output = el.querySelector("output");
    expect(output?.textContent).toBe("hello");
    expect(output?.dataset.host).toBe("host");
    expect(live).toBe(1);
  });

  it("throws for an unknown widget name, without touching the element", () => {
    mountGreeting("kept");
    expect(() => mount("nope", el, {})).toThrowError(
      new Error("unknown widget: nope"),
    );
    expect(el.textContent).toBe("kept");
  });

  it("throws through the public entry point too", () => {
    expect(() => publicMount("nope", el, {})).toThrowError(
      "unknown widget: nope",
    );
  });

  it("rejects invalid props and keeps the existing widget", () => {
    mountGreeting("kept");
    expect(() => mount("greeting", el, { text: 42 })).toThrowError(TypeError);
    expect(el.textContent).toBe("kept");
  });

  it("replaces the previous root when mounting twice on the same element", () => {
    const first = mountGreeting("first");
    mountGreeting("second");
    expect(el.querySelectorAll("output")).toHaveLength(1);
    expect(el.textContent).toBe("second");
    expect(live).toBe(1);

    // The stale handle must not affect the new widget.
    act(() => first.update({ text: "stale" }));
    act(() => first.unmount());
    expect(el.textContent).toBe("second");
  });

  it("keeps widgets on different elements independent", () => {
    const other = document.createElement("div");
    document.body.append(other);
    mountGreeting("a");
    const b = mountGreeting("b", other);
    act(() => b.unmount());
    expect(el.textContent).toBe("a");
    expect(other.childNodes).toHaveLength(0);
  });
});

describe("handle", () => {
  it("update re-renders with new props in the same instance", () => {
    const handle = mountGreeting("one");
    const output = el.querySelector("output");
    act(() => handle.update({ text: "two" }));
    expect(el.querySelector("output")).toBe(output);
    expect(output?.textContent).toBe("two");
    expect(live).toBe(1);
  });

  it("unmount empties the element and is idempotent", () => {
    const handle = mountGreeting("bye");
    act(() => handle.unmount());
    expect(el.childNodes).toHaveLength(0);
    expect(live).toBe(0);
    expect(() => act(() => handle.unmount())).not.toThrow();
    expect(() => act(() => handle.update({ text: "late" }))).not.toThrow();
    expect(el.childNodes).toHaveLength(0);
  });

  it("allows mounting again after unmount", () => {
    act(() => mountGreeting("one").unmount());
    mountGreeting("again");
    expect(el.textContent).toBe("again");
  });
});

describe("emit", () => {
  it("dispatches a bubbling widget:<widget>:<event> CustomEvent with detail", () => {
    const received: CustomEvent[] = [];
    document.body.addEventListener("widget:greeting:said", (e) =>
      received.push(e as CustomEvent),
    );
    emit(el, "greeting", "said", { text: "hi" });
    expect(received).toHaveLength(1);
    expect(received[0]?.target).toBe(el);
    expect(received[0]?.bubbles).toBe(true);
    expect(received[0]?.detail).toEqual({ text: "hi" });
  });
});
