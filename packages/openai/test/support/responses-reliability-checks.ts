/**
 * What the Responses reliability suites (reliability-responses*.test.ts) check a run against:
 * what events carried, the adapter run, the recordings swept, and the conservation / usage /
 * outcome assertions, whole or at a cut.
 */
import { collectDeltas } from "@agui-bridge/conformance";
import { readBridgeMetadata, type Event } from "@agui-bridge/core/adapter";
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { expect } from "vitest";
import { listSharedStreams } from "../../../../test-fixtures/support/shared-streams.js";
import { streamResponses } from "../../src/index.js";
import { carriedByResponseEvents } from "../arbitraries/responses-carried.js";
import { type ResponsesStream } from "../arbitraries/responses-stream.js";
import { shellArgsSoFar } from "../arbitraries/responses-shell-call.js";
import { drain, fragmentsById, ids, sumUsagePerModel, terminalOf, trackedSource } from "./reliability-harness.js";

export const run = (events: AsyncIterable<unknown>, options: Record<string, unknown> = {}): Promise<Event[]> =>
  drain(streamResponses(events, { ...ids(), ...options }));

/** What events carried, with usage summed per model as the terminal event must report it. */
export function carried(events: readonly unknown[]) {
  const c = carriedByResponseEvents(events);
  return { ...c, usage: sumUsagePerModel([...c.usage.values()]) };
}

export type Started = Event & { messageId: string; toolCallId: string; toolCallName: string; metadata?: never };

/** Conservation, encrypted values, usage formula and outcome of a complete generated stream. */
export function assertCarries(events: readonly Event[], stream: ResponsesStream): void {
  const { expected } = stream;
  const frags = fragmentsById(events);
  const textStarts = events.filter((e) => e.type === "TEXT_MESSAGE_START") as Started[];
  expect(textStarts.map((e) => e.messageId)).toEqual(expected.texts.map((t) => t.itemId));
  expect(textStarts.map((e) => frags.text.get(e.messageId))).toEqual(expected.texts.map((t) => t.fragments));
  expect(textStarts.map((e) => readBridgeMetadata(e.metadata)?.refusal === true)).toEqual(expected.texts.map((t) => t.refusal));
  const reasoningStarts = events.filter((e) => e.type === "REASONING_MESSAGE_START") as Started[];
  expect(reasoningStarts.map((e) => e.messageId)).toEqual(expected.reasoning.map((r) => r.itemId));
  expect(reasoningStarts.map((e) => readBridgeMetadata(e.metadata)?.itemId)).toEqual(expected.reasoning.map((r) => r.itemId));
  expect(reasoningStarts.map((e) => frags.reasoning.get(e.messageId))).toEqual(expected.reasoning.map((r) => r.fragments));
  // Every encrypted value exactly once, on its own reasoning message, the finished item's copy.
  expect(collectDeltas(events as never).encrypted).toEqual(
    expected.reasoning.filter((r) => r.encrypted !== undefined).map((r) => ({ subtype: "message", entityId: r.itemId, encryptedValue: r.encrypted })),
  );
  const toolStarts = events.filter((e) => e.type === "TOOL_CALL_START") as Started[];
  expect(toolStarts.map((e) => e.toolCallId).sort()).toEqual([...expected.tools.map((t) => t.callId), ...expected.providerTools].sort());
  for (const tool of expected.tools) {
    if (tool.json !== undefined) expect(JSON.parse((frags.args.get(tool.callId) ?? []).join("")) as unknown, `args of ${tool.callId}`).toEqual(tool.json);
    else expect(frags.args.get(tool.callId), `args of ${tool.callId}`).toEqual(tool.fragments);
    expect(toolStarts.find((e) => e.toolCallId === tool.callId)?.toolCallName).toBe(tool.name);
  }
  const results = events.filter((e) => e.type === "TOOL_CALL_RESULT") as Started[];
  for (const id of expected.providerTools) {
    expect(readBridgeMetadata(toolStarts.find((e) => e.toolCallId === id)?.metadata)?.providerExecuted).toBe(true);
    expect(results.filter((e) => e.toolCallId === id)).toHaveLength(1);
    expect(() => JSON.parse((frags.args.get(id) ?? []).join("")) as unknown).not.toThrow();
  }
  const end = terminalOf(events);
  const usage = sumUsagePerModel(
    expected.usage.map((u) => ({ model: u.model, inputTokens: u.input, outputTokens: u.output, cachedInputTokens: u.cached, reasoningTokens: u.reasoning })),
  );
  expect(end.usage).toEqual(usage);
  if (expected.terminal === "failed") {
    expect(end).toMatchObject({ type: "RUN_ERROR", code: expected.failCode, message: "The model failed." });
  } else {
    expect(end.type).toBe("RUN_FINISHED");
    expect(end.outcome?.type).toBe("success");
    expect(end.outcome?.pendingToolCallIds ?? []).toEqual(expected.tools.map((t) => t.callId));
    const raw = expected.terminal === "completed" ? "completed" : expected.incompleteReason;
    expect(readBridgeMetadata((end as { metadata?: never }).metadata)?.rawFinishReason).toBe(raw);
  }
  expect(events.filter((e) => e.type === "RAW")).toEqual([]);
}

