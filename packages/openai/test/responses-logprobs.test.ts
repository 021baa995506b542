/**
 * Token log probabilities on the Responses API (requested with `include:
 * ["message.output_text.logprobs"]` and `top_logprobs`): openai 7.60 types them on
 * `response.output_text.delta` (`ResponseTextDeltaEvent.logprobs`, the delta's tokens),
 * `response.output_text.done` (`ResponseTextDoneEvent.logprobs`) and the finished item's
 * `output_text` part (`ResponseOutputText.logprobs`, entries with `bytes`). As on Chat, they reach
 * the TEXT_MESSAGE_END of the text (metadata `logprobs`), in order, as sent, each token once.
 * Through the real SDK and the raw-bytes path.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type Event } from "@agui-bridge/core/adapter";
import { textOf } from "@agui-bridge/conformance";
import { expectSameOutput } from "@agui-bridge/test-support";
import { describe, expect, it } from "vitest";
import { streamResponses, streamResponsesFromResponse, type ResponsesStreamOptions } from "../src/index.js";
import { sdkResponseEvents } from "./support/sdk-replay.js";

type Rec = Record<string, unknown>;

/** A delta's / `.done` event's entry (no `bytes`), and the finished part's entry (with `bytes`). */
const streamed = (token: string, logprob: number): Rec => ({ token, logprob, top_logprobs: [{ token, logprob }] });
const finished = (token: string, logprob: number): Rec => {
  const bytes = [...new TextEncoder().encode(token)];
  return { token, bytes, logprob, top_logprobs: [{ token, bytes, logprob }] };
};

const created = { type: "response.created", sequence_number: 0, response: { id: "resp_l", status: "in_progress", output: [] } };
const added = (id: string) => ({ type: "response.output_item.added", output_index: 0, item: { id, type: "message", role: "assistant", status: "in_progress", content: [] } });
const partAdded = (id: string, contentIndex: number) => ({ type: "response.content_part.added", item_id: id, output_index: 0, content_index: contentIndex, part: { type: "output_text", text: "", annotations: [] } });
const delta = (id: string, contentIndex: number, text: string, logprobs: unknown) => ({ type: "response.output_text.delta", item_id: id, output_index: 0, content_index: contentIndex, delta: text, logprobs });
const textDone = (id: string, contentIndex: number, text: string, logprobs: unknown) => ({ type: "response.output_text.done", item_id: id, output_index: 0, content_index: contentIndex, text, logprobs });
const message = (id: string, content: unknown[]) => ({ id, type: "message", role: "assistant", status: "completed", content });
const outputText = (text: string, logprobs?: unknown) => ({ type: "output_text", text, annotations: [], ...(logprobs !== undefined && { logprobs }) });
const itemDone = (item: Rec) => ({ type: "response.output_item.done", output_index: 0, item });
const completed = (output: unknown[]) => ({ type: "response.completed", response: { id: "resp_l", status: "completed", output, usage: { input_tokens: 3, output_tokens: 2, total_tokens: 5 } } });

function sse(events: readonly Rec[]): Uint8Array {
  return new TextEncoder().encode(events.map((e, n) => `event: ${String(e.type)}\ndata: ${JSON.stringify({ sequence_number: n, ...e })}\n\n`).join(""));
}

async function run(events: readonly Rec[]): Promise<Event[]> {
  const opts = (): ResponsesStreamOptions => ({ generateId: createSequentialIds("id"), threadId: "t", runId: "r" });
  const out = await expectSameOutput(
    sse(events),
    (body) => streamResponses(sdkResponseEvents(body), opts()),
    (body) => streamResponsesFromResponse(body, opts()),
    (a, b) => expect(a).toEqual(b),
  );
  await assertConformant(out);
  return out;
}

function textEnds(events: readonly Event[]): Array<Rec | undefined> {
  return events.filter((e) => e.type === "TEXT_MESSAGE_END").map((e) => readBridgeMetadata((e as { metadata?: unknown }).metadata) as Rec | undefined);
}

