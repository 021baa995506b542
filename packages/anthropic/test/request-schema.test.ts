/**
 * Request bodies built from random mixed-provider conversations and from every recorded Messages
 * stream carried back type-check against the Anthropic SDK's request types, generated from
 * Anthropic's published API description. The beta types are used: `compaction` blocks exist only
 * there (README: "Request side" lists where the published schema lags the live API).
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, EmptyRequestError, type Message } from "@agui-bridge/core/adapter";
import { conversation, typeCheckBodies } from "@agui-bridge/test-support";
import fc from "fast-check";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { listSharedStreams, readJsonl } from "../../../test-fixtures/support/shared-streams.js";
import { streamMessages, toMessagesRequest } from "../src/index.js";
import { collect, fromList } from "./support/replay.js";

const dir = fileURLToPath(new URL(".", import.meta.url));
const samples = fc.sample(conversation, { numRuns: 40, seed: Number(process.env.FC_SEED ?? 15) });

function body(input: Parameters<typeof toMessagesRequest>[0]): unknown {
  return { ...toMessagesRequest(input).params, model: "claude-sonnet-4-5", max_tokens: 1024, stream: true };
}

async function recordedRequests(): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const file of listSharedStreams("anthropic")) {
    const chunks = readJsonl(file).map((line) => (line.ok ? line.value : line.raw));
    if (chunks.some((chunk) => typeof chunk === "string")) continue;
    const events = await collect(streamMessages(fromList(chunks), { threadId: "t", runId: "r", generateId: createSequentialIds("id") }));
    const messages = (await assertConformant(events)) as Message[];
    out.push(body({ messages: [{ id: "u", role: "user", content: "hi" }, ...messages] }));
  }
  return out;
}

describe("Messages request bodies match the published schema", () => {
  it("random conversations and every recorded stream carried back type-check as MessageCreateParamsStreaming", async () => {
    const random = samples.flatMap((conv) => {
      try {
        return [body(conv.input)];
      } catch (error) {
        expect(error).toBeInstanceOf(EmptyRequestError);
        return [];
      }
    });
    const bodies = [...random, ...(await recordedRequests())];
    const bad = { model: "claude-sonnet-4-5", max_tokens: 8, stream: true, messages: [{ role: "user", content: [{ type: "text", txt: "x" }] }] };
    const diagnostics = typeCheckBodies({
      dir,
      imports: 'import type { MessageCreateParamsStreaming } from "@anthropic-ai/sdk/resources/beta/messages/messages";',
      type: "MessageCreateParamsStreaming",
      bodies: [...bodies, bad],
    });
    // Exactly the deliberately wrong body is reported: the check is not vacuous.
    expect(diagnostics.slice(0, -1)).toEqual([]);
    expect(diagnostics).toHaveLength(1);
    expect(random.length).toBeGreaterThan(0);
  }, 60_000);
});
