// One widget's chunk, loaded by `loader.ts` where this widget mounts.
import { createRegistry } from "../bridge/registry";
import { HELP_CHAT, helpChatWidget } from "../help-chat";

export const mount = createRegistry(new Map([[HELP_CHAT, helpChatWidget]]));
