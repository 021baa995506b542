/**
 * Cloudflare Workers AI's OpenAI-compatible Chat route serves its reasoning models (`@cf/moonshotai/kimi-k2.5`,
 * `@cf/zai-org/glm-4.7-flash`) with vLLM, which reads a replayed assistant message's reasoning from
 * `reasoning` (cloudflare/ai workers-ai-provider@3.1.5: "Reasoning parts are now sent as the
 * reasoning field on the assistant message object, which is the field name vLLM expects on input";
 * folding it into the content "corrupt[ed] the conversation history"). Under the `workers-ai` /
 * `cloudflare` labels a tool-call turn's reasoning goes back as `reasoning`, also for a Kimi model
 * (which under an `openai`-default label would get `reasoning_content`, ignored there).
 */
import type { Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toChatCompletionsRequest } from "../src/index.js";
import { chatChunk, runChatBothPaths } from "./support/chat-both-paths.js";

type Rec = Record<string, unknown>;

const model = "@cf/moonshotai/kimi-k2.5";
const chunk = (choice: Rec): Rec => chatChunk(choice, {}, { id: "chatcmpl-cf", model });

describe("Workers AI: a tool-call turn's reasoning goes back as `reasoning`", () => {
  for (const provider of ["workers-ai", "cloudflare"]) {
    it(`label ${provider}, Kimi model`, async () => {
      const { messages } = await runChatBothPaths([
        chunk({ delta: { role: "assistant", content: null, reasoning: "Need the weather." } }),
        chunk({ delta: { tool_calls: [{ index: 0, id: "chatcmpl-tool-1", type: "function", function: { name: "weather", arguments: "{\"city\":\"Oslo\"}" } }] } }),
        chunk({ delta: {}, finish_reason: "tool_calls" }),
      ], { provider });
      const input: Message[] = [{ id: "u1", role: "user", content: "Weather?" }, ...messages, { id: "t1", role: "tool", toolCallId: "chatcmpl-tool-1", content: "sunny" } as Message];
      const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r2", messages: input }, { model, provider });
      const assistant = (params.messages as unknown as Rec[]).find((m) => m.role === "assistant");
      expect(assistant?.reasoning).toBe("Need the weather.");
      expect(assistant).not.toHaveProperty("reasoning_content");
    });
  }
});
