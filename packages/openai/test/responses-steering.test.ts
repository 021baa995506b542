/**
 * Mid-turn steering over a Responses WebSocket (OpenAI's "Mid-turn steering" guide; openai-node
 * 7.60 `ResponseSteerAcceptedEvent` / `ResponseSteerFailedEvent` / `ResponseSteerPendingEvent`,
 * `Response.IncompleteDetails.reason: "steered"`). The events arrive in the same stream as the
 * response's own: `response.steer.accepted`, the running response stopping with
 * `response.incomplete` (`steered`), then its successor's `response.created` (the commit point) and
 * output; `response.steer.failed` when input cannot be committed; `response.steer.pending` after
 * `response.completed` when the response waits for the application's tool results.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, readBridgeMetadata, type BridgeWarning, type Event, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses, toResponsesRequest } from "../src/index.js";
import { collect, last, ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;

const MODEL = "gpt-6-astra";
const message = (id: string, text: string): Rec => ({ type: "message", id, status: "completed", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] });
const created = (id: string, previous?: string): Rec => ({
  type: "response.created",
  response: { id, model: MODEL, status: "in_progress", output: [], ...(previous !== undefined && { previous_response_id: previous }) },
});

/** A message item streamed as deltas. */
function streamedMessage(id: string, outputIndex: number, deltas: string[]): Rec[] {
  return [
    { type: "response.output_item.added", output_index: outputIndex, item: { ...message(id, ""), status: "in_progress", content: [] } },
    ...deltas.map((delta) => ({ type: "response.output_text.delta", item_id: id, output_index: outputIndex, content_index: 0, delta })),
    { type: "response.output_item.done", output_index: outputIndex, item: message(id, deltas.join("")) },
  ];
}

const usage1 = { input_tokens: 120, input_tokens_details: { cached_tokens: 100 }, output_tokens: 30, output_tokens_details: { reasoning_tokens: 10 }, total_tokens: 150 };
const usage2 = { input_tokens: 180, input_tokens_details: { cached_tokens: 150 }, output_tokens: 40, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 220 };

const accepted = (id: string, previous: string): Rec => ({ type: "response.steer.accepted", sequence_number: 4, steer: { id, previous_response_id: previous } });
const steeredStop = (output: Rec[]): Rec => ({
  type: "response.incomplete",
  response: { id: "resp_1", model: MODEL, status: "incomplete", incomplete_details: { reason: "steered" }, output, usage: usage1 },
});
const completed = (id: string, output: Rec[], usage: Rec = usage2): Rec => ({ type: "response.completed", response: { id, model: MODEL, status: "completed", output, usage } });

/** resp_1 streams "Plan: a big rewrite", is steered, and its successor resp_2 answers "A small fix." */
const firstPart = [created("resp_1"), ...streamedMessage("msg_1", 0, ["Plan: ", "a big rewrite"]), accepted("steer_1", "resp_1")];
const steered = [...firstPart, steeredStop([message("msg_1", "Plan: a big rewrite")])];
const successor = [created("resp_2", "resp_1"), ...streamedMessage("msg_2", 0, ["A small ", "fix."]), completed("resp_2", [message("msg_2", "A small fix.")])];

const input: Message[] = [{ id: "u1", role: "user", content: "Plan the refactor." }];

async function run(chunks: Rec[]): Promise<{ events: Event[]; warnings: BridgeWarning[]; messages: Message[] }> {
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  const warnings: BridgeWarning[] = [];
  const events = await collect(
    streamResponses(source(), { input: { threadId: "t", runId: "r", messages: input }, generateId: createSequentialIds("id"), onWarning: (w) => warnings.push(w) }),
  );
  await assertConformant(events, { initialMessages: input });
  return { events, warnings, messages: applyEvents(input, events) };
}

const terminal = (events: Event[]): Rec => readBridgeMetadata((last(events) as { metadata?: unknown }).metadata) ?? {};
const text = (events: Event[]): string => ofType(events, "TEXT_MESSAGE_CONTENT").map((e) => e.delta).join("|");

