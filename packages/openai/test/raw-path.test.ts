import { checkEvents } from "@agui-bridge/conformance";
import { createSequentialIds, type Event } from "@agui-bridge/core/adapter";
import { expectSameOutput, framedRecording, listSharedStreams, sharedStreamsDir, sharedSuiteTitle, sseFixtures } from "@agui-bridge/test-support";
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  streamChatCompletions,
  streamChatCompletionsFromResponse,
  streamResponses,
  streamResponsesFromResponse,
} from "../src/index.js";
import { collect, last } from "./support/collect.js";
import { errorFrameOf } from "./support/raw-chat-streams.js";
import { sdkChatChunks, sdkResponseEvents } from "./support/sdk-replay.js";

type Format = "openai-chat" | "openai-responses";
const encoder = new TextEncoder();
const ids = () => ({ generateId: createSequentialIds("id"), threadId: "thread-1", runId: "run-1" });
const equal = (actual: unknown, expected: unknown): void => expect(actual).toEqual(expected);

/** Whether any chunk of a Chat recording finishes a choice. */
function hasFinishReason(file: string): boolean {
  return readFileSync(file, "utf8")
    .split("\n")
    .some((line) => /"finish_reason":\s*"[^"]/.test(line));
}

/** The framed bytes without their final `data: [DONE]` frame. */
function withoutDone(bytes: Uint8Array): Uint8Array {
  const text = new TextDecoder().decode(bytes);
  const done = "data: [DONE]\n\n";
  return encoder.encode(text.endsWith(done) ? text.slice(0, -done.length) : text);
}

function same(format: Format, bytes: Uint8Array): Promise<Event[]> {
  return format === "openai-chat"
    ? expectSameOutput(bytes, (b) => streamChatCompletions(sdkChatChunks(b), ids()), (body) => streamChatCompletionsFromResponse(body, ids()), equal)
    : expectSameOutput(bytes, (b) => streamResponses(sdkResponseEvents(b), ids()), (body) => streamResponsesFromResponse(body, ids()), equal);
}

for (const format of ["openai-chat", "openai-responses"] as const) {
  describe(`raw-bytes path = SDK path: ${format} fixtures`, () => {
    it.each(sseFixtures(format))("%s", async (_name, bytes) => {
      await same(format, bytes);
    });
  });
  describe(`${sharedSuiteTitle(format)}: raw path = SDK path`, () => {
    it.each(listSharedStreams(format).map((file) => [basename(file), file]))("%s", async (_name, file) => {
      const bytes = framedRecording(format, file);
      // A Chat recording without any finish_reason: the SDK path cannot see the `[DONE]` the
      // framing appends, which completes such a stream on the raw path (see "Chat [DONE] on the
      // raw path" below), so the two are compared on the bytes without it.
      await same(format, format === "openai-chat" && !hasFinishReason(file) ? withoutDone(bytes) : bytes);
    });
  });
}

describe("raw recorded Chat bodies from OpenAI-compatible servers: raw path = SDK path", () => {
  const dir = sharedStreamsDir();
  const files = dir === undefined ? [] : readdirSync(join(dir, "raw", "openai-chat")).filter((name) => name.endsWith(".sse"));
  it.each(files)("%s", async (name) => {
    const bytes = new Uint8Array(readFileSync(join(dir as string, "raw", "openai-chat", name)));
    const events = await same("openai-chat", bytes);
    // A recording with an error frame fails the run on both paths (see errorFrameOf).
    expect(last(events).type).toBe(errorFrameOf(bytes) === undefined ? "RUN_FINISHED" : "RUN_ERROR");
  });
});

describe("Chat [DONE] on the raw path", () => {
  const chunk = (delta: Record<string, unknown>, finish: string | null = null): string =>
    `data: ${JSON.stringify({ id: "c1", model: "m", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  const raw = async (text: string): Promise<Event[]> => {
    const events = await collect(streamChatCompletionsFromResponse(new Response(text), ids()));
    expect((await checkEvents(events)).issues).toEqual([]);
    return events;
  };

  it("reached [DONE] with complete content but no finish_reason: complete", async () => {
    const events = await raw(chunk({ role: "assistant", content: "Hi" }) + chunk({ content: " there" }) + "data: [DONE]\n\n");
    expect(last(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    // The SDK path cannot see [DONE]: the same bytes are truncated there.
    const sdk = await collect(streamChatCompletions(sdkChatChunks(encoder.encode(chunk({ content: "Hi" }) + "data: [DONE]\n\n")), ids()));
    expect(last(sdk)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
  });

  it("a bare final [DONE] without its blank line still counts", async () => {
    expect(last(await raw(chunk({ content: "Hi" }) + "data: [DONE]"))).toMatchObject({ type: "RUN_FINISHED" });
  });

  it("cut without [DONE] (and no finish_reason): stream_truncated", async () => {
    expect(last(await raw(chunk({ role: "assistant", content: "Hi" })))).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
  });

  it("cut inside a frame: stream_truncated, the frames before it mapped", async () => {
    const text = chunk({ role: "assistant", content: "Hi" }) + chunk({ content: "!" }, "stop");
    const events = await raw(text.slice(0, text.length - 20));
    expect(events.filter((e) => e.type === "TEXT_MESSAGE_CONTENT").map((e) => (e as { delta: string }).delta)).toEqual(["Hi"]);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
  });

  it("nothing after [DONE] is read", async () => {
    const events = await raw(chunk({ content: "Hi" }, "stop") + "data: [DONE]\n\n" + chunk({ content: "late" }));
    expect(events.some((e) => e.type === "TEXT_MESSAGE_CONTENT" && (e as { delta: string }).delta === "late")).toBe(false);
    expect(last(events).type).toBe("RUN_FINISHED");
  });
});
