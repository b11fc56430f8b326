import type { RefObject } from "react";
import type { HelpChatTexts } from "./contract";
import type { MessageDraft } from "./use-send-message";

interface MessageFormProps {
  send: MessageDraft;
  texts: HelpChatTexts;
  maxLength: number;
  box: RefObject<HTMLTextAreaElement | null>;
}

/** The labelled text box, its hint, the refusal's reason and the send button. */
export function MessageForm({ send, texts, maxLength, box }: MessageFormProps) {
  return (
    <form className="hc-form" onSubmit={send.submit} noValidate>
      <label htmlFor="hc-message">{texts.messageLabel}</label>
      <textarea
        id="hc-message"
        ref={box}
        name="body"
        rows={3}
        maxLength={maxLength}
        placeholder={texts.placeholder}
        aria-describedby="hc-hint hc-error"
        value={send.draft}
        onChange={(e) => send.setDraft(e.target.value)}
        onKeyDown={send.onKeyDown}
      />
      <p id="hc-hint" className="hc-hint">
        {texts.hint}
      </p>
      <p id="hc-error" className="hc-error" role="alert">
        {send.error}
      </p>
      <button
        type="submit"
        className="hc-send"
        disabled={send.sending}
        aria-busy={send.sending}
      >
        {send.sending ? texts.sending : texts.send}
      </button>
    </form>
  );
}