/** How a (possibly cut) event list must end: finished only after a completed/incomplete response. */
export function expectedOutcome(events: readonly unknown[]): "finished" | "truncated" | "error" {
  let state: "finished" | "truncated" = "truncated";
  for (const raw of events) {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return "error";
    const type = (raw as { type?: unknown }).type;
    if (type === "error" || type === "response.failed") return "error";
    if (type === "response.created") state = "truncated";
    if (type === "response.completed" || type === "response.incomplete") state = "finished";
  }
  return state;
}

/** Recorded streams cut at every position (all up to 200 lines: every recording but the four largest). */
export const SWEPT = listSharedStreams("openai-responses").filter((file) => readFileSync(file, "utf8").split("\n").length <= 200);

/** Recorded streams the iterator-throw and abort sweeps visit at every position (one per shape of stream). */
export const SWEPT_FAULTS = SWEPT.filter((file) =>
  [
    "openai-reasoning-encrypted-content.1.jsonl",
    "openai-custom-tool.1.jsonl",
    "github-copilot-id-rotation.1.jsonl",
    "parallel-tool-call-wrapper.1.jsonl",
    "openai-error.1.jsonl",
    "openai-image-generation-tool.1.jsonl",
    "openai-mcp-tool-approval.1.jsonl",
    "openai-apply-patch-tool.1.jsonl",
    "openai-shell-container.1.jsonl",
  ].includes(basename(file)),
);

/**
 * Whether the adapter's text / reasoning / args of a full recording equal what
 * {@link carriedByResponseEvents} reads from it (then every prefix must match too). Recordings
 * whose items rotate ids between events are matched by output index in the adapter only, so the
 * independent reading cannot follow them; those aspects are skipped for that recording.
 */
export async function deltaShaped(lines: readonly unknown[]): Promise<{ text: boolean; reasoning: boolean; args: boolean }> {
  const events = await run(trackedSource(lines));
  const c = carried(lines);
  const d = collectDeltas(events as never);
  return {
    text: [...d.text.values()].join("") === c.text,
    reasoning: [...d.reasoning.values()].join("") === c.reasoning,
    args: [...c.args].every(([id, args]) => d.toolArgs.get(id) === args),
  };
}

export function assertCarriedSoFar(events: readonly Event[], chunks: readonly unknown[], shape: { text: boolean; reasoning: boolean; args: boolean }, whole?: ReturnType<typeof carried>): void {
  const sent = carried(chunks);
  const d = collectDeltas(events as never);
  if (shape.text) expect([...d.text.values()].join("")).toBe(sent.text);
  if (shape.reasoning) expect([...d.reasoning.values()].join("")).toBe(sent.reasoning);
  if (shape.args) for (const [id, args] of sent.args) expect(d.toolArgs.get(id)).toBe(args);
  if (shape.args && whole !== undefined) assertShellSoFar(d.toolArgs, sent.shell, whole.shell);
}

/**
 * A shell call's arguments at a cut: never text the whole stream does not begin with (the JSON of
 * the finished item's action), and every command carried so far in it, JSON-escaped.
 */
export function assertShellSoFar(args: ReadonlyMap<string, string>, sofar: ReturnType<typeof carried>["shell"], whole: ReturnType<typeof carried>["shell"]): void {
  for (const [id, call] of sofar) {
    const written = args.get(id) ?? "";
    const final = whole.get(id)?.action;
    if (final !== undefined) expect(JSON.stringify(final).startsWith(written), `shell args of ${id}: ${written}`).toBe(true);
    const expected = shellArgsSoFar(call);
    if (expected !== undefined) expect(written.startsWith(expected), `shell args of ${id}: ${written} ⊉ ${expected}`).toBe(true);
  }
}
