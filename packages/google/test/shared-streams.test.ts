/**
 * Every recorded Gemini stream in ../shared/provider-streams/google, run through the adapter and the
 * conformance kit: schema-valid, verifyEvents-clean, text/reasoning/arguments conserved against what
 * the chunks carried, every thought signature kept, usage per the formulas.
 */
import { createSequentialIds, type Event, type TokenUsage } from "@agui-bridge/core/adapter";
import { assertConformant, collectDeltas } from "@agui-bridge/conformance";
import type { BaseEvent } from "@ag-ui/core";
import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import { listSharedStreams, readJsonl, sharedSuiteTitle } from "../../../test-fixtures/support/shared-streams.js";
import { streamGenerateContent } from "../src/index.js";
import { collect } from "./support/collect.js";
import { assembleArgs, type RecordedCall } from "./support/reference-args.js";

const files = listSharedStreams("google");

interface Expected {
  text: string;
  reasoning: string;
  calls: RecordedCall[];
  signatures: string[];
  usage: Map<string, Record<string, number>>;
  models: Map<string, string>;
  finished: boolean;
  valid: boolean;
}

/** What the chunks carried, read independently of the adapter. */
function expectedOf(values: unknown[], valid: boolean): Expected {
  const out: Expected = { text: "", reasoning: "", calls: [], signatures: [], usage: new Map(), models: new Map(), finished: false, valid };
  let current: RecordedCall | undefined;
  for (const chunk of values as Array<Record<string, any>>) {
    const id = String(chunk.responseId ?? "");
    if (chunk.usageMetadata?.promptTokenCount !== undefined) out.usage.set(id, chunk.usageMetadata);
    if (chunk.modelVersion) out.models.set(id, chunk.modelVersion);
    for (const candidate of chunk.candidates ?? []) {
      if (candidate.finishReason) out.finished = true;
      for (const part of candidate.content?.parts ?? []) {
        if (typeof part.thoughtSignature === "string" && part.thoughtSignature !== "") out.signatures.push(part.thoughtSignature);
        if (typeof part.text === "string") {
          if (part.thought === true) out.reasoning += part.text;
          else out.text += part.text;
        }
        const call = part.functionCall;
        if (call === undefined) continue;
        if (call.name !== undefined) {
          current = { name: call.name, args: call.args, fragments: [] };
          out.calls.push(current);
        }
        current?.fragments.push(...(call.partialArgs ?? []));
        if (call.willContinue !== true) current = undefined;
      }
    }
  }
  return out;
}

function expectedUsage(expected: Expected): TokenUsage[] {
  return [...expected.usage.entries()].map(([id, u]) => {
    const input = (u.promptTokenCount ?? 0) + (u.toolUsePromptTokenCount ?? 0);
    const output = (u.candidatesTokenCount ?? 0) + (u.thoughtsTokenCount ?? 0);
    return {
      provider: "google",
      model: expected.models.get(id),
      inputTokens: input,
      outputTokens: output,
      totalTokens: input + output,
      ...(u.thoughtsTokenCount !== undefined && { reasoningTokens: u.thoughtsTokenCount }),
      ...(u.cachedContentTokenCount !== undefined && { cachedInputTokens: u.cachedContentTokenCount }),
    } as TokenUsage;
  });
}

describe(sharedSuiteTitle("google"), () => {
  it("finds the recorded streams", () => {
    if (files.length === 0) return; // reported by the title
    expect(files.length).toBeGreaterThanOrEqual(9);
  });

  for (const file of files) {
    it(basename(file), async () => {
      const lines = readJsonl(file);
      const values = lines.map((line) => (line.ok ? line.value : line.raw));
      const expected = expectedOf(
        lines.filter((line) => line.ok).map((line) => (line as { value: unknown }).value),
        lines.every((line) => line.ok),
      );
      async function* source(): AsyncGenerator<unknown> {
        yield* values;
      }
      const events: Event[] = await collect(streamGenerateContent(source(), { generateId: createSequentialIds() }));
      await assertConformant(events);
      const end = events[events.length - 1];

      if (!expected.valid) {
        expect(end?.type).toBe("RUN_ERROR");
        return;
      }
      const deltas = collectDeltas(events as BaseEvent[]);
      expect([...deltas.text.values()].join("")).toBe(expected.text);
      expect([...deltas.reasoning.values()].join("")).toBe(expected.reasoning);
      // Arguments: one entry per call, in call order, equal to the whole-args JSON.
      expect([...deltas.toolNames.values()]).toEqual(expected.calls.map((call) => call.name));
      expect([...deltas.toolArgs.values()]).toEqual(expected.calls.map(assembleArgs));
      // Every signature kept, in order.
      expect(deltas.encrypted.map((entry) => entry.encryptedValue)).toEqual(expected.signatures);

      if (expected.finished) {
        expect(end?.type).toBe("RUN_FINISHED");
        expect((end as { usage?: unknown }).usage).toEqual(expectedUsage(expected));
        const fields = (end as { metadata?: Record<string, Record<string, unknown>> }).metadata?.["agui-bridge"];
        expect(fields?.finishReason).toBe(expected.calls.length > 0 ? "tool-calls" : "stop");
      } else {
        expect(end).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
      }
    });
  }
});
