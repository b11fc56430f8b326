import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mount } from "../index";
import type { WidgetHandle } from "../bridge/registry";
import type { ChatMessage, HelpChatProps } from "./contract";

// Sentinel texts: the test proves every visible word comes from the props.
function props(overrides: Partial<HelpChatProps> = {}): HelpChatProps {
  return {
    apiBase: "/api_f/v1",
    locale: "id",
    websiteType: "web",
    openCount: 1,
    inline: false,
    returnFocusId: "launcher",
    maxLength: 2000,
    sample: null,
    askEmail: false,
    texts: {
      title: "T:Help chat",
      close: "T:Close",
      messageLabel: "T:Your message",
      placeholder: "T:Type",
      hint: "T:Enter sends",
      send: "T:Send",
      sending: "T:Sending",
      identity: "T:You are ana@example.com",
      empty: "T:Ask us",
      you: "T:You",
      staff: "T:Support",
      newReply: "T:New reply: {text}",
      sendFailed: "T:Not sent",
      reconnecting: "T:Reconnecting",
      promise: "T:We reply within a day",
      received: "T:Received",
      emailLabel: "T:Your e-mail",
      emailHint: "T:For the answer",
    },
    ...overrides,
  };
}

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
}

let host: HTMLElement;
let launcher: HTMLAnchorElement;
let handle: WidgetHandle | null;
let calls: Call[];
let conversation: { id: number; messages: ChatMessage[] } | null;
let sendAnswer: unknown;
let streamController: ReadableStreamDefaultController<Uint8Array> | null;

const envelope = (obj: unknown, success = 1, msg = "") => ({
  ok: true,
  status: 200,
  headers: new Headers(),
  json: async () => ({ success, msg, obj }),
});

function fakeFetch(url: string, init: RequestInit = {}) {
  const call = {
    method: init.method ?? "GET",
    url,
    headers: (init.headers ?? {}) as Record<string, string>,
    body: (init.body as string) ?? null,
  };
  calls.push(call);
  if (url.endsWith("/chat/conversation"))
    return Promise.resolve(envelope(conversation));
  if (url.endsWith("/chat/messages")) return Promise.resolve(sendAnswer);
  if (url.includes("/read")) return Promise.resolve(envelope({ unread: 0 }));
  if (url.includes("/stream")) {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        streamController = controller;
      },
    });
    return Promise.resolve({
      ok: true,
      status: 200,
      headers: new Headers(),
      body,
    });
  }
  return Promise.reject(new Error(`unexpected ${url}`));
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await act(async () => await Promise.resolve());
};

async function render(p: HelpChatProps): Promise<void> {
  act(() => {
    handle = mount("help-chat", host, p);
  });
  await flush();
}

const box = () => host.querySelector<HTMLTextAreaElement>("textarea");
const shown = () =>
  [...host.querySelectorAll<HTMLElement>(".hc-message")].map(
    (li) => `${li.dataset.author}:${li.querySelector(".hc-body")?.textContent}`,
  );

function type(value: string): void {
  const el = box()!;
  act(() => {
    Object.getOwnPropertyDescriptor(
      HTMLTextAreaElement.prototype,
      "value",
    )!.set!.call(el, value);
    el.dispatchEvent(new Event("input", { bubbles: true }));
  });
}
const key = (k: string, shiftKey = false) =>
  act(() => {
    box()!.dispatchEvent(
      new KeyboardEvent("keydown", { key: k, shiftKey, bubbles: true }),
    );
  });
const push = (message: ChatMessage) =>
  act(() =>
    streamController?.enqueue(
      new TextEncoder().encode(
        `: heartbeat\n\nevent: message\nid: ${message.id}\ndata: ${JSON.stringify(message)}\n\n`,
      ),
    ),
  );

beforeEach(() => {
  calls = [];
  conversation = null;
  streamController = null;
  sendAnswer = envelope({
    conversationId: 7,
    message: { id: 11, author: "person", body: "Hello", createdAt: 1 },
  });
  vi.stubGlobal("fetch", vi.fn(fakeFetch));
  launcher = document.createElement("a");
  launcher.id = "launcher";
  launcher.href = "#";
  host = document.createElement("div");
  document.body.append(launcher, host);
});

