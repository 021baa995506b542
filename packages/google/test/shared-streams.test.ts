/**
 * Every recorded Gemini stream in ../shared/provider-streams/google, run through the adapter and the
 * conformance kit: schema-valid, verifyEvents-clean, text/reasoning/arguments conserved against what
 * the chunks carried, every thought signature kept, usage per the formulas. Parts Gemini ran
 * itself (code execution, generated media, server-side tool calls) are checked as provider-run calls
 * and results (README, "Gemini-run calls"); a blocked prompt ends in RUN_ERROR `prompt_blocked`.
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
  /** The last finishReason the chunks reported. */
  finishReason?: string;
  valid: boolean;
  /** What Gemini ran itself, in stream order: each must come out as a provider-run call or result. */
  providerRun: ProviderRunPart[];
  /** `promptFeedback.blockReason` of a response that has no candidates. */
  blockReason: string | undefined;
}

/** A part Gemini ran itself: the call arguments or the result content it must come out as. */
type ProviderRunPart = { call: Record<string, unknown> } | { result: string };

/** The provider-run call or result a Gemini-run part maps to (README, "Gemini-run calls"), if any. */
function providerRunOf(part: Record<string, any>): ProviderRunPart | undefined {
  if (part.executableCode !== undefined) return { call: { code: part.executableCode.code } };
  if (part.codeExecutionResult !== undefined && typeof part.codeExecutionResult.output === "string") {
    return { result: part.codeExecutionResult.output };
  }
  if (typeof part.inlineData?.data === "string") return { result: part.inlineData.data };
  if (typeof part.fileData?.fileUri === "string") return { result: part.fileData.fileUri };
  if (part.toolCall !== undefined) return { call: part.toolCall.args ?? {} };
  if (part.toolResponse !== undefined) return { result: JSON.stringify(part.toolResponse.response ?? {}) };
  return undefined;
}

