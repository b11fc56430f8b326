import { act, createRef } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { HelpChatTexts } from "./contract";
import { MessageForm } from "./message-form";
import type { MessageDraft } from "./use-send-message";

let root: Root | null = null;

// The form on a device whose primary pointer is `pointer`.
function form(pointer: "fine" | "coarse"): HTMLElement {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: query === `(pointer: ${pointer})`,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  const send: MessageDraft = {
    draft: "",
    setDraft: () => {},
    email: "",
    setEmail: () => {},
    sending: false,
    error: null,
    submit: async () => {},
    onKeyDown: () => {},
  };
  const texts = { hint: "T:Enter sends", send: "T:Send" } as HelpChatTexts;
  const host = document.createElement("div");
  document.body.append(host);
  act(() => {
    root = createRoot(host);
    root.render(
      <MessageForm
        send={send}
        texts={texts}
        maxLength={10}
        box={createRef<HTMLTextAreaElement>()}
        askEmail={false}
      />,
    );
  });
  return host;
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

describe("message form", () => {
  it("advises Enter to send where there is a keyboard", () => {
    const host = form("fine");
    expect(host.querySelector("#hc-hint")?.textContent).toBe("T:Enter sends");
    expect(
      host.querySelector("textarea")?.getAttribute("aria-describedby"),
    ).toBe("hc-hint hc-error");
  });

  it("gives no keyboard advice on a touch screen", () => {
    const host = form("coarse");
    expect(host.querySelector("#hc-hint")).toBeNull();
    expect(host.textContent).not.toContain("Enter");
    expect(
      host.querySelector("textarea")?.getAttribute("aria-describedby"),
    ).toBe("hc-error");
  });
});