describe("Responses logprobs", () => {
  it("deltas, the part's .done and the finished part all carry them: the finished part's entries, once each", async () => {
    const events = await run([
      created,
      added("msg_1"),
      partAdded("msg_1", 0),
      delta("msg_1", 0, "Hel", [streamed("Hel", -0.1)]),
      delta("msg_1", 0, "lo", [streamed("lo", -0.2)]),
      textDone("msg_1", 0, "Hello", [streamed("Hel", -0.1), streamed("lo", -0.2)]),
      itemDone(message("msg_1", [outputText("Hello", [finished("Hel", -0.1), finished("lo", -0.2)])])),
      completed([message("msg_1", [outputText("Hello", [finished("Hel", -0.1), finished("lo", -0.2)])])]),
    ]);
    expect(textOf(events as never)).toBe("Hello");
    expect(textEnds(events)).toEqual([expect.objectContaining({ logprobs: [finished("Hel", -0.1), finished("lo", -0.2)] })]);
  });

  it("only the deltas carry them (the .done and the finished part have none): the deltas' entries in order", async () => {
    const events = await run([
      created,
      added("msg_1"),
      partAdded("msg_1", 0),
      delta("msg_1", 0, "Hel", [streamed("Hel", -0.1)]),
      delta("msg_1", 0, "lo", []),
      delta("msg_1", 0, "!", [streamed("lo", -0.2), streamed("!", -1.5)]),
      textDone("msg_1", 0, "Hello!", []),
      itemDone(message("msg_1", [outputText("Hello!", [])])),
      completed([]),
    ]);
    expect(textEnds(events)).toEqual([expect.objectContaining({ logprobs: [streamed("Hel", -0.1), streamed("lo", -0.2), streamed("!", -1.5)] })]);
  });

  it("the .done event lists more than streamed (deltas without entries): the .done event's entries", async () => {
    const events = await run([
      created,
      added("msg_1"),
      partAdded("msg_1", 0),
      delta("msg_1", 0, "Hel", [streamed("Hel", -0.1)]),
      delta("msg_1", 0, "lo", []),
      textDone("msg_1", 0, "Hello", [streamed("Hel", -0.1), streamed("lo", -0.2)]),
      itemDone(message("msg_1", [outputText("Hello")])),
      completed([]),
    ]);
    expect(textEnds(events)).toEqual([expect.objectContaining({ logprobs: [streamed("Hel", -0.1), streamed("lo", -0.2)] })]);
  });

  it("a message item that only arrives finished: its parts' entries, in part order, beside the annotations", async () => {
    const annotation = { type: "url_citation", url: "https://example.com", title: "E", start_index: 0, end_index: 2 };
    const item = message("msg_1", [
      { ...outputText("Hi", [finished("Hi", -0.3)]), annotations: [annotation] },
      outputText(" there", [finished(" there", -0.4)]),
    ]);
    const events = await run([created, itemDone(item), completed([item])]);
    expect(textOf(events as never)).toBe("Hi there");
    expect(textEnds(events)).toEqual([expect.objectContaining({ logprobs: [finished("Hi", -0.3), finished(" there", -0.4)], annotations: [annotation] })]);
  });

  it("two streamed parts: each part's .done entries, in part order", async () => {
    const events = await run([
      created,
      added("msg_1"),
      partAdded("msg_1", 0),
      delta("msg_1", 0, "A", [streamed("A", -0.1)]),
      textDone("msg_1", 0, "A", [streamed("A", -0.1)]),
      partAdded("msg_1", 1),
      delta("msg_1", 1, "B", [streamed("B", -0.2)]),
      textDone("msg_1", 1, "B", [streamed("B", -0.2)]),
      itemDone(message("msg_1", [outputText("A"), outputText("B")])),
      completed([]),
    ]);
    expect(textOf(events as never)).toBe("AB");
    expect(textEnds(events)).toEqual([expect.objectContaining({ logprobs: [streamed("A", -0.1), streamed("B", -0.2)] })]);
  });

  it("no entries anywhere (not requested), or malformed ones: no logprobs metadata", async () => {
    const events = await run([
      created,
      added("msg_1"),
      partAdded("msg_1", 0),
      delta("msg_1", 0, "Hi", []),
      delta("msg_1", 0, "!", ["x", 3, null]),
      textDone("msg_1", 0, "Hi!", "bad"),
      itemDone(message("msg_1", [outputText("Hi!", [])])),
      completed([]),
    ]);
    const ends = textEnds(events);
    expect(ends).toHaveLength(1);
    expect(ends[0]?.logprobs).toBeUndefined();
  });
});

describe("Responses logprobs when the stream fails before the item finishes", () => {
  it("a stream cut mid-text still has the streamed logprobs (and annotations) on the TEXT_MESSAGE_END before RUN_ERROR", async () => {
    const annotation = { type: "url_citation", url: "https://example.com", title: "E", start_index: 0, end_index: 3 };
    const events = await run([
      created,
      added("msg_1"),
      partAdded("msg_1", 0),
      delta("msg_1", 0, "Hel", [streamed("Hel", -0.1)]),
      { type: "response.output_text.annotation.added", item_id: "msg_1", output_index: 0, content_index: 0, annotation_index: 0, annotation },
      delta("msg_1", 0, "lo", [streamed("lo", -0.2)]),
    ]);
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
    expect(events.at(-2)?.type).toBe("TEXT_MESSAGE_END");
    expect(textEnds(events)).toEqual([
      expect.objectContaining({ interrupted: true, logprobs: [streamed("Hel", -0.1), streamed("lo", -0.2)], annotations: [annotation] }),
    ]);
  });

  it("a text part whose .done came before the cut: the .done event's entries", async () => {
    const events = await run([
      created,
      added("msg_1"),
      partAdded("msg_1", 0),
      delta("msg_1", 0, "Hi", []),
      textDone("msg_1", 0, "Hi", [streamed("Hi", -0.05)]),
    ]);
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR" });
    expect(textEnds(events)).toEqual([expect.objectContaining({ interrupted: true, logprobs: [streamed("Hi", -0.05)] })]);
  });
});
