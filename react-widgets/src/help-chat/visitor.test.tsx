import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mount } from "../index";
import type { WidgetHandle } from "../bridge/registry";
import type { HelpChatProps, HelpChatTexts } from "./contract";

// A visitor's first message: the promise before it, the optional address
// sent with it, then the acknowledgement while it waits for an answer.
const TEXTS: HelpChatTexts = {
  title: "T:Help chat",
  close: "T:Close",
  messageLabel: "T:Your message",
  placeholder: "T:Type",
  hint: "T:Enter sends",
  send: "T:Send",
  sending: "T:Sending",
  identity: "T:You are a visitor",
  empty: "T:Ask us",
  you: "T:You",
  staff: "T:Support",
  newReply: "T:New reply: {text}",
  sendFailed: "T:Not sent",
  reconnecting: "T:Reconnecting",
  promise: "T:We reply within a day",
  received: "T:Received, answer by e-mail too",
  emailLabel: "T:Your e-mail (optional)",
  emailHint: "T:For the answer",
};

const props = (askEmail: boolean): HelpChatProps => ({
  apiBase: "/api_f/v1",
  locale: "en",
  websiteType: "web",
  openCount: 1,
  inline: false,
  returnFocusId: "launcher",
  maxLength: 2000,
  sample: null,
  askEmail,
  texts: TEXTS,
});

let host: HTMLElement;
let handle: WidgetHandle | null = null;
let posted: string[];

const answer = (obj: unknown) => ({
  ok: true,
  status: 200,
  headers: new Headers(),
  json: async () => ({ success: 1, msg: "", obj }),
});

function fakeFetch(url: string, init: RequestInit = {}) {
  if (url.endsWith("/chat/conversation")) return Promise.resolve(answer(null));
  if (url.endsWith("/chat/messages")) {
    posted.push(init.body as string);
    return Promise.resolve(
      answer({
        conversationId: 7,
        message: { id: 11, author: "person", body: "Hi", createdAt: 1 },
      }),
    );
  }
  return new Promise(() => {});
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await act(async () => await Promise.resolve());
};

function fill(selector: string, value: string, proto: object): void {
  const el = host.querySelector<HTMLInputElement>(selector)!;
  act(() => {
    Object.getOwnPropertyDescriptor(proto, "value")!.set!.call(el, value);
    el.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

beforeEach(() => {
  posted = [];
  vi.stubGlobal("fetch", vi.fn(fakeFetch));
  host = document.createElement("div");
  document.body.append(host);
});

afterEach(() => {
  act(() => handle?.unmount());
  handle = null;
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

async function open(askEmail: boolean): Promise<void> {
  act(() => {
    handle = mount("help-chat", host, props(askEmail));
  });
  await flush();
}

describe("a visitor's first message", () => {
  it("promises a reply time, sends the address left, then acknowledges", async () => {
    await open(true);
    expect(host.querySelector(".hc-promise")?.textContent).toBe(
      "T:We reply within a day",
    );
    expect(host.querySelector('label[for="hc-email"]')?.textContent).toBe(
      "T:Your e-mail (optional)",
    );
    expect(host.querySelector(".hc-received")?.textContent).toBe("");
    fill("#hc-message", "Hi", HTMLTextAreaElement.prototype);
    fill("#hc-email", " budi@example.com ", HTMLInputElement.prototype);
    act(() => host.querySelector<HTMLFormElement>("form")!.requestSubmit());
    await flush();
    expect(posted).toEqual(["body=Hi&email=budi%40example.com"]);
    expect(host.querySelector(".hc-received")?.textContent).toBe(
      "T:Received, answer by e-mail too",
    );
    // The address is asked with the first message only.
    expect(host.querySelector("#hc-email")).toBeNull();
  });

  it("asks a member for no address and sends none", async () => {
    await open(false);
    expect(host.querySelector("#hc-email")).toBeNull();
    fill("#hc-message", "Hi", HTMLTextAreaElement.prototype);
    act(() => host.querySelector<HTMLFormElement>("form")!.requestSubmit());
    await flush();
    expect(posted).toEqual(["body=Hi"]);
  });
});
