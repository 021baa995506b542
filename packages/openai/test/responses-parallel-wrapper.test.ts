/**
 * OpenAI's internal parallel-call wrapper streamed as an ordinary function call named `parallel`
 * (gpt-5.4 on the Responses API, vercel/ai#19067): with the declared tools known (`declaredTools`,
 * the provider factory passes its input's tools) it is expanded into the calls it bundles when
 * each names a declared tool; anything else stays the plain call, byte for byte. Hand-written
 * events in the recorded shape.
 */
import { assertConformant, collectDeltas } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, readBridgeMetadata, type BridgeWarning, type Event, type Message } from "@agui-bridge/core/adapter";
import fc from "fast-check";
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { createOpenAIResponsesProvider, streamResponses, toResponsesRequest, type ResponsesStreamOptions } from "../src/index.js";
import { collect, last, ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;

const WRAPPED = JSON.stringify({
  tool_uses: [
    { recipient_name: "functions.weather", parameters: { location: "San Francisco" } },
    { recipient_name: "functions.cityAttractions", parameters: { city: "Rome" } },
  ],
});
const TOOLS = [
  { name: "weather", description: "Weather", parameters: { type: "object" } },
  { name: "cityAttractions", description: "Attractions", parameters: { type: "object" } },
];

const item = (args: string, status: string, name = "parallel"): Rec => ({ type: "function_call", id: "fc_parallel", call_id: "call_parallel", name, arguments: args, status });

/** A response whose one output item is the wrapper call, its arguments streamed as `deltas`. */
function wrapperStream(args: string, options: { deltas?: readonly string[]; argsDone?: boolean; itemDone?: boolean; status?: string; name?: string } = {}): Rec[] {
  const status = options.status ?? "completed";
  const final = item(args, status, options.name);
  return [
    { type: "response.created", response: { id: "resp_parallel", model: "gpt-5.4", status: "in_progress", output: [] } },
    { type: "response.output_item.added", output_index: 0, item: item("", "in_progress", options.name) },
    ...(options.deltas ?? [args]).map((delta) => ({ type: "response.function_call_arguments.delta", item_id: "fc_parallel", output_index: 0, delta })),
    ...(options.argsDone === false ? [] : [{ type: "response.function_call_arguments.done", item_id: "fc_parallel", output_index: 0, arguments: args }]),
    ...(options.itemDone === false ? [] : [{ type: "response.output_item.done", output_index: 0, item: final }]),
    {
      type: status === "incomplete" ? "response.incomplete" : "response.completed",
      response: { id: "resp_parallel", model: "gpt-5.4", status, output: [final], usage: { input_tokens: 10, output_tokens: 5, total_tokens: 15 } },
    },
  ];
}

async function* from(chunks: readonly unknown[]): AsyncGenerator<unknown> {
  for (const chunk of chunks) yield chunk;
}

async function run(chunks: readonly unknown[], options: ResponsesStreamOptions = {}): Promise<{ events: Event[]; warnings: BridgeWarning[] }> {
  const warnings: BridgeWarning[] = [];
  const events = await collect(streamResponses(from(chunks), { generateId: createSequentialIds("id"), onWarning: (w) => warnings.push(w), ...options }));
  await assertConformant(events);
  return { events, warnings };
}

const calls = (events: readonly Event[]) => {
  const args = collectDeltas(events as never).toolArgs;
  return ofType(events, "TOOL_CALL_START").map((e) => ({ id: e.toolCallId, name: e.toolCallName, args: args.get(e.toolCallId) }));
};
const endMeta = (events: readonly Event[]) => ofType(events, "TOOL_CALL_END").map((e) => readBridgeMetadata(e.metadata));

const EXPANDED = [
  { id: "call_parallel_0", name: "weather", args: '{"location":"San Francisco"}' },
  { id: "call_parallel_1", name: "cityAttractions", args: '{"city":"Rome"}' },
];

describe("Responses: OpenAI's parallel wrapper call, expanded with declaredTools", () => {
  it("the 19067 shape becomes the two calls it bundles, each recording where it came from, with a warning", async () => {
    const { events, warnings } = await run(wrapperStream(WRAPPED), { declaredTools: TOOLS });
    expect(calls(events)).toEqual(EXPANDED);
    expect(ofType(events, "TOOL_CALL_START").map((e) => readBridgeMetadata(e.metadata))).toEqual([
      expect.objectContaining({ itemType: "function_call", responseId: "resp_parallel", outputIndex: 0 }),
      expect.objectContaining({ itemType: "function_call", responseId: "resp_parallel", outputIndex: 0 }),
    ]);
    // The wrapper's item id belongs to the wrapper: the calls carry none of their own.
    for (const e of ofType(events, "TOOL_CALL_START")) expect(readBridgeMetadata(e.metadata)?.itemId).toBeUndefined();
    expect(endMeta(events).map((m) => m?.parallelWrapper)).toEqual([
      { callId: "call_parallel", index: 0, itemId: "fc_parallel", arguments: WRAPPED },
      { callId: "call_parallel", index: 1 },
    ]);
    expect(warnings).toEqual([
      expect.objectContaining({
        code: "stream.parallel-wrapper-expanded",
        details: { providerId: "call_parallel", toolCallIds: ["call_parallel_0", "call_parallel_1"], toolNames: ["weather", "cityAttractions"] },
      }),
    ]);
    expect(last(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success", pendingToolCallIds: ["call_parallel_0", "call_parallel_1"] } });
  });

  it("any chunking of the arguments (or none: only .done, only the finished item) gives the same expansion", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.integer({ min: 1, max: WRAPPED.length - 1 }), { maxLength: 12 }), fc.constantFrom("all", "no-done", "done-only", "item-only"), async (cuts, shape) => {
        const at = [0, ...cuts.sort((a, b) => a - b), WRAPPED.length];
        const deltas = at.slice(1).map((end, i) => WRAPPED.slice(at[i], end));
        const chunks = wrapperStream(WRAPPED, {
          deltas: shape === "done-only" || shape === "item-only" ? [] : deltas,
          argsDone: shape !== "no-done" && shape !== "item-only",
        });
        const { events } = await run(chunks, { declaredTools: TOOLS });
        expect(calls(events)).toEqual(EXPANDED);
        expect(endMeta(events)[0]?.parallelWrapper).toMatchObject({ arguments: WRAPPED });
      }),
      { numRuns: 60 },
    );
  });

  it("a wrapper whose output_item.done never came is expanded from the final output", async () => {
    const { events } = await run(wrapperStream(WRAPPED, { itemDone: false }), { declaredTools: TOOLS });
    expect(calls(events)).toEqual(EXPANDED);
  });

  it("the expanded calls and their results go back as N function_call + N function_call_output items (not re-wrapped)", async () => {
    const input: Message[] = [{ id: "u1", role: "user", content: "Use both tools." }];
    const { events } = await run(wrapperStream(WRAPPED), { declaredTools: TOOLS, input: { threadId: "t", runId: "r", messages: input, tools: TOOLS } as never });
    const messages: Message[] = [
      ...applyEvents(input, events),
      { id: "r0", role: "tool", toolCallId: "call_parallel_0", content: "sunny" },
      { id: "r1", role: "tool", toolCallId: "call_parallel_1", content: "Colosseum" },
    ];
    const { params } = toResponsesRequest({ threadId: "t", runId: "r2", messages, tools: TOOLS } as never, { model: "gpt-5.4" });
    const items = (params.input as unknown as Rec[]).filter((i) => i.type === "function_call" || i.type === "function_call_output");
    expect(items).toEqual([
      { type: "function_call", call_id: "call_parallel_0", name: "weather", arguments: '{"location":"San Francisco"}' },
      { type: "function_call", call_id: "call_parallel_1", name: "cityAttractions", arguments: '{"city":"Rome"}' },
      { type: "function_call_output", call_id: "call_parallel_0", output: "sunny" },
      { type: "function_call_output", call_id: "call_parallel_1", output: "Colosseum" },
    ]);
  });
});

