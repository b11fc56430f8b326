import { act } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mount } from "../index";
import type { WidgetHandle } from "../bridge/registry";
import type { PaymentFormProps } from "./contract";
import { props } from "./payment-form.fixture";

let host: HTMLElement;
let handle: WidgetHandle | null;
let events: { type: string; detail: unknown }[];

const EVENTS = ["ready", "submit", "country", "check"];
function collect(e: Event): void {
  events.push({
    type: e.type.replace("widget:payment-form:", ""),
    detail: (e as CustomEvent).detail,
  });
}
const of = (type: string) =>
  events.filter((e) => e.type === type).map((e) => e.detail);

function render(p: PaymentFormProps): void {
  act(() => {
    handle = mount("payment-form", host, p);
  });
}
const update = (p: PaymentFormProps) => act(() => handle?.update(p));
const input = (name: string) =>
  host.querySelector<HTMLInputElement>(`input[name="${name}"]`);
const shownFields = () =>
  [...host.querySelectorAll<HTMLElement>("[data-field]")].map(
    (el) => el.dataset.field,
  );

// React listens to the native `input` event through its value tracker.
function type(name: string, value: string): void {
  const el = input(name)!;
  act(() => {
    Object.getOwnPropertyDescriptor(
      HTMLInputElement.prototype,
      "value",
    )!.set!.call(el, value);
    el.dispatchEvent(new Event("input", { bubbles: true }));
  });
}
const click = (el: Element | null) => act(() => (el as HTMLElement).click());
const submit = () => act(() => host.querySelector("form")!.requestSubmit());

beforeEach(() => {
  events = [];
  host = document.createElement("div");
  document.body.append(host);
  for (const name of EVENTS)
    document.addEventListener(`widget:payment-form:${name}`, collect);
});

afterEach(() => {
  act(() => handle?.unmount());
  handle = null;
  for (const name of EVENTS)
    document.removeEventListener(`widget:payment-form:${name}`, collect);
  document.body.replaceChildren();
});

