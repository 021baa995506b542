/**
 * What `message_delta` carries beside the stop reason and the token counts: `usage.server_tool_use`
 * (server tool requests, billed per request; the web search docs' streaming example reports
 * `{ "web_search_requests": 1 }`), `usage.cache_creation` (the cache writes split by lifetime,
 * `ephemeral_5m_input_tokens` / `ephemeral_1h_input_tokens`, priced differently) and
 * `context_management` (context editing's `applied_edits`); and `usage.inference_geo`, where inference
 * ran (Data residency, https://platform.claude.com/docs/en/manage-claude/data-residency: the
 * request's `inference_geo` is `global` or `us`, and `response.usage.inference_geo` tells where it
 * actually ran; recorded message_start usage carries `"global"` or `"not_available"`).
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamMessages } from "../src/index.js";
import { bridge, collect, fromList } from "./support/replay.js";

type Rec = Record<string, unknown>;

function message(id: string, deltaUsage: Rec, extra: Rec = {}, stopped = true, startUsage: Rec = {}): unknown[] {
  return [
    { type: "message_start", message: { id, type: "message", role: "assistant", model: "claude-sonnet-4-5", content: [], stop_reason: null, usage: { input_tokens: 10, output_tokens: 1, ...startUsage } } },
    { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
    { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Found it." } },
    { type: "content_block_stop", index: 0 },
    { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 9, ...deltaUsage }, ...extra },
    ...(stopped ? [{ type: "message_stop" }] : []),
  ];
}

async function terminal(chunks: unknown[]): Promise<Event & Rec> {
  const events: Event[] = await collect(streamMessages(fromList(chunks), { threadId: "t", runId: "r", generateId: createSequentialIds("id") }));
  await assertConformant(events);
  return events[events.length - 1] as Event & Rec;
}

describe("message_delta details", () => {
  it("server tool request counts reach the terminal event as serverToolUse, summed over the stream's messages", async () => {
    const last = await terminal([
      ...message("msg_1", { server_tool_use: { web_search_requests: 1, web_fetch_requests: 0 } }),
      ...message("msg_2", { server_tool_use: { web_search_requests: 2, web_fetch_requests: 1, "bad key": 3, code: -1 } }),
    ]);
    expect(last.type).toBe("RUN_FINISHED");
    expect(bridge(last).serverToolUse).toEqual({ web_search_requests: 3, web_fetch_requests: 1 });
  });

  it("the counts land on a RUN_ERROR too (a stream cut after the message_delta)", async () => {
    const last = await terminal(message("msg_1", { server_tool_use: { web_search_requests: 4 } }, {}, false));
    expect(last).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
    expect(bridge(last).serverToolUse).toEqual({ web_search_requests: 4 });
  });

  it("no request made: no serverToolUse", async () => {
    const last = await terminal(message("msg_1", { server_tool_use: { web_search_requests: 0 } }));
    expect(bridge(last)).not.toHaveProperty("serverToolUse");
  });

  it("cache writes split by lifetime reach the terminal event as cacheCreation, summed over the stream's messages", async () => {
    // message_start reports the split; a message_delta that repeats it replaces it (usage is cumulative).
    const last = await terminal([
      ...message(
        "msg_1",
        { cache_creation_input_tokens: 30, cache_creation: { ephemeral_5m_input_tokens: 10, ephemeral_1h_input_tokens: 20 } },
        {},
        true,
        { cache_creation_input_tokens: 12, cache_creation: { ephemeral_5m_input_tokens: 12, ephemeral_1h_input_tokens: 0 } },
      ),
      // Only message_start reports it: it stands.
      ...message("msg_2", {}, {}, true, { cache_creation_input_tokens: 7, cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 7 } }),
    ]);
    expect(last.type).toBe("RUN_FINISHED");
    expect(bridge(last).cacheCreation).toEqual({ ephemeral_5m_input_tokens: 10, ephemeral_1h_input_tokens: 27 });
    expect((last.usage as Rec[])[0]).toMatchObject({ cacheWriteInputTokens: 37 });
  });

  it("a split the message's final cache writes outgrew (a server tool loop's later samplings) is left out", async () => {
    const last = await terminal([
      ...message("msg_1", { cache_creation_input_tokens: 50 }, {}, true, { cache_creation_input_tokens: 12, cache_creation: { ephemeral_5m_input_tokens: 12, ephemeral_1h_input_tokens: 0 } }),
      ...message("msg_2", {}, {}, true, { cache_creation_input_tokens: 7, cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 7 } }),
    ]);
    expect(bridge(last).cacheCreation).toEqual({ ephemeral_1h_input_tokens: 7 });
    expect((last.usage as Rec[])[0]).toMatchObject({ cacheWriteInputTokens: 57 });
  });

  it("no cache write: no cacheCreation", async () => {
    const last = await terminal(message("msg_1", {}, {}, true, { cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 } }));
    expect(bridge(last)).not.toHaveProperty("cacheCreation");
  });

  it("context_management is kept in finishDetails", async () => {
    const applied = { applied_edits: [{ type: "clear_tool_uses_20250919", cleared_tool_uses: 2, cleared_input_tokens: 5000 }] };
    const last = await terminal(message("msg_1", {}, { context_management: applied }));
    expect(bridge(last).finishDetails).toEqual({ contextManagement: applied });
  });

  it("cache diagnostics of message_start (diagnostics.cache_miss_reason) reach finishDetails as diagnostics", async () => {
    // Cache diagnostics (https://platform.claude.com/docs/en/build-with-claude/cache-diagnostics):
    // the response says where the request diverged from the one named by diagnostics.previous_message_id.
    const withDiagnostics = (diagnostics: unknown): unknown[] => {
      const chunks = message("msg_1", {});
      const start = chunks[0] as { message: Rec };
      return [{ ...start, message: { ...start.message, diagnostics } }, ...chunks.slice(1)];
    };
    const changed = { cache_miss_reason: { type: "tools_changed", cache_missed_input_tokens: 1200 } };
    expect(bridge(await terminal(withDiagnostics(changed))).finishDetails).toEqual({ diagnostics: changed });
    // Still running when the response was serialized: kept as sent (inconclusive).
    expect(bridge(await terminal(withDiagnostics({ cache_miss_reason: null }))).finishDetails).toEqual({ diagnostics: { cache_miss_reason: null } });
    for (const absent of [null, "tools_changed", 3]) expect(bridge(await terminal(withDiagnostics(absent)))).not.toHaveProperty("finishDetails");
  });

  it("cache diagnostics reach a RUN_ERROR that ends the message before it finishes (a cut, an error event)", async () => {
    const changed = { cache_miss_reason: { type: "system_changed", cache_missed_input_tokens: 800 } };
    const started = (message("msg_1", {}).slice(0, 3) as Rec[]).map((chunk, n) =>
      n === 0 ? { ...chunk, message: { ...(chunk.message as Rec), diagnostics: changed } } : chunk,
    );
    const cut = await terminal(started);
    expect(cut).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
    expect(bridge(cut).finishDetails).toEqual({ diagnostics: changed });
    const overloaded = await terminal([...started, { type: "error", error: { type: "overloaded_error", message: "Overloaded" } }]);
    expect(overloaded).toMatchObject({ type: "RUN_ERROR" });
    expect(bridge(overloaded).finishDetails).toEqual({ diagnostics: changed });
    // Without diagnostics, a RUN_ERROR has no finish details.
    expect(bridge(await terminal(message("msg_1", {}).slice(0, 3)))).not.toHaveProperty("finishDetails");
  });

  it("a message that arrives whole keeps the context_management of its message_start", async () => {
    const applied = { applied_edits: [{ type: "clear_thinking_20251015", cleared_thinking_turns: 1, cleared_input_tokens: 800 }] };
    const whole = { id: "msg_1", type: "message", role: "assistant", model: "claude-sonnet-4-5", content: [{ type: "text", text: "Done." }], stop_reason: "end_turn", context_management: applied, usage: { input_tokens: 10, output_tokens: 2 } };
    const last = await terminal([{ type: "message_start", message: whole }, { type: "message_stop" }]);
    expect(bridge(last).finishDetails).toEqual({ contextManagement: applied });
  });

  it("usage.inference_geo reaches finishDetails as inferenceGeo, as message_start reported it", async () => {
    const last = await terminal(message("msg_1", {}, {}, true, { service_tier: "standard", inference_geo: "us" }));
    expect(bridge(last).finishDetails).toEqual({ serviceTier: "standard", inferenceGeo: "us" });
  });

  it("inferenceGeo: a later message_delta value replaces it, a null one keeps it, the last message's counts", async () => {
    expect(bridge(await terminal(message("msg_1", { inference_geo: "global" }, {}, true, { inference_geo: "us" }))).finishDetails).toEqual({ inferenceGeo: "global" });
    expect(bridge(await terminal(message("msg_1", { inference_geo: null }, {}, true, { inference_geo: "us" }))).finishDetails).toEqual({ inferenceGeo: "us" });
    const two = await terminal([...message("msg_1", {}, {}, true, { inference_geo: "us" }), ...message("msg_2", {}, {}, true, { inference_geo: "not_available" })]);
    expect(bridge(two).finishDetails).toEqual({ inferenceGeo: "not_available" });
  });

  it("inferenceGeo is narrowed: anything but a non-empty string is left out", async () => {
    for (const value of ["", 7, { region: "us" }, ["us"], true]) {
      const last = await terminal(message("msg_1", {}, {}, true, { inference_geo: value }));
      expect(last.type).toBe("RUN_FINISHED");
      expect(bridge(last)).not.toHaveProperty("finishDetails.inferenceGeo");
    }
  });
});
