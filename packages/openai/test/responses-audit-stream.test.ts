/**
 * Doc-derived Responses streams (OpenAI API reference, "Streaming events"; openai-node
 * `src/resources/responses/responses.ts`) for the cases the recorded corpus does not hold:
 * several content parts in one message item (`content_index` > 0), items interleaved by
 * `output_index`, and events of an item that arrive after its `.done`.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses } from "../src/index.js";
import { collect, ofType } from "./support/collect.js";

async function* from(values: unknown[]): AsyncGenerator<unknown> {
  for (const value of values) yield value;
}

const run = async (events: unknown[]): Promise<{ events: Event[]; messages: Awaited<ReturnType<typeof assertConformant>> }> => {
  const out = await collect(streamResponses(from(events), { generateId: createSequentialIds("id") }));
  return { events: out, messages: await assertConformant(out) };
};

const created = { type: "response.created", response: { id: "resp_1", model: "gpt-5", status: "in_progress", output: [] } };
const completed = (output: unknown[] = []) => ({
  type: "response.completed",
  response: { id: "resp_1", model: "gpt-5", status: "completed", output, usage: { input_tokens: 5, output_tokens: 7, output_tokens_details: { reasoning_tokens: 2 } } },
});
const messageAdded = (id: string, outputIndex: number) => ({
  type: "response.output_item.added",
  output_index: outputIndex,
  item: { type: "message", id, status: "in_progress", role: "assistant", content: [] },
});
const partAdded = (id: string, outputIndex: number, contentIndex: number) => ({
  type: "response.content_part.added",
  item_id: id,
  output_index: outputIndex,
  content_index: contentIndex,
  part: { type: "output_text", text: "", annotations: [] },
});
const textDelta = (id: string, outputIndex: number, contentIndex: number, delta: string) => ({
  type: "response.output_text.delta",
  item_id: id,
  output_index: outputIndex,
  content_index: contentIndex,
  delta,
});
const textDone = (id: string, outputIndex: number, contentIndex: number, text: string) => ({
  type: "response.output_text.done",
  item_id: id,
  output_index: outputIndex,
  content_index: contentIndex,
  text,
});
const messageDone = (id: string, outputIndex: number, texts: string[]) => ({
  type: "response.output_item.done",
  output_index: outputIndex,
  item: { type: "message", id, status: "completed", role: "assistant", content: texts.map((text) => ({ type: "output_text", text, annotations: [] })) },
});

const textOf = (events: Event[], messageId: string): string =>
  ofType(events, "TEXT_MESSAGE_CONTENT")
    .filter((e) => e.messageId === messageId)
    .map((e) => e.delta)
    .join("");

describe("Responses message items with several content parts (content_index > 0)", () => {
  it("a second part that arrives only as output_text.done still reaches the client, once", async () => {
    const { events, messages } = await run([
      created,
      messageAdded("msg_1", 0),
      partAdded("msg_1", 0, 0),
      textDelta("msg_1", 0, 0, "Hello"),
      textDelta("msg_1", 0, 0, " world."),
      textDone("msg_1", 0, 0, "Hello world."),
      partAdded("msg_1", 0, 1),
      textDone("msg_1", 0, 1, " Second part."),
      messageDone("msg_1", 0, ["Hello world.", " Second part."]),
      completed(),
    ]);
    expect(textOf(events, "msg_1")).toBe("Hello world. Second part.");
    expect(messages.find((m) => m.id === "msg_1")).toMatchObject({ role: "assistant", content: "Hello world. Second part." });
  });

  it("parts known only from the finished item are all written, in order", async () => {
    const { events } = await run([created, messageAdded("msg_1", 0), messageDone("msg_1", 0, ["One.", " Two.", " Three."]), completed()]);
    expect(textOf(events, "msg_1")).toBe("One. Two. Three.");
  });

  it("a part streamed by deltas is not written again by the finished item, the unstreamed one is", async () => {
    const { events } = await run([
      created,
      messageAdded("msg_1", 0),
      partAdded("msg_1", 0, 0),
      textDelta("msg_1", 0, 0, "A"),
      messageDone("msg_1", 0, ["A", "B"]),
      completed(),
    ]);
    expect(textOf(events, "msg_1")).toBe("AB");
  });

  it("a delta that arrives after its part's output_text.done is not appended again", async () => {
    const { events } = await run([
      created,
      messageAdded("msg_1", 0),
      partAdded("msg_1", 0, 0),
      textDone("msg_1", 0, 0, "Full text."),
      textDelta("msg_1", 0, 0, "Full text."),
      messageDone("msg_1", 0, ["Full text."]),
      completed(),
    ]);
    expect(textOf(events, "msg_1")).toBe("Full text.");
  });

  it("a null annotation (the SDK type allows it) is not recorded", async () => {
    const { events } = await run([
      created,
      messageAdded("msg_1", 0),
      partAdded("msg_1", 0, 0),
      textDelta("msg_1", 0, 0, "x"),
      { type: "response.output_text.annotation.added", item_id: "msg_1", output_index: 0, content_index: 0, annotation_index: 0, annotation: null },
      messageDone("msg_1", 0, ["x"]),
      completed(),
    ]);
    const end = ofType(events, "TEXT_MESSAGE_END")[0];
    expect(JSON.stringify(end?.metadata ?? {})).not.toContain("annotations");
  });
});

describe("Responses terminal events", () => {
  it("the service tier that served the response is kept in finishDetails", async () => {
    const done = completed();
    const { events } = await run([created, { ...done, response: { ...done.response, service_tier: "flex" } }]);
    const end = events.at(-1) as { metadata?: Record<string, Record<string, unknown>> };
    expect(end.metadata?.["agui-bridge"]?.finishDetails).toEqual({ serviceTier: "flex" });
  });

  it("response.incomplete keeps its reason beside the tier", async () => {
    const { events } = await run([
      created,
      { type: "response.incomplete", response: { id: "resp_1", status: "incomplete", service_tier: "default", incomplete_details: { reason: "max_output_tokens" }, usage: { input_tokens: 1, output_tokens: 1 } } },
    ]);
    const end = events.at(-1) as { metadata?: Record<string, Record<string, unknown>> };
    expect(end.metadata?.["agui-bridge"]).toMatchObject({ finishReason: "length", finishDetails: { incompleteReason: "max_output_tokens", serviceTier: "default" } });
  });

  it("max_messages (openai 7.60) is no token limit: other, the raw reason kept", async () => {
    const { events } = await run([
      created,
      { type: "response.incomplete", response: { id: "resp_1", status: "incomplete", incomplete_details: { reason: "max_messages" }, usage: { input_tokens: 1, output_tokens: 1 } } },
    ]);
    const end = events.at(-1) as { type: string; metadata?: Record<string, Record<string, unknown>> };
    expect(end.type).toBe("RUN_FINISHED");
    expect(end.metadata?.["agui-bridge"]).toMatchObject({ finishReason: "other", rawFinishReason: "max_messages", finishDetails: { incompleteReason: "max_messages" } });
  });
});

describe("Responses items interleaved by output_index", () => {
  const reasoningAdded = { type: "response.output_item.added", output_index: 0, item: { type: "reasoning", id: "rs_1", summary: [] } };
  const reasoningDone = {
    type: "response.output_item.done",
    output_index: 0,
    item: { type: "reasoning", id: "rs_1", summary: [{ type: "summary_text", text: "Thinking." }], encrypted_content: "ENC-FINAL" },
  };

  it("a reasoning item finishing after a later item started keeps its summary and encrypted_content", async () => {
    const { events, messages } = await run([
      created,
      reasoningAdded,
      { type: "response.reasoning_summary_part.added", item_id: "rs_1", output_index: 0, summary_index: 0, part: { type: "summary_text", text: "" } },
      { type: "response.reasoning_summary_text.delta", item_id: "rs_1", output_index: 0, summary_index: 0, delta: "Think" },
      messageAdded("msg_1", 1),
      partAdded("msg_1", 1, 0),
      textDelta("msg_1", 1, 0, "Answer"),
      { type: "response.reasoning_summary_text.delta", item_id: "rs_1", output_index: 0, summary_index: 0, delta: "ing." },
      reasoningDone,
      messageDone("msg_1", 1, ["Answer"]),
      completed(),
    ]);
    expect(ofType(events, "REASONING_ENCRYPTED_VALUE")).toEqual([
      expect.objectContaining({ subtype: "message", entityId: "rs_1", encryptedValue: "ENC-FINAL" }),
    ]);
    const reasoning = messages.find((m) => m.id === "rs_1");
    expect(reasoning).toMatchObject({ role: "reasoning", encryptedValue: "ENC-FINAL" });
    // The summary text reaches the client exactly once, whole.
    expect((reasoning as { content?: string }).content).toBe("Thinking.");
    expect(textOf(events, "msg_1")).toBe("Answer");
  });

  it("a function call interleaved with a reasoning item keeps both complete", async () => {
    const { events, messages } = await run([
      created,
      reasoningAdded,
      { type: "response.output_item.added", output_index: 1, item: { type: "function_call", id: "fc_1", call_id: "call_1", name: "f", arguments: "" } },
      { type: "response.function_call_arguments.delta", item_id: "fc_1", output_index: 1, delta: '{"a":' },
      { type: "response.function_call_arguments.delta", item_id: "fc_1", output_index: 1, delta: "1}" },
      reasoningDone,
      { type: "response.function_call_arguments.done", item_id: "fc_1", output_index: 1, arguments: '{"a":1}' },
      { type: "response.output_item.done", output_index: 1, item: { type: "function_call", id: "fc_1", call_id: "call_1", name: "f", arguments: '{"a":1}', status: "completed" } },
      completed(),
    ]);
    const reasoning = messages.find((m) => m.id === "rs_1");
    expect(reasoning).toMatchObject({ encryptedValue: "ENC-FINAL", content: "Thinking." });
    const args = ofType(events, "TOOL_CALL_ARGS").filter((e) => e.toolCallId === "call_1").map((e) => e.delta).join("");
    expect(args).toBe('{"a":1}');
  });

  it("reasoning deltas after their part's .done are not appended again; a part known only from .done is written once", async () => {
    const { messages } = await run([
      created,
      reasoningAdded,
      { type: "response.reasoning_summary_text.done", item_id: "rs_1", output_index: 0, summary_index: 0, text: "Thinking." },
      { type: "response.reasoning_summary_text.delta", item_id: "rs_1", output_index: 0, summary_index: 0, delta: "Thinking." },
      reasoningDone,
      completed(),
    ]);
    expect(messages.find((m) => m.id === "rs_1")).toMatchObject({ content: "Thinking.", encryptedValue: "ENC-FINAL" });
  });

  it("argument deltas after the call's arguments.done are not appended again", async () => {
    const { events } = await run([
      created,
      { type: "response.output_item.added", output_index: 0, item: { type: "function_call", id: "fc_1", call_id: "call_1", name: "f", arguments: "" } },
      { type: "response.function_call_arguments.done", item_id: "fc_1", output_index: 0, arguments: "{}" },
      { type: "response.function_call_arguments.delta", item_id: "fc_1", output_index: 0, delta: "{}" },
      { type: "response.output_item.done", output_index: 0, item: { type: "function_call", id: "fc_1", call_id: "call_1", name: "f", arguments: "{}", status: "completed" } },
      completed(),
    ]);
    expect(ofType(events, "TOOL_CALL_ARGS").map((e) => e.delta).join("")).toBe("{}");
  });
});

describe("items known only from the terminal response's output", () => {
  const output = [
    { type: "reasoning", id: "rs_9", summary: [{ type: "summary_text", text: "Why." }], encrypted_content: "ENC-9" },
    { type: "message", id: "msg_9", role: "assistant", status: "completed", content: [{ type: "output_text", text: "Only in completed.", annotations: [] }] },
    { type: "function_call", id: "fc_9", call_id: "call_9", name: "f", arguments: '{"x":1}', status: "completed" },
  ];

  it("a server that sends only response.completed: every output item reaches the client once", async () => {
    const { events, messages } = await run([created, completed(output)]);
    expect(textOf(events, "msg_9")).toBe("Only in completed.");
    expect(messages.find((m) => m.id === "rs_9")).toMatchObject({ content: "Why.", encryptedValue: "ENC-9" });
    expect(ofType(events, "TOOL_CALL_ARGS").map((e) => e.delta).join("")).toBe('{"x":1}');
    const end = events.at(-1) as { metadata?: Record<string, Record<string, unknown>> };
    expect(end.metadata?.["agui-bridge"]?.finishReason).toBe("tool-calls");
  });

  it("an item whose output_item.done never came is finished from the terminal output (encrypted_content, arguments)", async () => {
    const { events, messages } = await run([
      created,
      { type: "response.output_item.added", output_index: 0, item: { type: "reasoning", id: "rs_9", summary: [] } },
      { type: "response.reasoning_summary_text.delta", item_id: "rs_9", output_index: 0, summary_index: 0, delta: "Why." },
      { type: "response.output_item.added", output_index: 1, item: { type: "function_call", id: "fc_9", call_id: "call_9", name: "f", arguments: "", status: "in_progress" } },
      completed([output[0], output[2]]),
    ]);
    expect(messages.find((m) => m.id === "rs_9")).toMatchObject({ content: "Why.", encryptedValue: "ENC-9" });
    expect(ofType(events, "TOOL_CALL_ARGS").map((e) => e.delta).join("")).toBe('{"x":1}');
    expect((events.at(-1) as { outcome?: { pendingToolCallIds?: string[] } }).outcome?.pendingToolCallIds).toEqual(["call_9"]);
  });

  it("items that streamed are not written again from the terminal output", async () => {
    const { events } = await run([
      created,
      messageAdded("msg_9", 0),
      partAdded("msg_9", 0, 0),
      textDelta("msg_9", 0, 0, "Only in completed."),
      messageDone("msg_9", 0, ["Only in completed."]),
      completed([output[1]]),
    ]);
    expect(ofType(events, "TEXT_MESSAGE_START")).toHaveLength(1);
    expect(textOf(events, "msg_9")).toBe("Only in completed.");
  });
});

describe("a finished item whose output_item.added never came", () => {
  it("is mapped from output_item.done (a stream resumed after its start): the text once, nothing from before", async () => {
    const { events } = await run([
      // Resumed with `starting_after`: the stream begins after the cursor, so no response.created.
      // Deltas of an item this stream never saw added have nowhere to go...
      textDelta("msg_r", 0, 0, "partial"),
      // ...the finished item carries the whole text.
      messageDone("msg_r", 0, ["The whole text."]),
      { type: "response.output_item.done", output_index: 1, item: { type: "function_call", id: "fc_r", call_id: "call_r", name: "f", arguments: '{"k":2}', status: "completed" } },
      completed(),
    ]);
    expect(textOf(events, "msg_r")).toBe("The whole text.");
    expect(ofType(events, "TOOL_CALL_START").map((e) => e.toolCallId)).toEqual(["call_r"]);
    expect(ofType(events, "TOOL_CALL_ARGS").map((e) => e.delta).join("")).toBe('{"k":2}');
  });

  it("an output_item.done repeated for an item already finished is not mapped twice", async () => {
    const { events } = await run([
      created,
      messageAdded("msg_1", 0),
      textDelta("msg_1", 0, 0, "Once."),
      messageDone("msg_1", 0, ["Once."]),
      messageDone("msg_1", 0, ["Once."]),
      completed(),
    ]);
    expect(ofType(events, "TEXT_MESSAGE_START")).toHaveLength(1);
    expect(textOf(events, "msg_1")).toBe("Once.");
  });
});

describe("a function call cut off by response.incomplete", () => {
  const added = { type: "response.output_item.added", output_index: 0, item: { type: "function_call", id: "fc_c", call_id: "call_c", name: "f", arguments: "", status: "in_progress" } };
  const delta = { type: "response.function_call_arguments.delta", item_id: "fc_c", output_index: 0, delta: '{"city":"Par' };
  const incomplete = {
    type: "response.incomplete",
    response: { id: "resp_1", status: "incomplete", incomplete_details: { reason: "max_output_tokens" }, usage: { input_tokens: 3, output_tokens: 9 } },
  };

  it("never finished: closed as interrupted, still pending (the application answers it)", async () => {
    const { events } = await run([created, added, delta, incomplete]);
    const end = events.at(-1) as { outcome?: { pendingToolCallIds?: string[] }; metadata?: Record<string, Record<string, unknown>> };
    expect(end.outcome?.pendingToolCallIds).toEqual(["call_c"]);
    expect(end.metadata?.["agui-bridge"]?.finishReason).toBe("length");
    expect(ofType(events, "TOOL_CALL_END")[0]?.metadata).toMatchObject({ "agui-bridge": { interrupted: true } });
    // What arrived still reached the client byte for byte.
    expect(ofType(events, "TOOL_CALL_ARGS").map((e) => e.delta).join("")).toBe('{"city":"Par');
  });

  it("finished with status incomplete: the same", async () => {
    const { events } = await run([
      created,
      added,
      delta,
      { type: "response.output_item.done", output_index: 0, item: { ...added.item, arguments: '{"city":"Par', status: "incomplete" } },
      incomplete,
    ]);
    const end = events.at(-1) as { outcome?: { pendingToolCallIds?: string[] } };
    expect(end.outcome?.pendingToolCallIds).toEqual(["call_c"]);
    expect(ofType(events, "TOOL_CALL_END")[0]?.metadata).toMatchObject({ "agui-bridge": { interrupted: true } });
  });

  it("a completed call stays pending", async () => {
    const { events } = await run([
      created,
      added,
      { type: "response.output_item.done", output_index: 0, item: { ...added.item, arguments: "{}", status: "completed" } },
      completed(),
    ]);
    expect((events.at(-1) as { outcome?: { pendingToolCallIds?: string[] } }).outcome?.pendingToolCallIds).toEqual(["call_c"]);
  });
});