describe("a response stopped for steering and its automatic successor", () => {
  it("one run: both responses' text as it streamed, the successor's finish, usage of both, the steering committed by the successor", async () => {
    const { events, warnings } = await run([...steered, ...successor]);
    expect(text(events)).toBe("Plan: |a big rewrite|A small |fix.");
    const end = last(events) as { type: string; usage?: unknown };
    expect(end.type).toBe("RUN_FINISHED");
    expect(terminal(events)).toMatchObject({ finishReason: "stop", rawFinishReason: "completed" });
    expect(end.usage).toEqual([
      {
        provider: "openai",
        model: MODEL,
        inputTokens: usage1.input_tokens + usage2.input_tokens,
        cachedInputTokens: usage1.input_tokens_details.cached_tokens + usage2.input_tokens_details.cached_tokens,
        outputTokens: usage1.output_tokens + usage2.output_tokens,
        reasoningTokens: usage1.output_tokens_details.reasoning_tokens,
        totalTokens: usage1.total_tokens + usage2.total_tokens,
      },
    ]);
    expect(terminal(events).steering).toEqual([{ id: "steer_1", previousResponseId: "resp_1", status: "committed", responseId: "resp_2" }]);
    expect(warnings).toEqual([]);
  });

  it("the successor naming no previous_response_id continues the response that streamed before it", async () => {
    const { events } = await run([...steered, created("resp_2"), ...successor.slice(1)]);
    expect(terminal(events).steering).toEqual([{ id: "steer_1", previousResponseId: "resp_1", status: "committed", responseId: "resp_2" }]);
  });

  it("a stream ending after the steered stop lost the successor: RUN_ERROR stream_truncated, with the first response's text and usage", async () => {
    const { events, warnings } = await run(steered);
    expect(warnings.map((w) => [w.code, w.details?.steerIds])).toEqual([["stream.steering-uncommitted", ["steer_1"]]]);
    expect(text(events)).toBe("Plan: |a big rewrite");
    const end = last(events) as { type: string; code?: string; usage?: Array<{ inputTokens?: number }> };
    expect(end).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
    expect(end.usage?.[0]?.inputTokens).toBe(usage1.input_tokens);
    expect(terminal(events).steering).toEqual([{ id: "steer_1", previousResponseId: "resp_1", status: "accepted" }]);
  });

  it("the successor could not be created (response.steer.failed): the run finishes on the steered stop, the input returned, a warning", async () => {
    const failed = {
      type: "response.steer.failed",
      sequence_number: 9,
      steer: { id: "steer_1", previous_response_id: "resp_1", input: "Keep it small." },
      error: { type: "invalid_request_error", code: "successor_creation_failed", message: "The successor response could not be created." },
    };
    const { events, warnings } = await run([...steered, failed]);
    expect(last(events).type).toBe("RUN_FINISHED");
    expect(terminal(events)).toMatchObject({ finishReason: "other", rawFinishReason: "steered", finishDetails: { incompleteReason: "steered" } });
    expect(terminal(events).steering).toEqual([
      {
        id: "steer_1",
        previousResponseId: "resp_1",
        status: "failed",
        error: { code: "successor_creation_failed", message: "The successor response could not be created." },
        input: "Keep it small.",
      },
    ]);
    expect(warnings.map((w) => [w.code, w.details?.code])).toEqual([["stream.steer-failed", "successor_creation_failed"]]);
  });
});

