import { useRef } from "react";
import type { WidgetProps } from "../bridge/widget";
import type { ChatApi } from "./client";
import type { ChatMessage, HelpChatProps, HelpChatTexts } from "./contract";
import { MessageForm } from "./message-form";
import { MessageList } from "./message-list";
import { useChatMessages } from "./use-chat-messages";
import { useConversation } from "./use-conversation";
import { usePanelOpen } from "./use-panel-open";
import { useSendMessage } from "./use-send-message";
import "./help-chat.css";

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
  const box = useRef<HTMLTextAreaElement>(null);
  const { open, close } = usePanelOpen(
    props.openCount,
    props.returnFocusId,
    box,
  );
  const chat = useChatMessages(texts.newReply);
  const conversation = useConversation(api, open, props.sample, chat);
  const send = useSendMessage({
    api,
    sample: props.sample !== null,
    chat,
    setConversation: conversation.setId,
    sendFailed: texts.sendFailed,
    box,
  });

  if (!open) return null;
  return (
    <section
      className={props.inline ? "hc-panel hc-inline" : "hc-panel"}
      role="dialog"
      aria-modal="false"
      aria-labelledby="hc-title"
      onKeyDown={(e) => e.key === "Escape" && close()}
      data-live={conversation.live ? "true" : "false"}
    >
      <PanelHeader texts={texts} close={close} />
      <p className="hc-identity">{texts.identity}</p>
      {!conversation.live && (
        <p className="hc-status" role="status">
          {texts.reconnecting}
        </p>
      )}
      <MessageList messages={chat.messages} texts={texts} />
      <p className="hc-received" role="status">
        {awaitsAnswer(chat.messages) ? texts.received : ""}
      </p>
      <p className="hc-sr" aria-live="polite" role="status">
        {chat.announcement}
      </p>
      <MessageForm
        send={send}
        texts={texts}
        maxLength={props.maxLength}
        box={box}
        askEmail={props.askEmail && chat.messages.length === 0}
      />
    </section>
  );
}

/** Whether the person's last message still waits for support's answer. */
function awaitsAnswer(messages: ChatMessage[]): boolean {
  return messages[messages.length - 1]?.author === "person";
}

/** The panel's title and its close button. */
function PanelHeader({
  texts,
  close,
}: {
  texts: HelpChatTexts;
  close: () => void;
}) {
  return (
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
  );
}
