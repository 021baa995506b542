import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type Event } from "@agui-bridge/core";
import { describe, expect, it } from "vitest";
import { anthropicReplayFormat } from "../../cli/src/formats/anthropic.js";
import { collect, fromList, readFixture } from "./support/replay.js";

const options = { threadId: "t", runId: "r", generateId: createSequentialIds("id") };

describe("CLI format --from anthropic", () => {
  it("fromSse parses the raw body with the Anthropic SDK", async () => {
    expect(anthropicReplayFormat.id).toBe("anthropic");
    const events: Event[] = await collect(anthropicReplayFormat.fromSse(readFixture("server-tool-citations.sse"), options));
    await assertConformant(events);
    expect(events[events.length - 1]).toMatchObject({ type: "RUN_FINISHED" });
    expect(events.some((event) => event.type === "TOOL_CALL_RESULT")).toBe(true);
  });

  it("fromSse turns an error frame into RUN_ERROR", async () => {
    const events = await collect(anthropicReplayFormat.fromSse(readFixture("error-mid-stream.sse"), options));
    expect(events[events.length - 1]).toMatchObject({ type: "RUN_ERROR", code: "overloaded_error" });
  });

  it("fromChunks maps SDK event objects (and fails on an unparseable line)", async () => {
    const ok = await collect(
      anthropicReplayFormat.fromChunks(
        fromList([
          { type: "message_start", message: { id: "m", model: "x", content: [], usage: { input_tokens: 1, output_tokens: 1 } } },
          { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 2 } },
          { type: "message_stop" },
        ]),
        options,
      ),
    );
    expect(ok[ok.length - 1]).toMatchObject({ type: "RUN_FINISHED" });
    const bad = await collect(anthropicReplayFormat.fromChunks(fromList(["{not json"]), options));
    expect(bad[bad.length - 1]).toMatchObject({ type: "RUN_ERROR" });
  });
});
