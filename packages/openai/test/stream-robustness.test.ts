import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type Event } from "@agui-bridge/core/adapter";
import { APIError } from "openai";
import { describe, expect, it } from "vitest";
import { describeOpenAIError, streamChatCompletions, streamResponses } from "../src/index.js";
import { collect, last, ofType } from "./support/collect.js";

async function* from(values: unknown[], thenThrow?: unknown): AsyncGenerator<unknown> {
  for (const value of values) yield value;
  if (thenThrow !== undefined) throw thenThrow;
}

const chatChunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
  id: "c1",
  model: "m",
  choices: [{ index: 0, delta, finish_reason: finish }],
});

const opts = () => ({ generateId: createSequentialIds("id") });

describe("Chat Completions stream robustness", () => {
  it("a chunk that is not an object ends the run with RUN_ERROR invalid_chunk, usage so far kept", async () => {
    const events = await collect(
      streamChatCompletions(from([chatChunk({ content: "a" }), { id: "c1", model: "m", choices: [], usage: { prompt_tokens: 3, completion_tokens: 1 } }, "not json {"]), opts()),
    );
    await assertConformant(events);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "invalid_chunk", usage: [{ inputTokens: 3, outputTokens: 1 }] });
  });

  it("a stream without a finish_reason is truncated", async () => {
    const events = await collect(streamChatCompletions(from([chatChunk({ content: "a" })]), opts()));
    await assertConformant(events);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
  });

  it("a throwing iterator ends with RUN_ERROR; an SDK APIError is read for code and message only", async () => {
    const error = new APIError(undefined, { message: "boom", type: "server_error", code: "overloaded" }, undefined, new Headers({ authorization: "Bearer sk-secretsecret" }));
    const events = await collect(streamChatCompletions(from([chatChunk({ content: "a" })], error), opts()));
    await assertConformant(events);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "overloaded", message: "boom" });
    expect(JSON.stringify(events)).not.toContain("sk-secret");
  });

  it("a new tool call id at an index in use starts a new call; reused ids are made unique", async () => {
    const warnings: string[] = [];
    const events = await collect(
      streamChatCompletions(
        from([
          chatChunk({ tool_calls: [{ index: 0, id: "call_a", function: { name: "f", arguments: "{}" } }] }),
          chatChunk({ tool_calls: [{ index: 0, id: "call_b", function: { name: "g", arguments: "{}" } }] }),
          chatChunk({ tool_calls: [{ index: 1, id: "call_a", function: { name: "h", arguments: "{}" } }] }),
          chatChunk({}, "tool_calls"),
        ]),
        { ...opts(), onWarning: (w) => warnings.push(w.code) },
      ),
    );
    await assertConformant(events);
    const ids = ofType(events, "TOOL_CALL_START").map((e) => e.toolCallId);
    expect(ids.slice(0, 2)).toEqual(["call_a", "call_b"]);
    expect(ids[2]).toMatch(/^id-\d+$/);
    expect(ofType(events, "TOOL_CALL_END").map((e) => e.toolCallId)).toEqual(ids);
    expect(warnings).toEqual(["stream.duplicate-tool-call-id"]);
  });

  it("empty-choices chunks pass silently, or as RAW when emitRawEvents", async () => {
    const chunks = [{ id: "", choices: [], prompt_filter_results: [] }, chatChunk({ content: "x" }, "stop")];
    const quiet = await collect(streamChatCompletions(from(chunks), opts()));
    expect(ofType(quiet, "RAW")).toHaveLength(0);
    const raw = await collect(streamChatCompletions(from(chunks), { ...opts(), emitRawEvents: true }));
    await assertConformant(raw);
    expect(ofType(raw, "RAW")).toEqual([expect.objectContaining({ source: "openai", event: chunks[0] })]);
  });
});

describe("Responses stream robustness", () => {
  const created = { type: "response.created", response: { id: "r1", model: "m" } };
  const completed = { type: "response.completed", response: { id: "r1", model: "m", status: "completed", usage: { input_tokens: 2, output_tokens: 1 } } };

  it("unknown event types never break a run; RAW only when emitRawEvents", async () => {
    const chunks = [created, { type: "response.future_feature.delta", delta: "?" }, completed];
    const quiet: Event[] = await collect(streamResponses(from(chunks), opts()));
    await assertConformant(quiet);
    expect(last(quiet)).toMatchObject({ type: "RUN_FINISHED" });
    expect(ofType(quiet, "RAW")).toHaveLength(0);
    const raw = await collect(streamResponses(from(chunks), { ...opts(), emitRawEvents: true }));
    await assertConformant(raw);
    expect(ofType(raw, "RAW").map((e) => (e.event as { type: string }).type)).toEqual(["response.future_feature.delta"]);
  });

  it("deltas for items never announced are ignored; a stream without response.completed is truncated", async () => {
    const events = await collect(streamResponses(from([created, { type: "response.output_text.delta", item_id: "nope", delta: "x" }]), opts()));
    await assertConformant(events);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
  });

  it("a second response starting before the first completed is not mistaken for the end", async () => {
    const events = await collect(streamResponses(from([created, completed, { ...created, response: { id: "r2", model: "m" } }]), opts()));
    await assertConformant(events);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated", usage: [{ inputTokens: 2 }] });
  });
});

describe("describeOpenAIError", () => {
  it("reads code (else type, else status) and the provider message, redacted", () => {
    const pick = (error: unknown): { code?: string; message: string } => {
      const { code, message } = describeOpenAIError(error);
      return { ...(code !== undefined && { code }), message };
    };
    expect(pick({ error: { code: "c", message: "m sk-abcdefghijkl" } })).toEqual({ code: "c", message: "m [redacted]" });
    expect(pick({ type: "error", code: "rate_limit_exceeded", message: "slow down" })).toEqual({ code: "rate_limit_exceeded", message: "slow down" });
    // An HTTP error without a message in its body: never the SDK message, which echoes the body.
    expect(pick({ status: 500, message: "500 {\"detail\":\"echo\"}" })).toEqual({ code: "500", message: "The provider answered HTTP 500" });
    expect(pick("plain")).toEqual({ message: "plain" });
    // The `error` event's own `type: "error"` is not a code.
    expect(pick({ type: "error", code: null, message: "m" })).toEqual({ message: "m" });
  });
});
