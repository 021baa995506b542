/**
 * The Messages converter turns any AG-UI thread (provider swaps, instructions mid-thread, foreign
 * and repeated tool call ids, unanswered calls and orphan results, another provider's reasoning and
 * file handles, empty and whitespace text, lone surrogates) into a request the API's documented
 * rules accept (test support: `requestViolations`), or throws `EmptyRequestError`.
 */
import type { RunAgentInput } from "@agui-bridge/core/adapter";
import { assertValidRequests, requestViolations, threadInput } from "@agui-bridge/test-support";
import fc from "fast-check";
import { describe, it } from "vitest";
import { createAnthropicProvider, toMessagesRequest, type AnthropicMessagesClient } from "../src/index.js";

describe("Messages: any thread makes a request the API accepts", () => {
  it.each(["anthropic", "amazon-bedrock", "google-vertex-anthropic"])("%s", (provider) => {
    assertValidRequests("anthropic", { label: provider }, (input) => toMessagesRequest(input, { model: "claude-sonnet-4-5", maxTokens: 1024, provider }).params);
  });
});

/** The body the provider factory sends for `input` (its client records it and fails the call). */
async function providerBody(input: RunAgentInput, thinking: Record<string, unknown>, maxTokens: number): Promise<unknown> {
  let body: unknown;
  const client: AnthropicMessagesClient = {
    messages: {
      create(params) {
        body = params;
        throw new Error("recorded");
      },
    },
  };
  const provider = createAnthropicProvider({ client, model: "claude-sonnet-4-5", maxTokens, params: { thinking: thinking as never }, retry: false });
  for await (const event of provider.stream(input)) void event;
  return body;
}

// What the factory sends with extended thinking on, as a thread's later turns are sent while
// thinking: the thinking rules (an open tool loop's turn led by thinking or thinking left out, no
// prefill thinking, budget against max_tokens) hold on every thread, also with interleaved
// thinking's budget above max_tokens, which the beta header allows.
describe("Messages provider with thinking: any thread makes a request the API accepts", () => {
  it.each<[string, Record<string, unknown>, number, string[]]>([
    ["a budget", { type: "enabled", budget_tokens: 1024 }, 4096, []],
    ["a budget above max_tokens (interleaved thinking)", { type: "enabled", budget_tokens: 8192 }, 4096, ["interleaved-thinking-2025-05-14"]],
    ["adaptive thinking", { type: "adaptive" }, 4096, []],
  ])("%s", async (_, thinking, maxTokens, anthropicBetas) => {
    await fc.assert(
      fc.asyncProperty(threadInput, async (input) => {
        const body = await providerBody(input, thinking, maxTokens);
        if (body === undefined) return; // nothing to send (EmptyRequestError, a RUN_ERROR)
        const problems = requestViolations("anthropic", body, { label: "anthropic", anthropicBetas });
        if (problems.length > 0) throw new Error(`${problems.join("\n")}\nrequest: ${JSON.stringify(body)}`);
      }),
      { numRuns: 100 },
    );
  });
});
