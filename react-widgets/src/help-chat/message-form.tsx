import type { RefObject } from "react";
import type { HelpChatTexts } from "./contract";
import type { MessageDraft } from "./use-send-message";

interface MessageFormProps {
  send: MessageDraft;
  texts: HelpChatTexts;
  maxLength: number;
  box: RefObject<HTMLTextAreaElement | null>;
  /** Offer the optional address field (a visitor's first message). */
  askEmail: boolean;
}

/** Whether the device has a precise pointer (mouse, trackpad), and so most
 * likely a keyboard: only there is "Enter sends" advice worth giving. */
export function hasKeyboard(): boolean {
  return (
    typeof window !== "undefined" &&
    typeof window.matchMedia === "function" &&
    window.matchMedia("(pointer: fine)").matches
  );
}

/** The labelled text box, its hint (keyboards only), the refusal's reason
 * and the send button. */
export function MessageForm({
  send,
  texts,
  maxLength,
  box,
  askEmail,
}: MessageFormProps) {
  const keyboard = hasKeyboard();
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
        aria-describedby={keyboard ? "hc-hint hc-error" : "hc-error"}
        value={send.draft}
        onChange={(e) => send.setDraft(e.target.value)}
        onKeyDown={send.onKeyDown}
      />
      {keyboard && (
        <p id="hc-hint" className="hc-hint">
          {texts.hint}
        </p>
      )}
      {askEmail && (
        <>
          <label htmlFor="hc-email">{texts.emailLabel}</label>
          <input
            id="hc-email"
            type="email"
            name="email"
            autoComplete="email"
            aria-describedby="hc-email-hint"
            value={send.email}
            onChange={(e) => send.setEmail(e.target.value)}
          />
          <p id="hc-email-hint" className="hc-hint">
            {texts.emailHint}
          </p>
        </>
      )}
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
