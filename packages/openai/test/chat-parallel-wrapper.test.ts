/**
 * OpenAI's internal parallel-call wrapper on Chat Completions: a tool call named
 * `multi_tool_use.parallel` (gpt-4o, vercel/ai#2786) whose arguments bundle the calls it meant.
 * With the declared tools known (`declaredTools`; the Chat provider factory passes its input's
 * tools) it is expanded at its choice's end into the calls it bundles when each names a declared
 * tool; anything else stays the plain call, byte for byte. Both paths (SDK and raw bytes).
 */
import { assertConformant, collectDeltas } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type BridgeWarning, type Event } from "@agui-bridge/core/adapter";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createOpenAIChatProvider, streamChatCompletions, toChatCompletionsRequest, type ChatStreamOptions } from "../src/index.js";
import { collect, last, ofType } from "./support/collect.js";
import { chunk, run, sse, user, toolResult } from "./support/chat-audit-helpers.js";
import { replayClient } from "./support/sdk-replay.js";

const WRAPPER = "multi_tool_use.parallel";
const WRAPPED = JSON.stringify({
  tool_uses: [
    { recipient_name: "functions.get_weather", parameters: { city: "Paris" } },
    { recipient_name: "functions.get_time", parameters: { zone: "Europe/Paris" } },
  ],
});
const TOOLS = [
  { name: "get_weather", description: "Weather", parameters: { type: "object" } },
  { name: "get_time", description: "Time", parameters: { type: "object" } },
];

/** A completion whose one tool call is `name` with `args` streamed as `pieces`, then `finish`. */
function wrapperStream(args: string, pieces: readonly string[] = [args], name = WRAPPER, finish: string | null = "tool_calls"): Record<string, unknown>[] {
  const first = { index: 0, id: "call_wrap", type: "function", function: { name, arguments: "" } };
  return [
    chunk({ delta: { role: "assistant", tool_calls: [first] } }),
    ...pieces.map((piece) => chunk({ delta: { tool_calls: [{ index: 0, function: { arguments: piece } }] } })),
    ...(finish === null ? [] : [chunk({ delta: {}, finish_reason: finish })]),
  ];
}

const calls = (events: readonly Event[]) => {
  const args = collectDeltas(events as never).toolArgs;
  return ofType(events, "TOOL_CALL_START").map((e) => ({ id: e.toolCallId, name: e.toolCallName, args: args.get(e.toolCallId) }));
};

const EXPANDED = [
  { id: "call_wrap_0", name: "get_weather", args: '{"city":"Paris"}' },
  { id: "call_wrap_1", name: "get_time", args: '{"zone":"Europe/Paris"}' },
];

async function withWarnings(chunks: readonly unknown[], options: ChatStreamOptions): Promise<{ events: Event[]; warnings: BridgeWarning[] }> {
  const warnings: BridgeWarning[] = [];
  const { events } = await run(chunks, { ...options, onWarning: (w) => warnings.push(w) });
  return { events, warnings };
}

