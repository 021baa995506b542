import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type Event } from "@agui-bridge/core/adapter";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { REPLAY_FORMATS } from "../src/index.js";

const fixtures = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "test-fixtures");
const options = { threadId: "t", runId: "r", generateId: createSequentialIds("id") };

async function collect(events: AsyncIterable<Event>): Promise<Event[]> {
  const out: Event[] = [];
  for await (const event of events) out.push(event);
  return out;
}

async function* fromList<T>(items: readonly T[]): AsyncGenerator<T> {
  yield* items;
}

const format = (id: string) => {
  const found = REPLAY_FORMATS.find((f) => f.id === id);
  if (found === undefined) throw new Error(`format ${id} is not registered`);
  return found;
};

describe("registered replay formats", () => {
  it("are the four stream formats", () => {
    expect(REPLAY_FORMATS.map((f) => f.id).sort()).toEqual(["anthropic", "google", "openai-chat", "openai-responses"]);
  });

  for (const [id, fixture, last, code] of [
    ["anthropic", "anthropic/server-tool-citations.sse", "RUN_FINISHED", undefined],
    ["anthropic", "anthropic/error-mid-stream.sse", "RUN_ERROR", "overloaded_error"],
    ["openai-responses", "openai-responses/response-failed.sse", "RUN_ERROR", undefined],
    ["openai-chat", "openai-chat/parallel-tool-calls.sse", "RUN_FINISHED", undefined],
    ["google", "google/thoughts-signatures.sse", "RUN_FINISHED", undefined],
    ["google", "google/blocked-prompt.sse", "RUN_ERROR", undefined],
  ] as const) {
    it(`${id}: fromSse parses ${fixture} with the SDK into a run ending in ${last}`, async () => {
      const events = await collect(format(id).fromSse(readFileSync(join(fixtures, fixture)), options));
      await assertConformant(events);
      expect(events.at(-1)).toMatchObject({ type: last, ...(code !== undefined && { code }) });
    });
  }

  it("anthropic: fromChunks maps SDK event objects, and an unparseable line ends in RUN_ERROR", async () => {
    const anthropic = format("anthropic");
    const ok = await collect(
      anthropic.fromChunks(
        fromList([
          { type: "message_start", message: { id: "m", model: "x", content: [], usage: { input_tokens: 1, output_tokens: 1 } } },
          { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 2 } },
          { type: "message_stop" },
        ]),
        options,
      ),
    );
    expect(ok.at(-1)).toMatchObject({ type: "RUN_FINISHED" });
    const bad = await collect(anthropic.fromChunks(fromList(["{not json"]), options));
    expect(bad.at(-1)).toMatchObject({ type: "RUN_ERROR" });
  });
});