describe("steering input that does not stop the response", () => {
  it("rejected input (no steering id yet) mid-response: the run goes on; the failure and the returned input are recorded", async () => {
    const input = [{ type: "message", role: "user", content: [{ type: "input_text", text: "Stop." }] }];
    const failed = { type: "response.steer.failed", sequence_number: 3, steer: { previous_response_id: "resp_1", input }, error: { type: "invalid_request_error", code: "steering_not_supported", message: "No." } };
    const chunks = [created("resp_1"), failed, ...streamedMessage("msg_1", 0, ["Done."]), completed("resp_1", [message("msg_1", "Done.")], usage1)];
    const { events, warnings } = await run(chunks);
    expect(text(events)).toBe("Done.");
    expect(terminal(events)).toMatchObject({ finishReason: "stop" });
    expect(terminal(events).steering).toEqual([{ previousResponseId: "resp_1", status: "failed", error: { code: "steering_not_supported", message: "No." }, input }]);
    expect(warnings.map((w) => w.code)).toEqual(["stream.steer-failed"]);
  });

  it("a normal completion followed by an automatic successor: the input is committed by it, the successor's finish ends the run", async () => {
    const chunks = [created("resp_1"), accepted("steer_1", "resp_1"), ...streamedMessage("msg_1", 0, ["First."]), completed("resp_1", [message("msg_1", "First.")], usage1), ...successor];
    const { events } = await run(chunks);
    expect(text(events)).toBe("First.|A small |fix.");
    expect(terminal(events).steering).toEqual([{ id: "steer_1", previousResponseId: "resp_1", status: "committed", responseId: "resp_2" }]);
  });

  it("response.steer.pending after response.completed: the calls stay pending for the application, the queued input and the stubs are recorded", async () => {
    const call = { type: "function_call", id: "fc_1", call_id: "call_1", name: "lookup", arguments: '{"q":1}', status: "completed" };
    const required = [{ type: "function_call_output", call_id: "call_1", name: "lookup" }];
    const chunks = [
      created("resp_1"),
      accepted("steer_1", "resp_1"),
      { type: "response.output_item.added", output_index: 0, item: { ...call, arguments: "", status: "in_progress" } },
      { type: "response.function_call_arguments.delta", item_id: "fc_1", output_index: 0, delta: '{"q":1}' },
      { type: "response.output_item.done", output_index: 0, item: call },
      completed("resp_1", [call], usage1),
      { type: "response.steer.pending", sequence_number: 12, reason: "waiting_for_required_input", required_input: required, steer: { id: "steer_1", previous_response_id: "resp_1" } },
    ];
    const { events } = await run(chunks);
    const end = last(events) as { type: string; outcome?: { pendingToolCallIds?: string[] } };
    expect(end.type).toBe("RUN_FINISHED");
    expect(end.outcome?.pendingToolCallIds).toEqual(["call_1"]);
    expect(terminal(events)).toMatchObject({ finishReason: "tool-calls" });
    expect(terminal(events).steering).toEqual([
      { id: "steer_1", previousResponseId: "resp_1", status: "pending", reason: "waiting_for_required_input", requiredInput: required },
    ]);
  });
});

describe("the next request after a steered run", () => {
  it("sends the first response's output, the steering input the application filed after it, then the successor's output", async () => {
    const { messages } = await run([...steered, ...successor]);
    const steeringInput: Message = { id: "steer-u", role: "user", content: "Keep it small." };
    const at = messages.findIndex((m) => m.id === "msg_1") + 1;
    const conversation = [...messages.slice(0, at), steeringInput, ...messages.slice(at), { id: "u2", role: "user", content: "Thanks." } as Message];
    const warnings: BridgeWarning[] = [];
    const { params } = toResponsesRequest({ threadId: "t", runId: "r2", messages: conversation }, { model: MODEL, onWarning: (w) => warnings.push(w) });
    const items = params.input as unknown as Rec[];
    expect(items.map((item) => item.id ?? item.content)).toEqual(["Plan the refactor.", "msg_1", "Keep it small.", "msg_2", "Thanks."]);
    expect(warnings).toEqual([]);
  });

  it("chained on the successor (previous_response_id), only what follows it is sent", async () => {
    const { messages } = await run([...steered, ...successor]);
    const { params } = toResponsesRequest(
      { threadId: "t", runId: "r2", messages: [...messages, { id: "u2", role: "user", content: "Thanks." }] },
      { model: MODEL, params: { previous_response_id: "resp_2" } },
    );
    expect(params.input).toEqual([{ role: "user", content: "Thanks." }]);
  });
});

