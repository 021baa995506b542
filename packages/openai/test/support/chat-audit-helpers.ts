/** Helpers shared by chat-audit*.test.ts: literal chunks and SSE, the both-paths run, the next request. */
import type { Message } from "@agui-bridge/core/adapter";
import { toChatCompletionsRequest } from "../../src/index.js";
import { chatChunk, chatSse, runChatBothPaths } from "./chat-both-paths.js";

export type Rec = Record<string, unknown>;

export const sse = chatSse;
export const chunk = (choice: Rec, extra: Rec = {}): Rec => chatChunk(choice, extra, { id: "chatcmpl-audit", model: "m" });
export const run = runChatBothPaths;

export function request(messages: Message[], provider?: string): { sent: Rec[]; warnings: string[] } {
  const warnings: string[] = [];
  const { params } = toChatCompletionsRequest(
    { threadId: "t", runId: "r2", messages },
    { model: "m", ...(provider !== undefined && { provider }), onWarning: (w) => warnings.push(w.code) },
  );
  return { sent: params.messages as unknown as Rec[], warnings };
}

export const user: Message = { id: "u1", role: "user", content: "Hi" };
export const toolResult = (toolCallId: string): Message => ({ id: `t-${toolCallId}`, role: "tool", toolCallId, content: "ok" }) as Message;
