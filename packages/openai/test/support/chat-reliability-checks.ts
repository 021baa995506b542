/**
 * What the Chat Completions reliability suites (reliability-chat*.test.ts) check a run against:
 * what chunks carried, the adapter run, and the conservation / usage / outcome assertions.
 */
import { collectDeltas } from "@agui-bridge/conformance";
import { readBridgeMetadata, type Event } from "@agui-bridge/core/adapter";
import { expect } from "vitest";
import { streamChatCompletions } from "../../src/index.js";
import { carriedByChatChunks, type ChatStream } from "../arbitraries/chat-stream.js";
import { drain, fragmentsById, ids, sumUsagePerModel, terminalOf } from "./reliability-harness.js";

/** What chunks carried, with usage summed per model as the terminal event must report it. */
export function carried(chunks: readonly unknown[]) {
  const c = carriedByChatChunks(chunks);
  return { ...c, usage: sumUsagePerModel([...c.usage.values()]) };
}

export const run = (chunks: AsyncIterable<unknown>, options: Record<string, unknown> = {}): Promise<Event[]> =>
  drain(streamChatCompletions(chunks, { ...ids(), ...options }));

/** Conservation, usage formula and outcome of a complete generated stream. */
export function assertCarries(events: readonly Event[], stream: ChatStream): void {
  const { expected } = stream;
  const frags = fragmentsById(events);
  const textStarts = events.filter((e) => e.type === "TEXT_MESSAGE_START") as Array<Event & { messageId: string; metadata?: unknown }>;
  expect(textStarts.map((e) => frags.text.get(e.messageId))).toEqual(expected.texts.map((t) => t.fragments));
  expect(textStarts.map((e) => readBridgeMetadata(e.metadata as never)?.refusal === true)).toEqual(expected.texts.map((t) => t.refusal));
  const reasoningStarts = events.filter((e) => e.type === "REASONING_MESSAGE_START") as Array<Event & { messageId: string }>;
  expect(reasoningStarts.map((e) => frags.reasoning.get(e.messageId))).toEqual(expected.reasoning);
  const allStarts = events.filter((e) => e.type === "TOOL_CALL_START") as Array<Event & { toolCallId: string; toolCallName: string; metadata?: unknown }>;
  const toolStarts = allStarts.filter((e) => !isServerRun(e));
  expect(toolStarts.map((e) => e.toolCallId).sort()).toEqual(expected.tools.map((t) => t.id).sort());
  // Server-run tools (Groq executed_tools): in order, each with its arguments once and its output as its result.
  const serverRun = allStarts.filter(isServerRun);
  expect(serverRun.map((e) => e.toolCallName)).toEqual(expected.executed.map((t) => t.name));
  expect(serverRun.map((e) => frags.args.get(e.toolCallId))).toEqual(expected.executed.map((t) => t.fragments));
  const results = events.filter((e) => e.type === "TOOL_CALL_RESULT") as Array<Event & { toolCallId: string; content: unknown }>;
  expect(serverRun.map((e) => results.filter((r) => r.toolCallId === e.toolCallId).map((r) => JSON.parse(String(r.content)) as unknown))).toEqual(
    expected.executed.map((t) => (t.output === undefined ? [] : [{ output: t.output }])),
  );
  for (const tool of expected.tools) {
    expect(frags.args.get(tool.id), `args of ${tool.id}`).toEqual(tool.fragments);
    expect(toolStarts.find((e) => e.toolCallId === tool.id)?.toolCallName).toBe(tool.name);
  }
  const end = terminalOf(events);
  expect(end.type).toBe("RUN_FINISHED");
  expect(end.outcome?.type).toBe("success");
  expect(end.outcome?.pendingToolCallIds ?? []).toEqual(toolStarts.map((e) => e.toolCallId));
  expect(end.usage).toEqual(
    sumUsagePerModel(
      expected.usage.map((u) => ({
        model: u.model,
        inputTokens: u.input,
        outputTokens: u.output,
        ...(u.cached !== undefined && { cachedInputTokens: u.cached }),
        ...(u.reasoning !== undefined && { reasoningTokens: u.reasoning }),
      })),
    ),
  );
  expect(readBridgeMetadata((end as { metadata?: never }).metadata)?.rawFinishReason).toBe(expected.finish);
  expect(events.filter((e) => e.type === "RAW")).toEqual([]);
}

/** A call the provider ran itself (Groq executed_tools): never the application's to answer. */
export function isServerRun(event: { metadata?: unknown }): boolean {
  return readBridgeMetadata(event.metadata as never)?.providerExecuted === true;
}

/** Argument text per application call id, and per server-run call in start order (their ids are minted by the adapter). */
export function argsByKind(events: readonly Event[]): { args: Map<string, string>; executed: string[] } {
  const all = collectDeltas(events as never).toolArgs;
  const serverRun = new Set(events.filter((e) => e.type === "TOOL_CALL_START" && isServerRun(e)).map((e) => (e as { toolCallId: string }).toolCallId));
  const starts = events.filter((e) => e.type === "TOOL_CALL_START").map((e) => (e as { toolCallId: string }).toolCallId);
  return {
    args: new Map([...all].filter(([id]) => !serverRun.has(id))),
    executed: starts.filter((id) => serverRun.has(id)).map((id) => all.get(id) ?? ""),
  };
}
