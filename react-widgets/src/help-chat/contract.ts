// The props contract shared with the Rust side (`app/src/widgets/help_chat.rs`).
// The widget talks to the help chat API itself (`/api_f/v1/chat/...`, the
// session or chat cookie travelling with `website_type`), so the chat's code
// stays out of the page's WASM and is only fetched when someone opens it.
// Every text comes from the props (the site's locale files); messages from
// the server arrive already localized (`accept-language`).

import { type Fields, propsReader } from "../bridge/props";

export const HELP_CHAT = "help-chat";

export interface HelpChatTexts {
  title: string;
  close: string;
  messageLabel: string;
  placeholder: string;
  hint: string;
  send: string;
  sending: string;
  /** Who support sees: "You are chatting as ana@example.com." */
  identity: string;
  empty: string;
  you: string;
  staff: string;
  /** Announced for each new reply; `{text}` is the reply. */
  newReply: string;
  sendFailed: string;
  reconnecting: string;
  /** When support replies: a plain promise, shown before the first message. */
  promise: string;
  /** Shown while the person's last message waits for an answer. */
  received: string;
  /** The optional address a visitor leaves with their first message. */
  emailLabel: string;
  emailHint: string;
}

export interface HelpChatProps {
  /** `/api_f/v1`. */
  apiBase: string;
  /** `en`, `id`, `zh`: sent as `accept-language`. */
  locale: string;
  /** The `website_type` header (lets the API accept the browser's cookies). */
  websiteType: string;
  /** Grows with every request to open the chat (0: stay closed). */
  openCount: number;
  /** In the page's flow instead of a floating panel (the gallery). */
  inline: boolean;
  /** Where focus goes back when the chat closes (the launcher). */
  returnFocusId: string;
  /** The longest message, in characters. */
  maxLength: number;
  /** Messages to show without calling the API (the gallery); `null` on the site. */
  sample: ChatMessage[] | null;
  /** A visitor (no account): offer to leave an address for the answer. */
  askEmail: boolean;
  texts: HelpChatTexts;
}

/** A message as the API sends it. */
export interface ChatMessage {
  id: number;
  author: "person" | "staff";
  body: string;
  createdAt: number;
}

const reader = propsReader(HELP_CHAT);
// Annotated, so a call narrows what it checked.
const fail: (field: string) => never = reader.fail;
const { record, string, count } = reader;

const TEXT_NAMES = [
  "title",
  "close",
  "messageLabel",
  "placeholder",
  "hint",
  "send",
  "sending",
  "identity",
  "empty",
  "you",
  "staff",
  "newReply",
  "sendFailed",
  "reconnecting",
  "promise",
  "received",
  "emailLabel",
  "emailHint",
] as const;

export function parseHelpChatProps(raw: unknown): HelpChatProps {
  const p = record(raw, "");
  const t = record(p.texts, "texts");
  const texts = {} as HelpChatTexts;
  for (const name of TEXT_NAMES) texts[name] = string(t[name], `texts.${name}`);
  if (typeof p.inline !== "boolean") fail("inline");
  if (typeof p.askEmail !== "boolean") fail("askEmail");
  return {
    apiBase: string(p.apiBase, "apiBase"),
    locale: string(p.locale, "locale"),
    websiteType: string(p.websiteType, "websiteType"),
    openCount: count(p.openCount, "openCount"),
    inline: p.inline,
    returnFocusId: string(p.returnFocusId, "returnFocusId"),
    maxLength: count(p.maxLength, "maxLength"),
    sample: p.sample == null ? null : parseSample(p.sample),
    askEmail: p.askEmail,
    texts,
  };
}

function parseSample(raw: unknown): ChatMessage[] {
  if (!Array.isArray(raw)) fail("sample");
  return raw.map((m, i) => parseMessage(m) ?? fail(`sample[${i}]`));
}

/** A message from the wire, or `null` when it is not one. */
export function parseMessage(raw: unknown): ChatMessage | null {
  if (typeof raw !== "object" || raw === null) return null;
  const m = raw as Fields;
  if (
    typeof m.id !== "number" ||
    typeof m.body !== "string" ||
    typeof m.createdAt !== "number"
  )
    return null;
  if (m.author !== "person" && m.author !== "staff") return null;
  return { id: m.id, author: m.author, body: m.body, createdAt: m.createdAt };
}
