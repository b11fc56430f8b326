// The help chat API as the widget uses it: the envelope's calls, and the
// live stream read with fetch (EventSource cannot send `website_type`),
// reconnecting after the last message seen.
import { parseMessage, type ChatMessage } from "./contract";

export interface ChatApi {
  apiBase: string;
  locale: string;
  websiteType: string;
}

/** A refusal with the server's (localized) message, if it sent one. */
export class ChatError extends Error {
  constructor(readonly userMessage: string | null) {
    super(userMessage ?? "help chat call failed");
  }
}

interface Envelope {
  success: number;
  msg?: string;
  obj?: unknown;
}

function headers(
  api: ChatApi,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    "accept-language": api.locale,
    website_type: api.websiteType,
    ...extra,
  };
}

async function call(
  api: ChatApi,
  method: string,
  path: string,
  form?: Record<string, string>,
): Promise<unknown> {
  const init: RequestInit = {
    method,
    credentials: "same-origin",
    headers: headers(api),
  };
  if (form) {
    init.headers = headers(api, {
      "content-type": "application/x-www-form-urlencoded",
    });
    init.body = new URLSearchParams(form).toString();
  }
  let envelope: Envelope;
  try {
    const res = await fetch(`${api.apiBase}${path}`, init);
    envelope = (await res.json()) as Envelope;
  } catch {
    throw new ChatError(null);
  }
  if (envelope.success !== 1) throw new ChatError(envelope.msg || null);
  return envelope.obj ?? null;
}

function messages(raw: unknown): ChatMessage[] {
  return Array.isArray(raw)
    ? raw.map(parseMessage).filter((m): m is ChatMessage => m !== null)
    : [];
}

/** The caller's conversation (`null` before their first message). */
export async function loadConversation(
  api: ChatApi,
): Promise<{ id: number; messages: ChatMessage[] } | null> {
  const obj = (await call(api, "GET", "/chat/conversation")) as {
    id?: unknown;
    messages?: unknown;
  } | null;
  if (!obj || typeof obj.id !== "number") return null;
  return { id: obj.id, messages: messages(obj.messages) };
}

/** Sends `body` (with the address a visitor left, if any); starts the
 * conversation with the first message. */
export async function sendMessage(
  api: ChatApi,
  body: string,
  email = "",
): Promise<{ conversationId: number; message: ChatMessage }> {
  const form: Record<string, string> = { body };
  if (email.trim() !== "") form.email = email.trim();
  const obj = (await call(api, "POST", "/chat/messages", form)) as {
    conversationId?: unknown;
    message?: unknown;
  };
  const message = parseMessage(obj?.message);
  if (typeof obj?.conversationId !== "number" || message === null)
    throw new ChatError(null);
  return { conversationId: obj.conversationId, message };
}

/** Support's messages up to `upTo` are read. */
export async function markRead(
  api: ChatApi,
  id: number,
  upTo: number,
): Promise<void> {
  await call(api, "POST", `/chat/conversations/${id}/read`, {
    upTo: String(upTo),
  });
}

/** Splits server-sent event text into complete events; returns the rest. */
export function parseEvents(buffer: string): {
  events: { event: string; data: string }[];
  rest: string;
} {
  const events: { event: string; data: string }[] = [];
  const blocks = buffer.replace(/\r\n/g, "\n").split("\n\n");
  const rest = blocks.pop() ?? "";
  for (const block of blocks) {
    let event = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) continue; // heartbeat
      const [field, ...value] = line.split(":");
      const text = value.join(":").replace(/^ /, "");
      if (field === "event") event = text;
      else if (field === "data") data.push(text);
    }
    if (data.length > 0) events.push({ event, data: data.join("\n") });
  }
  return { events, rest };
}

export interface StreamHandlers {
  onMessage(message: ChatMessage): void;
  /** `true` while connected, `false` while waiting to reconnect. */
  onStatus(live: boolean): void;
  /** The newest message id the widget has (the stream resumes after it). */
  lastId(): number;
}

/**
 * Follows conversation `id` until `signal` aborts: reads the stream, and
 * when it ends (the server closes streams after a few minutes) or fails,
 * opens it again after the last message seen, waiting as long as the
 * server's `Retry-After` says when it is busy.
 */
export async function follow(
  api: ChatApi,
  id: number,
  handlers: StreamHandlers,
  signal: AbortSignal,
): Promise<void> {
  while (!signal.aborted) {
    let wait = 1000;
    try {
      const url = `${api.apiBase}/chat/conversations/${id}/stream?after=${handlers.lastId()}`;
      const res = await fetch(url, {
        credentials: "same-origin",
        headers: headers(api, { accept: "text/event-stream" }),
        signal,
      });
      if (res.ok && res.body) {
        handlers.onStatus(true);
        await read(res.body, handlers, signal);
      } else {
        wait = Math.max(Number(res.headers.get("retry-after")) || 5, 1) * 1000;
        handlers.onStatus(false);
      }
    } catch {
      if (signal.aborted) return;
      handlers.onStatus(false);
      wait = 3000;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, wait);
      signal.addEventListener("abort", () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

async function read(
  body: ReadableStream<Uint8Array>,
  handlers: StreamHandlers,
  signal: AbortSignal,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  signal.addEventListener(
    "abort",
    () => void reader.cancel().catch(() => undefined),
  );
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    const parsed = parseEvents(buffer);
    buffer = parsed.rest;
    for (const e of parsed.events) {
      if (e.event !== "message") continue;
      try {
        const message = parseMessage(JSON.parse(e.data));
        if (message) handlers.onMessage(message);
      } catch {
        // Not JSON: skip it; the next resync reads the conversation again.
      }
    }
  }
}