/** What the chunks carried, read independently of the adapter. */
function expectedOf(values: unknown[], valid: boolean): Expected {
  const out: Expected = {
    text: "",
    reasoning: "",
    calls: [],
    signatures: [],
    usage: new Map(),
    models: new Map(),
    finished: false,
    valid,
    providerRun: [],
    blockReason: undefined,
  };
  let current: RecordedCall | undefined;
  let candidates = 0;
  for (const chunk of values as Array<Record<string, any>>) {
    const id = String(chunk.responseId ?? "");
    if (chunk.usageMetadata?.promptTokenCount !== undefined) out.usage.set(id, chunk.usageMetadata);
    if (chunk.modelVersion) out.models.set(id, chunk.modelVersion);
    if (typeof chunk.promptFeedback?.blockReason === "string") out.blockReason = chunk.promptFeedback.blockReason;
    candidates += (chunk.candidates ?? []).length;
    for (const candidate of chunk.candidates ?? []) {
      if (candidate.finishReason) {
        out.finished = true;
        out.finishReason = String(candidate.finishReason);
      }
      for (const part of candidate.content?.parts ?? []) {
        if (typeof part.thoughtSignature === "string" && part.thoughtSignature !== "") out.signatures.push(part.thoughtSignature);
        const run = providerRunOf(part);
        if (run !== undefined) {
          out.providerRun.push(run);
          continue;
        }
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
  if (candidates > 0) out.blockReason = undefined;
  return out;
}

/** The ids of the calls the adapter marked provider-executed. */
function providerRunIds(events: readonly Event[]): Set<string> {
  const ids = new Set<string>();
  for (const event of events as readonly unknown[] as Array<Record<string, any>>) {
    if (event.type === "TOOL_CALL_START" && event.metadata?.["agui-bridge"]?.providerExecuted === true) ids.add(String(event.toolCallId));
  }
  return ids;
}

/**
 * The normalized reason a recording should end with, re-derived from Gemini's documented
 * `FinishReason` values: STOP (a natural stop, or the model's function calls), MAX_TOKENS (the
 * limit), and the family that reports the output itself as failed (MALFORMED_FUNCTION_CALL: the
 * model produced a function call it could not parse, UNEXPECTED_TOOL_CALL: a call while no tool
 * was enabled), which ends a candidate without content. A recorded Vertex stream ends with a
 * lone MALFORMED_FUNCTION_CALL candidate (no parts, a `finishMessage`), so this oracle no
 * longer assumes every recording stops naturally.
 */
function expectedFinishReason(expected: Expected): string {
  const raw = expected.finishReason;
  if (raw === "MAX_TOKENS") return "length";
  if (raw === "MALFORMED_FUNCTION_CALL" || raw === "UNEXPECTED_TOOL_CALL") return "error";
  if (raw === "SAFETY" || raw === "RECITATION" || raw === "IMAGE_SAFETY") return "content-filter";
  // Documented values that neither stop naturally nor name a filter or a failure: OTHER, and
  // NO_IMAGE ("the model was expected to generate an image, but none was generated"), which a
  // contentless candidate ends with. The adapter reports them as `other`, the raw value beside.
  if (raw !== undefined && raw !== "STOP") return "other";
  return expected.calls.length > 0 ? "tool-calls" : "stop";
}

function expectedUsage(expected: Expected): TokenUsage[] | undefined {
  // `usageMetadata` is optional: a stream that reports none ends without usage (none invented).
  if (expected.usage.size === 0) return undefined;
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
      if (expected.blockReason !== undefined) {
        // A blocked prompt: no content, RUN_ERROR prompt_blocked with the usage so far (README).
        expect(end).toMatchObject({ type: "RUN_ERROR", code: "prompt_blocked", usage: expectedUsage(expected) });
        return;
      }
      const deltas = collectDeltas(events as BaseEvent[]);
      expect([...deltas.text.values()].join("")).toBe(expected.text);
      expect([...deltas.reasoning.values()].join("")).toBe(expected.reasoning);
      // Function calls: one entry per call, in call order, equal to the whole-args JSON.
      const providerRun = providerRunIds(events);
      const functionCalls = [...deltas.toolNames.keys()].filter((id) => !providerRun.has(id));
      expect(functionCalls.map((id) => deltas.toolNames.get(id))).toEqual(expected.calls.map((call) => call.name));
      expect(functionCalls.map((id) => deltas.toolArgs.get(id))).toEqual(expected.calls.map(assembleArgs));
      // What Gemini ran itself: each part's arguments in a provider-run call, its output in a result.
      const runArgs = [...providerRun].map((id) => JSON.parse(deltas.toolArgs.get(id) ?? "{}") as Record<string, unknown>);
      const results = (events as unknown[] as Array<Record<string, any>>)
        .filter((event) => event.type === "TOOL_CALL_RESULT" && providerRun.has(String(event.toolCallId)))
        .map((event) => (typeof event.content === "string" ? event.content : JSON.stringify(event.content)));
      for (const part of expected.providerRun) {
        if ("call" in part) expect(runArgs).toContainEqual(expect.objectContaining(part.call));
        else expect(results.some((content) => content === part.result || content.includes(JSON.stringify(part.result)))).toBe(true);
      }
      // Every signature kept, in order.
      expect(deltas.encrypted.map((entry) => entry.encryptedValue)).toEqual(expected.signatures);

      if (expected.finished) {
        expect(end?.type).toBe("RUN_FINISHED");
        expect((end as { usage?: unknown }).usage).toEqual(expectedUsage(expected));
        const fields = (end as { metadata?: Record<string, Record<string, unknown>> }).metadata?.["agui-bridge"];
        expect(fields?.finishReason).toBe(expectedFinishReason(expected));
        expect(fields?.rawFinishReason).toBe(expected.finishReason);
      } else {
        expect(end).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
      }
    });
  }
});