describe("continuing after response.steer.pending", () => {
  it("chained on the waiting response, only the tool results go (the server prepends the queued steering input)", async () => {
    const call = { type: "function_call", id: "fc_1", call_id: "call_1", name: "lookup", arguments: "{}", status: "completed" };
    const chunks = [
      created("resp_1"),
      accepted("steer_1", "resp_1"),
      { type: "response.output_item.added", output_index: 0, item: call },
      { type: "response.output_item.done", output_index: 0, item: call },
      completed("resp_1", [call], usage1),
      { type: "response.steer.pending", reason: "waiting_for_required_input", required_input: [{ type: "function_call_output", call_id: "call_1", name: "lookup" }], steer: { id: "steer_1", previous_response_id: "resp_1" } },
    ];
    const { events, messages } = await run(chunks);
    const pending = (terminal(events).steering as Array<{ previousResponseId?: string }>)[0];
    const { params } = toResponsesRequest(
      { threadId: "t", runId: "r2", messages: [...messages, { id: "t1", role: "tool", toolCallId: "call_1", content: "found" }] },
      { model: MODEL, params: { previous_response_id: pending?.previousResponseId } },
    );
    expect(params.previous_response_id).toBe("resp_1");
    expect(params.input).toEqual([{ type: "function_call_output", call_id: "call_1", output: "found" }]);
  });
});

describe("a WebSocket error event (ResponsesServerEvent.ResponseWsError)", () => {
  it("ends the run in RUN_ERROR with its code, status and misalignment details, the output so far kept", async () => {
    const misalignment = {
      detailed_explanation: "The action would send workspace files to an unknown host.",
      error_type: "potentially_unintended_data_transfer",
      review_target: "rev_123",
      steer: { message: "Ask the user before uploading files." },
    };
    const error = { type: "error", status: 400, error: { type: "invalid_request_error", code: "misaligned_action", message: "The action was blocked.", param: null, misalignment } };
    const { events } = await run([...firstPart, error]);
    expect(text(events)).toBe("Plan: |a big rewrite");
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "misaligned_action", message: "The action was blocked." });
    expect(terminal(events)).toMatchObject({ status: 400, misalignment });
  });
});

describe("hostile steering events", () => {
  it("malformed steering events change nothing else and never break the run", async () => {
    const junk: Rec[] = [
      { type: "response.steer.accepted" },
      { type: "response.steer.accepted", steer: "steer_1" },
      { type: "response.steer.accepted", steer: { id: 7, previous_response_id: ["resp_1"] } },
      { type: "response.steer.pending", steer: null, required_input: "x" },
      { type: "response.steer.pending", steer: { id: "steer_9" }, required_input: { call_id: "c" }, reason: 3 },
      { type: "response.steer.failed", steer: [], error: "nope" },
    ];
    const clean = await run([...firstPart.filter((c) => c.type !== "response.steer.accepted"), completed("resp_1", [message("msg_1", "Plan: a big rewrite")], usage1)]);
    const dirty = await run([...firstPart.filter((c) => c.type !== "response.steer.accepted"), ...junk, completed("resp_1", [message("msg_1", "Plan: a big rewrite")], usage1)]);
    const withoutSteering = (events: Event[]): Event[] =>
      events.map((event) => (event.type === "RUN_FINISHED" ? { ...event, metadata: { "agui-bridge": { ...terminal([event]), steering: undefined } } } : event));
    expect(JSON.parse(JSON.stringify(withoutSteering(dirty.events)))).toEqual(JSON.parse(JSON.stringify(withoutSteering(clean.events))));
    expect(terminal(dirty.events).steering).toEqual([
      { id: "steer_9", status: "pending" },
      { status: "failed", error: {} },
    ]);
    expect(dirty.warnings.map((w) => w.code)).toEqual(["stream.steer-failed"]);
  });

  it("records at most MAX_STEERING_ENTRIES submissions, with one warning beyond", async () => {
    const many = Array.from({ length: 130 }, (_, index) => accepted(`steer_${index}`, "resp_1"));
    const { events, warnings } = await run([created("resp_1"), ...many, completed("resp_1", [], usage1)]);
    expect((terminal(events).steering as unknown[]).length).toBe(100);
    expect(warnings.map((w) => w.code)).toEqual(["stream.steering-dropped", "stream.steering-uncommitted"]);
  });
});
