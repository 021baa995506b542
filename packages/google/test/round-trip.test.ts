/**
 * Round trip over recorded Gemini 3 streams with signed parts: events → conformant messages →
 * toGenerateContentRequest → the model turn carries every signature on the same call or part.
 */
import { createSequentialIds, type Event } from "@agui-bridge/core/adapter";
import { assertConformant } from "@agui-bridge/conformance";
import type { Part } from "@google/genai";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readJsonl, sharedStreamsDir, sharedSuiteTitle } from "../../../test-fixtures/support/shared-streams.js";
import { streamGenerateContent, toGenerateContentRequest } from "../src/index.js";
import { collect } from "./support/collect.js";
import { readSse, sdkStream } from "./support/sdk-sse.js";

/** Every signed part the recording carried: the signature and what it sat on. */
function signedParts(chunks: unknown[]): Array<{ signature: string; call?: string; text?: string }> {
  const out: Array<{ signature: string; call?: string; text?: string }> = [];
  for (const chunk of chunks as Array<Record<string, any>>) {
    for (const part of chunk.candidates?.[0]?.content?.parts ?? []) {
      if (!part.thoughtSignature) continue;
      out.push(part.functionCall ? { signature: part.thoughtSignature, call: part.functionCall.name } : { signature: part.thoughtSignature, text: String(part.text ?? "") });
    }
  }
  return out;
}

async function roundTrip(events: Event[]): Promise<Part[]> {
  const messages = await assertConformant(events);
  const { params, warnings } = toGenerateContentRequest({ messages: [{ id: "u", role: "user", content: "go" }, ...messages] as never });
  // A recording that ends on function calls has no results: each gets an error response (warned).
  const answered = new Set(messages.flatMap((m) => (m.role === "tool" ? [m.toolCallId] : [])));
  const pending = messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : [])).filter((c) => !answered.has(c.id));
  expect(warnings.filter((w) => w.code === "request.missing-tool-result").map((w) => w.details?.toolCallId)).toEqual(pending.map((c) => c.id));
  expect(warnings.filter((w) => w.code !== "request.missing-tool-result")).toEqual([]);
  const model = params.contents.filter((content) => content.role === "model");
  expect(model).toHaveLength(1);
  return model[0]?.parts ?? [];
}

const dir = sharedStreamsDir();
describe(sharedSuiteTitle("google"), () => {
  for (const name of ["google-tool-call-gemini3.jsonl", "google-reasoning-gemini3.jsonl", "google-vertex-stream-tool-call-arguments-nested.1.jsonl"]) {
    it.skipIf(dir === undefined)(`round trip keeps every signature: ${name}`, async () => {
      const chunks = readJsonl(join(dir ?? "", "google", name)).map((line) => (line.ok ? line.value : line.raw));
      async function* source(): AsyncGenerator<unknown> {
        yield* chunks;
      }
      const parts = await roundTrip(await collect(streamGenerateContent(source(), { generateId: createSequentialIds() })));
      const expected = signedParts(chunks);
      expect(expected.length).toBeGreaterThan(0);
      for (const signed of expected) {
        const carrier = parts.filter((part) => part.thoughtSignature === signed.signature);
        expect(carrier).toHaveLength(1);
        if (signed.call !== undefined) expect(carrier[0]?.functionCall?.name).toBe(signed.call);
        // The signed part goes back as it came (these recordings sign their last text part, often
        // an empty one), never merged with the unsigned text before it.
        else expect(carrier[0]?.text).toBe(signed.text);
      }
      for (const part of parts) expect(JSON.stringify(part)).not.toMatch(/partialArgs|willContinue/);
    });
  }

  it("round trip of our own fixtures: thought and text signatures on their parts, call signature on its call", async () => {
    const thoughts = await roundTrip(await collect(streamGenerateContent(await sdkStream(readSse("thoughts-signatures")), { generateId: createSequentialIds() })));
    // Each signature goes back on the part it came on, never merged with text that came without
    // one: the thought's on its second fragment, the text's on the empty part after it.
    expect(thoughts).toEqual([
      { text: "Let me think", thought: true },
      { text: " about the question.", thought: true, thoughtSignature: "c2lnLXRob3VnaHQtMQ==" },
      { text: "The answer" },
      { text: "Double-checking the sum.", thought: true },
      { text: " is 42." },
      { text: "", thoughtSignature: "c2lnLXRleHQtMQ==" },
    ]);
    const calls = await roundTrip(await collect(streamGenerateContent(await sdkStream(readSse("parallel-function-calls")), { generateId: createSequentialIds() })));
    expect(calls).toEqual([
      { functionCall: { name: "get_weather", args: { city: "Paris", unit: "celsius" } }, thoughtSignature: "c2lnLWNhbGwtMQ==" },
      { functionCall: { name: "get_weather", args: { city: "London", unit: "celsius" } } },
    ]);
  });
});
