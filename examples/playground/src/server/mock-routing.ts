import { asArray, asRecord, asString, type Message, type RunAgentInput } from "@agui-bridge/core/adapter";
import type { MockFormat } from "@agui-bridge/mock-provider";

/**
 * Which recorded stream the mock answers with, per wire format, for providers without a scripted
 * conversation (the scripted ones are Anthropic's, under fixtures/anthropic).
 */
export const RECORDED_FIXTURES: Record<MockFormat, string> = {
  "openai-chat": "reasoning-deltas",
  "openai-responses": "reasoning-encrypted",
  anthropic: "text",
  google: "thoughts-signatures",
};

/** Recorded streams in which the provider runs a tool itself (web search, code execution). */
export const PROVIDER_TOOL_FIXTURES: Record<MockFormat, string> = {
  "openai-chat": "text",
  "openai-responses": "builtin-tools",
  anthropic: "server-tool-citations",
  google: "code-execution",
};

/** Words in the user's message that pick a scripted conversation, first match wins. */
export const SCRIPT_KEYWORDS: ReadonlyArray<readonly [keyword: string, script: string]> = [
  ["research", "research"],
  ["search", "search"],
  ["theme", "set-theme"],
  ["email", "send-email"],
  ["fail", "fail"],
  ["story", "story"],
];

/** The scripted conversation for a message's text (default `hello`). */
export function scriptFor(text: string): string {
  const lower = text.toLowerCase();
  return SCRIPT_KEYWORDS.find(([keyword]) => lower.includes(keyword))?.[1] ?? "hello";
}

/**
 * The scripted mock's choice for one Anthropic Messages request: `after-tool` when the request
 * answers a tool call, otherwise the script named by the last user message's words.
 */
export function chooseScript(body: unknown): string {
  const messages = asArray(asRecord(body)?.messages) ?? [];
  const last = asRecord(messages.at(-1));
  const blocks = asArray(last?.content) ?? [];
  if (blocks.some((block) => asString(asRecord(block)?.type) === "tool_result")) return "after-tool";
  const text = asString(last?.content) ?? blocks.map((block) => asString(asRecord(block)?.text) ?? "").join(" ");
  return scriptFor(text);
}

/** The text of the last user message of a run input (empty when there is none). */
export function lastUserText(input: RunAgentInput): string {
  const user = [...input.messages].reverse().find((message: Message) => message.role === "user");
  if (user === undefined || user.role !== "user") return "";
  if (typeof user.content === "string") return user.content;
  return user.content.map((part) => (part.type === "text" ? part.text : "")).join(" ");
}