afterEach(() => {
  act(() => handle?.unmount());
  handle = null;
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

describe("help-chat widget", () => {
  it("stays closed until asked, then opens as a labelled dialog with the focus in the text box", async () => {
    await render(props({ openCount: 0 }));
    expect(host.querySelector('[role="dialog"]')).toBeNull();
    expect(calls).toHaveLength(0);
    act(() => handle?.update(props({ openCount: 1 })));
    await flush();
    const dialog = host.querySelector('[role="dialog"]')!;
    expect(dialog.getAttribute("aria-labelledby")).toBe("hc-title");
    expect(host.querySelector("#hc-title")?.textContent).toBe("T:Help chat");
    expect(host.querySelector('label[for="hc-message"]')?.textContent).toBe(
      "T:Your message",
    );
    expect(document.activeElement).toBe(box());
    expect(host.textContent).toContain("T:You are ana@example.com");
    expect(host.textContent).toContain("T:Ask us");
    // Every word on screen is one of the props' texts.
    for (const node of host.querySelectorAll("h2, label, button, p, li")) {
      if (node.children.length === 0 && node.textContent)
        expect(
          node.textContent.startsWith("T:") || node.textContent === "×",
        ).toBe(true);
    }
    expect(calls[0]).toMatchObject({
      method: "GET",
      url: "/api_f/v1/chat/conversation",
    });
    expect(calls[0]?.headers).toMatchObject({
      "accept-language": "id",
      website_type: "web",
    });
  });

  it("shows hostile text as text: no markup, no clickable links", async () => {
    conversation = {
      id: 7,
      messages: [
        {
          id: 1,
          author: "person",
          body: '<img src=x onerror="alert(1)"> <b>bold</b>',
          createdAt: 1,
        },
        {
          id: 2,
          author: "staff",
          body: "See https://evil.example/login",
          createdAt: 2,
        },
      ],
    };
    await render(props());
    expect(shown()).toEqual([
      'person:<img src=x onerror="alert(1)"> <b>bold</b>',
      "staff:See https://evil.example/login",
    ]);
    expect(host.querySelector("img, b, a")).toBeNull();
  });

  it("sends with Enter, breaks lines with Shift+Enter, and keeps the text when refused", async () => {
    await render(props());
    type("Hello");
    key("Enter", true);
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
    key("Enter");
    await flush();
    const post = calls.find((c) => c.url.endsWith("/chat/messages"))!;
    expect(post.body).toBe("body=Hello");
    expect(shown()).toEqual(["person:Hello"]);
    expect(box()!.value).toBe("");
    sendAnswer = envelope(null, 0, "T:server says too long");
    type("x".repeat(10));
    key("Enter");
    await flush();
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(
      "T:server says too long",
    );
    expect(box()!.value).toBe("x".repeat(10));
  });

  it("receives replies live, announces them, marks them read", async () => {
    conversation = {
      id: 7,
      messages: [{ id: 3, author: "person", body: "Hi", createdAt: 1 }],
    };
    await render(props());
    const stream = calls.find((c) => c.url.includes("/stream"))!;
    expect(stream.url).toBe("/api_f/v1/chat/conversations/7/stream?after=3");
    push({ id: 4, author: "staff", body: "How can we help?", createdAt: 2 });
    await flush();
    expect(shown()).toEqual(["person:Hi", "staff:How can we help?"]);
    expect(host.querySelector('[aria-live="polite"]')?.textContent).toBe(
      "T:New reply: How can we help?",
    );
    const read = calls.find((c) =>
      c.url.endsWith("/chat/conversations/7/read"),
    )!;
    expect(read.body).toBe("upTo=4");
    // The same message twice (a reconnect) shows once.
    push({ id: 4, author: "staff", body: "How can we help?", createdAt: 2 });
    await flush();
    expect(shown()).toHaveLength(2);
  });

  it("closes with Escape and gives the focus back to the launcher", async () => {
    await render(props());
    key("Escape");
    await flush();
    expect(host.querySelector('[role="dialog"]')).toBeNull();
    expect(document.activeElement).toBe(launcher);
    act(() => handle?.update(props({ openCount: 2 })));
    await flush();
    expect(document.activeElement).toBe(box());
  });

  it("shows sample messages without calling the API (the gallery)", async () => {
    await render(
      props({
        inline: true,
        sample: [{ id: 1, author: "staff", body: "Hi there", createdAt: 1 }],
      }),
    );
    expect(shown()).toEqual(["staff:Hi there"]);
    type("Thanks");
    key("Enter");
    await flush();
    expect(shown()).toEqual(["staff:Hi there", "person:Thanks"]);
    expect(calls).toHaveLength(0);
    expect(host.querySelector(".hc-panel.hc-inline")).not.toBeNull();
  });

  it("refuses malformed props", () => {
    expect(() => mount("help-chat", host, { ...props(), texts: {} })).toThrow(
      /props.texts/,
    );
  });
});
