import { defineWidget } from "../bridge/widget";
import { parseHelpChatProps } from "./contract";
import { HelpChat } from "./help-chat";

export { HELP_CHAT } from "./contract";
export type { HelpChatProps, HelpChatTexts, ChatMessage } from "./contract";

export const helpChatWidget = defineWidget(HelpChat, parseHelpChatProps);