describe("Responses: what is not an expandable wrapper stays the plain call, byte for byte", () => {
  const deltas = (text: string) => [text.slice(0, 7), text.slice(7, 30), text.slice(30)];
  const shapes: Array<[string, string]> = [
    ["an undeclared recipient", JSON.stringify({ tool_uses: [{ recipient_name: "functions.weather", parameters: {} }, { recipient_name: "functions.stocks", parameters: {} }] })],
    ["a recipient outside functions.", JSON.stringify({ tool_uses: [{ recipient_name: "multi_tool_use.weather", parameters: {} }] })],
    ["non-object parameters", JSON.stringify({ tool_uses: [{ recipient_name: "functions.weather", parameters: ["San Francisco"] }] })],
    ["string parameters", JSON.stringify({ tool_uses: [{ recipient_name: "functions.weather", parameters: '{"location":"SF"}' }] })],
    ["an empty tool_uses", JSON.stringify({ tool_uses: [] })],
    ["tool_uses not a list", JSON.stringify({ tool_uses: { recipient_name: "functions.weather", parameters: {} } })],
    ["bad JSON", `${WRAPPED.slice(0, -3)}`],
    ["a JSON array", `[${WRAPPED}]`],
  ];
  for (const [label, args] of shapes) {
    it(`${label}: the same events as without declaredTools`, async () => {
      const chunks = wrapperStream(args, { deltas: deltas(args) });
      const plain = await run(chunks);
      const held = await run(chunks, { declaredTools: TOOLS });
      expect(held.events).toEqual(plain.events);
      expect(calls(held.events)).toEqual([{ id: "call_parallel", name: "parallel", args }]);
      expect(ofType(held.events, "TOOL_CALL_ARGS").map((e) => e.delta)).toEqual(deltas(args));
      expect(held.warnings).toEqual([]);
    });
  }

  it("a tool the app declared as parallel is its own call", async () => {
    const chunks = wrapperStream(WRAPPED);
    const { events, warnings } = await run(chunks, { declaredTools: [...TOOLS, { name: "parallel" }] });
    expect(events).toEqual((await run(chunks)).events);
    expect(calls(events)).toEqual([{ id: "call_parallel", name: "parallel", args: WRAPPED }]);
    expect(warnings).toEqual([]);
  });

  it("without declaredTools the wrapper streams as the plain call it is (no hold)", async () => {
    const { events } = await run(wrapperStream(WRAPPED));
    expect(calls(events)).toEqual([{ id: "call_parallel", name: "parallel", args: WRAPPED }]);
    // Started at output_item.added, before its arguments.
    expect(events.findIndex((e) => e.type === "TOOL_CALL_START")).toBeLessThan(events.findIndex((e) => e.type === "TOOL_CALL_ARGS"));
  });

  it("a wrapper the output limit cut off (status incomplete) is the plain call, not handed to the app", async () => {
    const { events } = await run(wrapperStream(WRAPPED, { status: "incomplete" }), { declaredTools: TOOLS });
    expect(calls(events)).toEqual([{ id: "call_parallel", name: "parallel", args: WRAPPED }]);
    expect(endMeta(events)[0]).toMatchObject({ interrupted: true });
  });

  it("a wrapper past 1 MiB of arguments streams on as the plain call, with what it held", async () => {
    const big = `{"tool_uses":[{"recipient_name":"functions.weather","parameters":{"location":"${"x".repeat(700 * 1024)}`;
    const parts = [big.slice(0, 500 * 1024), big.slice(500 * 1024), "x".repeat(400 * 1024), '"}}]}'];
    const args = parts.join("");
    const chunks = wrapperStream(args, { deltas: parts });
    const held = await run(chunks, { declaredTools: TOOLS });
    expect(held.events).toEqual((await run(chunks)).events);
    expect(calls(held.events)).toEqual([{ id: "call_parallel", name: "parallel", args }]);
  });
});

