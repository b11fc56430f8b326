import { useEffect, useRef } from "react";
import type { ChatMessage, HelpChatTexts } from "./contract";

interface MessageListProps {
  messages: ChatMessage[];
  texts: HelpChatTexts;
}

/**
 * The conversation, oldest first, as plain text (never markup), kept
 * scrolled to the newest message.
 */
export function MessageList({ messages, texts }: MessageListProps) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = list.current;
    if (el && typeof el.scrollTo === "function")
      el.scrollTo({ top: el.scrollHeight });
  }, [messages]);
  return (
    <ol className="hc-messages" ref={list}>
      {messages.length === 0 && (
        <li className="hc-empty">
          {texts.empty} <span className="hc-promise">{texts.promise}</span>
        </li>
      )}
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
  );
}
