import {
  useState,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from "react";
import { ChatError, sendMessage, type ChatApi } from "./client";
import type { ChatMessage } from "./contract";
import type { ChatMessages } from "./use-chat-messages";

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

export interface SendOptions {
  api: ChatApi;
  /** The gallery: the message is shown, not sent. */
  sample: boolean;
  chat: ChatMessages;
  /** Learns the conversation a send started. */
  setConversation: (id: number) => void;
  /** Shown when the server gave no message of its own. */
  sendFailed: string;
  /** The text box, focused again after each try. */
  box: RefObject<HTMLTextAreaElement | null>;
}

export interface MessageDraft {
  draft: string;
  setDraft: (draft: string) => void;
  /** The address a visitor leaves for the answer (optional). */
  email: string;
  setEmail: (email: string) => void;
  sending: boolean;
  /** Why the last send was refused, or `null`. */
  error: string | null;
  submit: (event?: FormEvent) => Promise<void>;
  /** Enter sends, Shift+Enter (or Enter composing text) breaks the line. */
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
}

/**
 * The message being written and its sending: one send at a time, blank
 * messages ignored, the text kept (and the reason shown) when refused.
 */
export function useSendMessage(options: SendOptions): MessageDraft {
  const { api, sample, chat, setConversation, sendFailed, box } = options;
  const [draft, setDraft] = useState("");
  const [email, setEmail] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending || draft.trim() === "") return;
    setSending(true);
    setError(null);
    try {
      const sent = sample
        ? sampleSent(draft, chat.lastId.current)
        : await sendMessage(api, draft, email);
      setConversation(sent.conversationId);
      chat.receive([sent.message], false);
      setDraft("");
    } catch (e) {
      setError(
        e instanceof ChatError && e.userMessage ? e.userMessage : sendFailed,
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

  return {
    draft,
    setDraft,
    email,
    setEmail,
    sending,
    error,
    submit,
    onKeyDown,
  };
}