describe("Responses: a run that ends while a wrapper is held writes it out as it was", () => {
  const cut = wrapperStream(WRAPPED, { deltas: [WRAPPED.slice(0, 40), WRAPPED.slice(40, 90)] }).slice(0, 4);

  it("a cut stream: the plain call with what streamed, interrupted, then RUN_ERROR", async () => {
    const { events } = await run(cut, { declaredTools: TOOLS });
    expect(calls(events)).toEqual([{ id: "call_parallel", name: "parallel", args: WRAPPED.slice(0, 90) }]);
    expect(endMeta(events)[0]).toMatchObject({ interrupted: true });
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
  });

  it("an abort while held: the plain call, then the cancelled outcome", async () => {
    const controller = new AbortController();
    async function* source(): AsyncGenerator<unknown> {
      for (const chunk of cut) yield chunk;
      controller.abort();
      await new Promise(() => {});
    }
    const events = await collect(streamResponses(source(), { declaredTools: TOOLS, signal: controller.signal, generateId: createSequentialIds("id") }));
    await assertConformant(events);
    expect(calls(events)).toEqual([{ id: "call_parallel", name: "parallel", args: WRAPPED.slice(0, 90) }]);
    expect(last(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
  });

  it("response.failed and an error event while held: the plain call before RUN_ERROR", async () => {
    for (const failure of [
      { type: "response.failed", response: { id: "resp_parallel", status: "failed", error: { code: "server_error", message: "boom" }, output: [] } },
      { type: "error", code: "server_error", message: "boom" },
    ]) {
      const { events } = await run([...cut, failure], { declaredTools: TOOLS });
      expect(calls(events)).toEqual([{ id: "call_parallel", name: "parallel", args: WRAPPED.slice(0, 90) }]);
      expect(last(events)).toMatchObject({ type: "RUN_ERROR" });
    }
  });
});

describe("createOpenAIResponsesProvider passes the input's tools", () => {
  it("a wrapper over the input's tools is expanded through the provider and the SDK client", async () => {
    const sse = wrapperStream(WRAPPED)
      .map((event) => `event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`)
      .join("");
    const client = new OpenAI({
      apiKey: "sk-test",
      baseURL: "http://replay.invalid/v1",
      maxRetries: 0,
      fetch: async () => new Response(sse, { headers: { "content-type": "text/event-stream" } }),
    });
    for (const fast of [false, true]) {
      const provider = createOpenAIResponsesProvider({ client, model: "gpt-5.4", fast, generateId: createSequentialIds("id") });
      const events = await collect(provider.stream({ threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "Use both tools." }], tools: TOOLS } as never));
      await assertConformant(events);
      expect(calls(events)).toEqual(EXPANDED);
    }
  });

  it("function tools added through params.tools count as declared too; without any tools the wrapper is a plain call", async () => {
    const client = new OpenAI({
      apiKey: "sk-test",
      baseURL: "http://replay.invalid/v1",
      maxRetries: 0,
      fetch: async () => new Response(wrapperStream(WRAPPED).map((e) => `event: ${String(e.type)}\ndata: ${JSON.stringify(e)}\n\n`).join(""), { headers: { "content-type": "text/event-stream" } }),
    });
    const input = { threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "Use both tools." }] } as never;
    const params = { tools: TOOLS.map(({ name, parameters }) => ({ type: "function" as const, name, parameters, strict: false })) };
    const viaParams = await collect(createOpenAIResponsesProvider({ client, model: "gpt-5.4", params, generateId: createSequentialIds("id") }).stream(input));
    expect(calls(viaParams)).toEqual(EXPANDED);
    const none = await collect(createOpenAIResponsesProvider({ client, model: "gpt-5.4", generateId: createSequentialIds("id") }).stream(input));
    await assertConformant(none);
    expect(calls(none)).toEqual([{ id: "call_parallel", name: "parallel", args: WRAPPED }]);
  });
});