describe("payment-form", () => {
  it("offers the methods in the given order and shows exactly the first one’s fields", () => {
    render(props());
    const radios = [
      ...host.querySelectorAll<HTMLInputElement>("input[type=radio]"),
    ];
    expect(radios.map((r) => r.value)).toEqual([
      "card",
      "paypal",
      "gcash",
      "grabpay",
    ]);
    expect(radios[0]?.checked).toBe(true);
    expect(shownFields()).toEqual(["email", "zip"]);
    expect(of("ready")).toHaveLength(1);
  });

  it("switches fields with the method and keeps what was typed", () => {
    render(props());
    type("email", "ana@mail.com");
    click(host.querySelector("input[value=gcash]"));
    expect(shownFields()).toEqual(["email", "name", "phone"]);
    click(host.querySelector("input[value=grabpay]"));
    expect(shownFields()).toEqual(["email", "name", "document"]);
    click(host.querySelector("input[value=paypal]"));
    expect(shownFields()).toEqual(["email"]);
    expect(input("email")?.value).toBe("ana@mail.com");
  });

  it("starts from the given method and values", () => {
    render(
      props({
        method: "gcash",
        values: {
          email: "a@b.co",
          zip: "",
          name: "Ana",
          document: "",
          phone: "0917",
        },
      }),
    );
    expect(
      host.querySelector<HTMLInputElement>("input[value=gcash]")?.checked,
    ).toBe(true);
    expect([
      input("email")?.value,
      input("name")?.value,
      input("phone")?.value,
    ]).toEqual(["a@b.co", "Ana", "0917"]);
  });

  it("emits submit with the method and the values instead of posting", () => {
    render(props());
    type("email", "ana@mail.com");
    type("zip", "1000");
    submit();
    expect(of("submit")).toEqual([
      {
        method: "card",
        email: "ana@mail.com",
        zip: "1000",
        name: "",
        document: "",
        phone: "",
      },
    ]);
  });

  it("sends one submit for a double click until the Rust side answers", () => {
    render(props());
    submit();
    submit();
    expect(of("submit")).toHaveLength(1);
    update(props({ busy: true }));
    submit();
    expect(of("submit")).toHaveLength(1);
    expect(
      host.querySelector<HTMLButtonElement>("button[type=submit]")?.disabled,
    ).toBe(true);
    expect(host.querySelector("button[type=submit]")?.textContent).toBe(
      "T:Paying",
    );
    update(props({ errors: { form: "T:Provider down" } }));
    submit();
    expect(of("submit")).toHaveLength(2);
  });

  it("shows messages in the spec slots, marks fields and focuses the first after a submit", () => {
    render(props());
    submit();
    update(
      props({
        errors: {
          email: "T:Bad mailbox",
          zip: "T:Bad zip",
          form: "T:Whole form",
        },
      }),
    );
    expect(host.querySelector("[data-slot=emailErrorMsg]")?.textContent).toBe(
      "T:Bad mailbox",
    );
    expect(host.querySelector("[data-slot=zipErrorMsg]")?.textContent).toBe(
      "T:Bad zip",
    );
    expect(
      host.querySelector("[role=alert][data-slot=formErrorMsg]")?.textContent,
    ).toBe("T:Whole form");
    expect(input("email")?.getAttribute("aria-invalid")).toBe("true");
    expect(input("email")?.getAttribute("aria-describedby")).toBe(
      "pf-emailErrorMsg",
    );
    expect(document.activeElement).toBe(input("email"));
  });

  it("reports a left field for checking, with the method", () => {
    render(props({ method: "gcash" }));
    type("phone", "12");
    act(() => {
      input("phone")!.focus();
      input("phone")!.blur();
    });
    expect(of("check")).toEqual([
      { method: "gcash", field: "phone", value: "12" },
    ]);
  });

  it("asks for a country change and follows the new method list", () => {
    render(props());
    click(host.querySelector("input[value=gcash]"));
    const select = host.querySelector<HTMLSelectElement>(
      "select[name=payCountry]",
    )!;
    act(() => {
      select.value = "ID";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    expect(of("country")).toEqual([{ country: "ID" }]);
    update(
      props({
        country: "ID",
        methods: [
          { choose: "card", label: "T:Card", fields: ["zip"] },
          { choose: "dana", label: "T:DANA", fields: ["name", "phone"] },
        ],
      }),
    );
    expect(select.value).toBe("ID");
    // GCash is not offered there: the first method is chosen.
    expect(
      host.querySelector<HTMLInputElement>("input[value=card]")?.checked,
    ).toBe(true);
    expect(shownFields()).toEqual(["email", "zip"]);
  });

  it("says so when a country has no method, and offers no pay button", () => {
    render(props({ methods: [] }));
    expect(host.textContent).toContain("T:None");
    expect(host.querySelector("button[type=submit]")).toBeNull();
    submit();
    expect(of("submit")).toEqual([]);
  });

  it("puts the renewal terms beside the pay button", () => {
    render(props());
    const block = host.querySelector(".pay-submit");
    expect(block?.querySelector("button")?.textContent).toBe("T:Pay 0.99");
    expect(
      [...block!.querySelectorAll(".pay-terms p")].map((p) => p.textContent),
    ).toEqual([
      "T:Then 29.99 per month",
      "T:First charge Nov 22",
      "T:Cancel anytime",
    ]);
  });

  it("shows no text that did not come from the props", () => {
    render(props({ method: "gcash" }));
    const walker = document.createTreeWalker(host, NodeFilter.SHOW_TEXT);
    const texts: string[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode())
      if (n.textContent?.trim()) texts.push(n.textContent);
    expect(texts.length).toBeGreaterThan(10);
    expect(texts.filter((t) => !t.startsWith("T:"))).toEqual([]);
  });

  it("rejects malformed props at the boundary", () => {
    expect(() =>
      mount("payment-form", host, {
        ...props(),
        methods: [{ choose: "card", label: "x", fields: ["cvv"] }],
      }),
    ).toThrowError("payment-form: invalid props.methods[0].fields[0]");
    expect(() =>
      mount("payment-form", host, { ...props(), busy: "no" }),
    ).toThrowError("payment-form: invalid props.busy");
  });
});
