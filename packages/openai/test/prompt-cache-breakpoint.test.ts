/**
 * Explicit prompt cache breakpoints (openai 7.60 `prompt_cache_breakpoint` on Chat's text, image,
 * audio and file parts and on Responses' `input_text`, `input_image`, `input_file`: "Marks the
 * exact end of a reusable prompt prefix", `{ mode: "explicit", ttl?: "30m" | "12h" }`). An AG-UI
 * part asks for one with metadata `promptCacheBreakpoint` (`true` or the API's shape, plain or
 * under `agui-bridge`); only OpenAI's platform documents the field, so other labels get the part
 * without it and a warning.
 */
import type { BridgeWarning, ContentPart, Message, RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest, toResponsesRequest } from "../src/index.js";

const text = (value: string, metadata?: Record<string, unknown>): ContentPart => ({ type: "text", text: value, ...(metadata !== undefined && { metadata }) }) as ContentPart;
const image = (metadata: Record<string, unknown>): ContentPart => ({ type: "image", source: { type: "url", value: "https://x.test/a.png" }, metadata }) as ContentPart;

function input(parts: ContentPart[], extra: Message[] = []): RunAgentInput {
  return { threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: parts } as Message, ...extra] };
}

function chat(parts: ContentPart[], provider?: string): { content: unknown; warnings: BridgeWarning[] } {
  const { params, warnings } = toChatCompletionsRequest(input(parts), { model: "gpt-5.6", ...(provider !== undefined && { provider }) });
  return { content: (params.messages[0] as { content?: unknown } | undefined)?.content, warnings };
}

function responses(parts: ContentPart[], provider?: string): { content: unknown; warnings: BridgeWarning[] } {
  const { params, warnings } = toResponsesRequest(input(parts), { model: "gpt-5.6", ...(provider !== undefined && { provider }) });
  return { content: (params.input as Array<{ content?: unknown }>)[0]?.content, warnings };
}

const codes = (warnings: readonly BridgeWarning[]) => warnings.map((w) => w.code);

describe("prompt_cache_breakpoint on input content parts", () => {
  it("Chat: `true` → { mode: explicit } on that part only", () => {
    const { content, warnings } = chat([text("long shared prefix", { promptCacheBreakpoint: true }), text("question")]);
    expect(content).toEqual([
      { type: "text", text: "long shared prefix", prompt_cache_breakpoint: { mode: "explicit" } },
      { type: "text", text: "question" },
    ]);
    expect(warnings).toEqual([]);
  });

  it("Responses: the API's shape with a ttl, under the agui-bridge key, on an image", () => {
    const { content } = responses([image({ "agui-bridge": { promptCacheBreakpoint: { mode: "explicit", ttl: "12h" } } }), text("what is it?")]);
    expect(content).toEqual([
      { type: "input_image", image_url: "https://x.test/a.png", detail: "auto", prompt_cache_breakpoint: { mode: "explicit", ttl: "12h" } },
      { type: "input_text", text: "what is it?" },
    ]);
  });

  it("a ttl or mode the API does not list, or another value, asks for nothing", () => {
    const { content } = responses([text("a", { promptCacheBreakpoint: { ttl: "1h" } }), text("b", { promptCacheBreakpoint: { mode: "implicit" } }), text("c", { promptCacheBreakpoint: "yes" })]);
    expect(content).toEqual([
      { type: "input_text", text: "a" },
      { type: "input_text", text: "b" },
      { type: "input_text", text: "c" },
    ]);
  });

  it.each(["azure-openai", "openrouter", "mistral"])("to %s: the part goes without it, with request.cache-breakpoint-dropped", (provider) => {
    const { content, warnings } = chat([text("prefix", { promptCacheBreakpoint: true })], provider);
    expect(content).toEqual([{ type: "text", text: "prefix" }]);
    expect(codes(warnings)).toContain("request.cache-breakpoint-dropped");
  });

  it("Responses tool output parts take it; a Chat tool result (one string) warns", () => {
    const call: Message = { id: "a", role: "assistant", toolCalls: [{ id: "call_1", type: "function", function: { name: "f", arguments: "{}" } }] } as Message;
    const result: Message = { id: "tr", role: "tool", toolCallId: "call_1", content: [text("big result", { promptCacheBreakpoint: true })] } as unknown as Message;
    const conversation: RunAgentInput = { threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "go" }, call, result] };
    const { params } = toResponsesRequest(conversation, { model: "gpt-5.6" });
    const output = (params.input as Array<{ type?: string; output?: unknown }>).find((item) => item.type === "function_call_output")?.output;
    expect(output).toEqual([{ type: "input_text", text: "big result", prompt_cache_breakpoint: { mode: "explicit" } }]);
    const { warnings } = toChatCompletionsRequest(conversation, { model: "gpt-5.6" });
    expect(codes(warnings)).toContain("request.cache-breakpoint-dropped");
  });
});
