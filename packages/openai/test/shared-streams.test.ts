import { checkEvents, collectDeltas, reasoningOf, textOf } from "@agui-bridge/conformance";
import { createSequentialIds, type Event } from "@agui-bridge/core/adapter";
import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import { listSharedStreams, readJsonl, sharedSuiteTitle } from "../../../test-fixtures/support/shared-streams.js";
import { streamChatCompletions, streamResponses } from "../src/index.js";
import { collect, jsonlChunks, last } from "./support/collect.js";
import { expectedFromChatChunks, expectedFromResponseEvents } from "./support/expected-from-chunks.js";

async function replay(format: "openai-chat" | "openai-responses", file: string) {
  const lines = readJsonl(file);
  const stream = format === "openai-chat" ? streamChatCompletions : streamResponses;
  const events = await collect(stream(jsonlChunks(lines), { generateId: createSequentialIds("id") }));
  const report = await checkEvents(events);
  const firstInvalid = lines.findIndex((line) => !line.ok);
  const chunks = (firstInvalid === -1 ? lines : lines.slice(0, firstInvalid)).map((line) => (line.ok ? line.value : undefined));
  return { events, report, hasInvalid: firstInvalid !== -1, chunks };
}

function contentsOf(events: readonly Event[], type: "TEXT_MESSAGE_START" | "REASONING_MESSAGE_START"): string[] {
  const deltas = collectDeltas(events as never);
  const source = type === "TEXT_MESSAGE_START" ? deltas.text : deltas.reasoning;
  return events.filter((e) => e.type === type).map((e) => source.get((e as { messageId: string }).messageId) ?? "");
}

describe(sharedSuiteTitle("openai-chat"), () => {
  const files = listSharedStreams("openai-chat");
  it.each(files.map((file) => [basename(file), file]))("%s", async (_name, file) => {
    const { events, report, hasInvalid, chunks } = await replay("openai-chat", file);
    expect(report.issues).toEqual([]);
    const end = last(events);
    // An error chunk fails the run; so does a recording that ends without any finish_reason.
    const hasError = chunks.some((c) => (c as { error?: unknown } | undefined)?.error !== undefined);
    const finished = chunks.some((c) => ((c as { choices?: unknown } | undefined)?.choices as Array<{ finish_reason?: unknown }> | undefined)?.some?.((ch) => typeof ch?.finish_reason === "string") === true);
    expect(end.type).toBe(hasInvalid || hasError || !finished ? "RUN_ERROR" : "RUN_FINISHED");
    const expected = expectedFromChatChunks(chunks);
    expect(textOf(events as never)).toBe(expected.text);
    expect(reasoningOf(events as never)).toBe(expected.reasoning);
    expect(collectDeltas(events as never).toolArgs).toEqual(expected.args);
    expect((end as { usage?: unknown }).usage).toEqual(expected.usage);
  });
});

describe(sharedSuiteTitle("openai-responses"), () => {
  const files = listSharedStreams("openai-responses");
  it.each(files.map((file) => [basename(file), file]))("%s", async (name, file) => {
    const { events, report, hasInvalid, chunks } = await replay("openai-responses", file);
    expect(report.issues).toEqual([]);
    const end = last(events);
    const hasError = chunks.some((c) => ["error", "response.failed"].includes(String((c as { type?: unknown } | undefined)?.type)));
    expect(end.type).toBe(hasInvalid || hasError ? "RUN_ERROR" : "RUN_FINISHED");
    const expected = expectedFromResponseEvents(chunks);
    // Every delta passes through, in order (then the rest of a part's `.done` text the deltas are a
    // strict prefix of); messages hold exactly the text of their finished item.
    expect(textOf(events as never)).toBe(expected.textDeltas === "" ? expected.messageTexts.join("") : expected.textDeltas);
    if (!hasInvalid) expect(contentsOf(events, "TEXT_MESSAGE_START")).toEqual(expected.messageTexts);
    expect(reasoningOf(events as never).startsWith(expected.reasoningDeltas)).toBe(true);
    if (expected.reasoningDeltas !== "") expect(reasoningOf(events as never)).toBe(expected.reasoningDeltas);
    const toolArgs = collectDeltas(events as never).toolArgs;
    for (const [callId, args] of expected.args) expect(toolArgs.get(callId), `${name} ${callId}`).toBe(args);
    for (const [callId, args] of expected.argDeltas) expect(toolArgs.get(callId), `${name} ${callId} deltas`).toBe(args);
    expect((end as { usage?: unknown }).usage).toEqual(expected.usage);
  });

  it("a multi-response recording is one run with usage summed over its response ids", async () => {
    const file = files.find((f) => basename(f) === "openai-reasoning-encrypted-content.1.jsonl");
    if (file === undefined) return;
    const { events } = await replay("openai-responses", file);
    expect(events.filter((e) => e.type === "RUN_STARTED")).toHaveLength(1);
    expect(last(events)).toMatchObject({
      type: "RUN_FINISHED",
      outcome: { type: "success", pendingToolCallIds: expect.arrayContaining(["call_AB6AaRZ1FYZB2RwS6A5vbdqn"]) },
    });
  });
});
