import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from "react";
import type { WidgetProps } from "../bridge/widget";
import {
  ChatError,
  follow,
  loadConversation,
  markRead,
  sendMessage,
  type ChatApi,
} from "./client";
import type { ChatMessage, HelpChatProps } from "./contract";
import "./help-chat.css";

/** Adds `incoming` to `list`, once each, in id order. */
export function merge(
  list: ChatMessage[],
  incoming: ChatMessage[],
): ChatMessage[] {
  const known = new Set(list.map((m) => m.id));
  const added = incoming.filter((m) => !known.has(m.id));
  return added.length === 0
    ? list
    : [...list, ...added].sort((a, b) => a.id - b.id);
}

/** The gallery's "sent": the message shown, nothing called. */
function sampleSent(
  body: string,
  lastId: number,
): { conversationId: number; message: ChatMessage } {
  return {
    conversationId: 1,
    message: { id: lastId + 1, author: "person", body, createdAt: Date.now() },
  };
}

/**
 * The help chat panel: the person's messages and support's answers, a
 * labelled text box (Enter sends, Shift+Enter breaks the line), new replies
 * announced in a live region. Non-modal: the page stays usable; Escape or
 * the close button hides it and focus goes back to the launcher.
 */
export function HelpChat({ props }: WidgetProps<HelpChatProps>) {
  const { texts } = props;
  const api: ChatApi = {
    apiBase: props.apiBase,
    locale: props.locale,
    websiteType: props.websiteType,
  };
  const [open, setOpen] = useState(props.openCount > 0);
  const [conversation, setConversation] = useState<number | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [live, setLive] = useState(true);
  const [announcement, setAnnouncement] = useState("");
  const box = useRef<HTMLTextAreaElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const lastId = useRef(0);
  const loaded = useRef(false);

  // Every new request from the launcher opens the panel and focuses the box.
  useEffect(() => {
    if (props.openCount > 0) setOpen(true);
  }, [props.openCount]);
  useEffect(() => {
    if (open) box.current?.focus();
  }, [open, props.openCount]);

  const known = useRef(new Set<number>());
  const receive = useCallback(
    (incoming: ChatMessage[], announce: boolean) => {
      const fresh = incoming.filter((m) => !known.current.has(m.id));
      if (fresh.length === 0) return;
      for (const m of fresh) known.current.add(m.id);
      lastId.current = Math.max(lastId.current, ...fresh.map((m) => m.id));
      setMessages((current) => merge(current, fresh));
      const reply = fresh.filter((m) => m.author === "staff").pop();
      if (announce && reply)
        setAnnouncement(texts.newReply.replace("{text}", reply.body));
    },
    [texts.newReply],
  );

  // The conversation so far, once, on the first opening.
  useEffect(() => {
    if (!open || loaded.current) return;
    loaded.current = true;
    if (props.sample) {
      receive(props.sample, false);
      return;
    }
    let cancelled = false;
    loadConversation(api)
      .then((found) => {
        if (cancelled) return;
        if (found) {
          setConversation(found.id);
          receive(found.messages, false);
        }
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [open]);

  // Live answers while the panel is open.
  useEffect(() => {
    if (!open || conversation === null || props.sample) return;
    const stop = new AbortController();
    void follow(
      api,
      conversation,
      {
        onMessage: (m) => receive([m], true),
        onStatus: setLive,
        lastId: () => lastId.current,
      },
      stop.signal,
    );
    return () => stop.abort();
  }, [open, conversation, receive]);

  // Seen replies are read: the badge goes down.
  const newestReply =
    [...messages].reverse().find((m) => m.author === "staff")?.id ?? 0;
  useEffect(() => {
    if (open && conversation !== null && newestReply > 0 && !props.sample)
      void markRead(api, conversation, newestReply).catch(() => undefined);
  }, [open, conversation, newestReply]);

  useEffect(() => {
    const el = list.current;
    if (el && typeof el.scrollTo === "function")
      el.scrollTo({ top: el.scrollHeight });
  }, [messages, open]);

  const close = () => {
    setOpen(false);
    document.getElementById(props.returnFocusId)?.focus();
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending || draft.trim() === "") return;
    setSending(true);
    setError(null);
    try {
      const sent = props.sample
        ? sampleSent(draft, lastId.current)
        : await sendMessage(api, draft);
      setConversation(sent.conversationId);
      receive([sent.message], false);
      setDraft("");
    } catch (e) {
      setError(
        e instanceof ChatError && e.userMessage
          ? e.userMessage
          : texts.sendFailed,
      );
    } finally {
      setSending(false);
      box.current?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (
      event.key === "Enter" &&
      !event.shiftKey &&
      !event.nativeEvent.isComposing
    ) {
      event.preventDefault();
      void submit();
    }
  };

  if (!open) return null;
  return (
    <section
      className={props.inline ? "hc-panel hc-inline" : "hc-panel"}
      role="dialog"
      aria-modal="false"
      aria-labelledby="hc-title"
      onKeyDown={(e) => e.key === "Escape" && close()}
      data-live={live ? "true" : "false"}
    >
      <header className="hc-head">
        <h2 id="hc-title">{texts.title}</h2>
        <button
          type="button"
          className="hc-close"
          aria-label={texts.close}
          onClick={close}
        >
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <p className="hc-identity">{texts.identity}</p>
      {!live && (
        <p className="hc-status" role="status">
          {texts.reconnecting}
        </p>
      )}
      <ol className="hc-messages" ref={list}>
        {messages.length === 0 && <li className="hc-empty">{texts.empty}</li>}
        {messages.map((m) => (
          <li
            key={m.id}
            className={`hc-message hc-${m.author}`}
            data-id={m.id}
            data-author={m.author}
          >
            <span className="hc-author">
              {m.author === "staff" ? texts.staff : texts.you}
            </span>
            <p className="hc-body">{m.body}</p>
          </li>
        ))}
      </ol>
      <p className="hc-sr" aria-live="polite" role="status">
        {announcement}
      </p>
      <form className="hc-form" onSubmit={submit} noValidate>
        <label htmlFor="hc-message">{texts.messageLabel}</label>
        <textarea
          id="hc-message"
          ref={box}
          name="body"
          rows={3}
          maxLength={props.maxLength}
          placeholder={texts.placeholder}
          aria-describedby="hc-hint hc-error"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <p id="hc-hint" className="hc-hint">
          {texts.hint}
        </p>
        <p id="hc-error" className="hc-error" role="alert">
          {error}
        </p>
        <button
          type="submit"
          className="hc-send"
          disabled={sending}
          aria-busy={sending}
        >
          {sending ? texts.sending : texts.send}
        </button>
      </form>
    </section>
  );
}
