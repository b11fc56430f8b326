import { useCallback, useRef, useState, type RefObject } from "react";
import type { ChatMessage } from "./contract";

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

export interface ChatMessages {
  /** Shown in id order, each once. */
  messages: ChatMessage[];
  /** The live region's text: the newest reply received live. */
  announcement: string;
  /** The highest id received (where the live stream resumes). */
  lastId: RefObject<number>;
  /** Takes messages in; `announce` says support's newest one out loud. */
  receive: (incoming: ChatMessage[], announce: boolean) => void;
}

/**
 * The messages of the conversation: whatever arrives (loaded, sent, live,
 * again after a reconnect) shows once, and a reply received live is
 * announced with `newReply` (`{text}` is the reply).
 */
export function useChatMessages(newReply: string): ChatMessages {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [announcement, setAnnouncement] = useState("");
  const lastId = useRef(0);
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
        setAnnouncement(newReply.replace("{text}", reply.body));
    },
    [newReply],
  );
  return { messages, announcement, lastId, receive };
}