describe("Chat: OpenAI's multi_tool_use.parallel wrapper call, expanded with declaredTools", () => {
  it("becomes the calls it bundles (ids <call id>_<index>), the wrapper's arguments kept on the first, one warning", async () => {
    const { events, warnings } = await withWarnings(wrapperStream(WRAPPED), { declaredTools: TOOLS });
    expect(calls(events)).toEqual(EXPANDED);
    const starts = ofType(events, "TOOL_CALL_END").map((e) => readBridgeMetadata(e.metadata)?.parallelWrapper);
    expect(starts).toEqual([{ callId: "call_wrap", index: 0, arguments: WRAPPED }, { callId: "call_wrap", index: 1 }]);
    // One per run (both paths ran): the same call and tools each time.
    const expanded = warnings.filter((w) => w.code === "stream.parallel-wrapper-expanded").map((w) => JSON.stringify(w.details));
    expect(expanded.length).toBeGreaterThan(0);
    expect(new Set(expanded)).toEqual(new Set([JSON.stringify({ providerId: "call_wrap", toolCallIds: ["call_wrap_0", "call_wrap_1"], toolNames: ["get_weather", "get_time"] })]));
    expect(readBridgeMetadata(last(events).metadata)).toMatchObject({ finishReason: "tool-calls" });
  });

  it("any chunking of the arguments gives the same expansion", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: WRAPPED.length - 1 }), { maxLength: 8 }), async (cuts) => {
        const points = [...new Set(cuts)].sort((a, b) => a - b);
        const pieces = [0, ...points].map((start, i) => WRAPPED.slice(start, points[i] ?? WRAPPED.length));
        const { events } = await run(wrapperStream(WRAPPED, pieces), { declaredTools: TOOLS });
        expect(calls(events)).toEqual(EXPANDED);
      }),
      { numRuns: 25 },
    );
  });

  const plain = [
    ["an undeclared recipient", JSON.stringify({ tool_uses: [{ recipient_name: "functions.delete_all", parameters: {} }] })],
    ["parameters that are not an object", JSON.stringify({ tool_uses: [{ recipient_name: "functions.get_weather", parameters: "Paris" }] })],
    ["arguments that are not JSON", '{"tool_uses": ['],
    ["an empty tool_uses", JSON.stringify({ tool_uses: [] })],
  ] as const;
  for (const [label, args] of plain) {
    it(`${label}: the plain call, exactly as without declaredTools`, async () => {
      const held = await run(wrapperStream(args, [args.slice(0, 5), args.slice(5)]), { declaredTools: TOOLS });
      const streamed = await run(wrapperStream(args, [args.slice(0, 5), args.slice(5)]));
      expect(calls(held.events)).toEqual([{ id: "call_wrap", name: WRAPPER, args }]);
      expect(held.events.map((e) => e.type)).toEqual(streamed.events.map((e) => e.type));
    });
  }

  it("a wrapper the application declared, or no declaredTools: streamed as it came", async () => {
    for (const options of [{ declaredTools: [...TOOLS, { name: WRAPPER }] }, {}]) {
      const { events } = await run(wrapperStream(WRAPPED, [WRAPPED.slice(0, 9), WRAPPED.slice(9)]), options);
      expect(calls(events)).toEqual([{ id: "call_wrap", name: WRAPPER, args: WRAPPED }]);
      // Streamed: its first argument fragment is out before the rest came.
      expect(ofType(events, "TOOL_CALL_ARGS").map((e) => e.delta).filter((d) => d !== "")).toEqual([WRAPPED.slice(0, 9), WRAPPED.slice(9)]);
    }
  });

  it("a stream cut while it is held ends with the plain call it is (RUN_ERROR), nothing lost", async () => {
    // The SDK path (the raw path would see `[DONE]`, which makes a stream without a finish complete).
    const events = await collect(
      streamChatCompletions(
        (async function* () {
          yield* wrapperStream(WRAPPED, [WRAPPED], WRAPPER, null);
        })(),
        { declaredTools: TOOLS, generateId: createSequentialIds("id") },
      ),
    );
    await assertConformant(events);
    expect(calls(events)).toEqual([{ id: "call_wrap", name: WRAPPER, args: WRAPPED }]);
    expect(last(events).type).toBe("RUN_ERROR");
  });

  it("the Chat provider factory passes its input's tools; the expanded calls and their results go back as ordinary calls", async () => {
    const provider = createOpenAIChatProvider({ client: replayClient(sse(wrapperStream(WRAPPED))), model: "gpt-4o", generateId: createSequentialIds("p") });
    const events = await collect(provider.stream({ threadId: "t", runId: "r", messages: [user], tools: TOOLS } as never));
    expect(calls(events)).toEqual(EXPANDED);
    const assistant = { id: "a1", role: "assistant", toolCalls: EXPANDED.map((c) => ({ id: c.id, type: "function", function: { name: c.name, arguments: c.args } })) };
    const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r2", messages: [user, assistant, toolResult("call_wrap_0"), toolResult("call_wrap_1")], tools: TOOLS } as never, { model: "gpt-4o" });
    const sent = params.messages as unknown as Array<Record<string, unknown>>;
    expect(sent.find((m) => m.role === "assistant")?.tool_calls).toEqual(EXPANDED.map((c) => ({ id: c.id, type: "function", function: { name: c.name, arguments: c.args } })));
    expect(sent.filter((m) => m.role === "tool").map((m) => m.tool_call_id)).toEqual(["call_wrap_0", "call_wrap_1"]);
  });
});
