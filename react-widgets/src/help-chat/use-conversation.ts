import { useEffect, useRef, useState } from "react";
import { follow, loadConversation, markRead, type ChatApi } from "./client";
import type { ChatMessage } from "./contract";
import type { ChatMessages } from "./use-chat-messages";

export interface Conversation {
  /** The conversation's id, once there is one (loaded or started by a send). */
  id: number | null;
  setId: (id: number) => void;
  /** False while the live stream reconnects. */
  live: boolean;
}

/**
 * The person's conversation with support while the panel is open: loaded on
 * the first opening, followed live, its replies marked read once shown.
 * With `sample` messages (the gallery) nothing calls the API.
 */
export function useConversation(
  api: ChatApi,
  open: boolean,
  sample: ChatMessage[] | null,
  chat: ChatMessages,
): Conversation {
  const [id, setId] = useState<number | null>(null);
  const [live, setLive] = useState(true);
  useFirstLoad(api, open, sample, chat, setId);
  useLiveReplies(api, open && sample === null ? id : null, chat, setLive);
  useMarkRead(api, open && sample === null ? id : null, chat.messages);
  return { id, setId, live };
}

/** The conversation so far, once, on the first opening. */
function useFirstLoad(
  api: ChatApi,
  open: boolean,
  sample: ChatMessage[] | null,
  { receive }: ChatMessages,
  setId: (id: number) => void,
): void {
  const loaded = useRef(false);
  useEffect(() => {
    if (!open || loaded.current) return;
    loaded.current = true;
    if (sample) {
      receive(sample, false);
      return;
    }
    let cancelled = false;
    loadConversation(api)
      .then((found) => {
        if (cancelled) return;
        if (found) {
          setId(found.id);
          receive(found.messages, false);
        }
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [open]);
}

/** Live answers of conversation `id` (`null`: none to follow). */
function useLiveReplies(
  api: ChatApi,
  id: number | null,
  { receive, lastId }: ChatMessages,
  setLive: (live: boolean) => void,
): void {
  useEffect(() => {
    if (id === null) return;
    const stop = new AbortController();
    void follow(
      api,
      id,
      {
        onMessage: (m) => receive([m], true),
        onStatus: setLive,
        lastId: () => lastId.current,
      },
      stop.signal,
    );
    return () => stop.abort();
  }, [id, receive]);
}

/** Seen replies of conversation `id` are read: the badge goes down. */
function useMarkRead(
  api: ChatApi,
  id: number | null,
  messages: ChatMessage[],
): void {
  const newestReply =
    [...messages].reverse().find((m) => m.author === "staff")?.id ?? 0;
  useEffect(() => {
    if (id !== null && newestReply > 0)
      void markRead(api, id, newestReply).catch(() => undefined);
  }, [id, newestReply]);
}
