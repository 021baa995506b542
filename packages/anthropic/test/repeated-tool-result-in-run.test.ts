/**
 * A `*_tool_result` block whose `tool_use_id` names a call this run already answered (the same
 * message sending the result twice, or the next message of the stream repeating it, as a recorded
 * web_fetch error turn does across responses). AG-UI's TOOL_CALL_RESULT is "the call being
 * answered" and the request side keeps one result per call (`request.duplicate-tool-result`), so
 * the first result stays the call's result and a repeat is never a second TOOL_CALL_RESULT: it is
 * warned (`stream.repeated-tool-result`), a differing one carried whole in the warning's details
 * (and as RAW with `emitRawEvents`).
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type BridgeWarning, type Event, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamMessages, streamMessagesFromResponse, toMessagesRequest } from "../src/index.js";
import { apiViolations } from "./support/api-rules.js";
import { collect, sdkEvents } from "./support/replay.js";

type Rec = Record<string, unknown>;
const SRV = "srvtoolu_01Search";
const hits = (title: string): Rec[] => [{ type: "web_search_result", url: `https://example.com/${title}`, title, encrypted_content: "enc", page_age: null }];
const result = (content: unknown, index: number): Rec[] => [
  { type: "content_block_start", index, content_block: { type: "web_search_tool_result", tool_use_id: SRV, content } },
  { type: "content_block_stop", index },
];
const messageStart = (id: string): Rec => ({
  type: "message_start",
  message: { id, type: "message", role: "assistant", model: "claude-sonnet-4-5", content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 40, output_tokens: 1 } },
});
const finish = (reason: string): Rec[] => [{ type: "message_delta", delta: { stop_reason: reason, stop_sequence: null }, usage: { output_tokens: 9 } }, { type: "message_stop" }];
const call: Rec[] = [
  { type: "content_block_start", index: 0, content_block: { type: "server_tool_use", id: SRV, name: "web_search", input: {} } },
  { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: '{"query":"paris"}' } },
  { type: "content_block_stop", index: 0 },
];
const text = (index: number, value: string): Rec[] => [
  { type: "content_block_start", index, content_block: { type: "text", text: "" } },
  { type: "content_block_delta", index, delta: { type: "text_delta", text: value } },
  { type: "content_block_stop", index },
];

/** The same message answers the call twice. */
const sameMessage = (second: unknown): Rec[] => [messageStart("msg_1"), ...call, ...result(hits("a"), 1), ...result(second, 2), ...text(3, "Paris."), ...finish("end_turn")];
/** The next message of the stream (a continuation) starts with the result again. */
const nextMessage = (second: unknown): Rec[] => [
  messageStart("msg_1"),
  ...call,
  ...result(hits("a"), 1),
  ...finish("pause_turn"),
  messageStart("msg_2"),
  ...result(second, 0),
  ...text(1, "Paris."),
  ...finish("end_turn"),
];

const sse = (chunks: readonly Rec[]): string => chunks.map((c) => `event: ${String(c.type)}\ndata: ${JSON.stringify(c)}\n\n`).join("");

async function both(chunks: readonly Rec[], emitRawEvents = false): Promise<Array<{ path: string; events: Event[]; warnings: BridgeWarning[] }>> {
  const out = [];
  for (const path of ["sdk", "raw"] as const) {
    const warnings: BridgeWarning[] = [];
    const options = { generateId: createSequentialIds("id"), threadId: "t", runId: "r", emitRawEvents, onWarning: (w: BridgeWarning) => warnings.push(w) };
    const body = sse(chunks);
    const events = await collect(path === "sdk" ? streamMessages(sdkEvents(body), options) : streamMessagesFromResponse(new Response(body), options));
    out.push({ path, events, warnings });
  }
  return out;
}

const results = (events: readonly Event[]) => events.filter((e) => e.type === "TOOL_CALL_RESULT") as unknown as Rec[];
const repeats = (warnings: readonly BridgeWarning[]) => warnings.filter((w) => w.code === "stream.repeated-tool-result");

describe("a *_tool_result repeated for a call this run already answered", () => {
  for (const [shape, build] of [
    ["in the same message", sameMessage],
    ["in the next message of the stream", nextMessage],
  ] as const) {
    it(`${shape}, identical: one TOOL_CALL_RESULT, the repeat folded with a warning (SDK and raw path)`, async () => {
      for (const { path, events, warnings } of await both(build(hits("a")))) {
        const messages = (await assertConformant(events)) as Message[];
        expect(results(events), path).toHaveLength(1);
        expect(JSON.parse(String(results(events)[0]?.content))).toEqual(hits("a"));
        expect(repeats(warnings).map((w) => w.details), path).toEqual([{ type: "web_search_tool_result", toolCallId: SRV, identical: true }]);
        expect(events.at(-1)?.type, path).toBe("RUN_FINISHED");
        // The thread replays: one result for the call, nothing dropped by the request side.
        const requestWarnings: string[] = [];
        const { params } = toMessagesRequest(
          { messages: [{ id: "u0", role: "user", content: "Search" }, ...messages, { id: "u1", role: "user", content: "ok" }] },
          { onWarning: (w) => requestWarnings.push(w.code) },
        );
        expect(apiViolations(params), path).toEqual([]);
        expect(requestWarnings, path).not.toContain("request.duplicate-tool-result");
      }
    });

    it(`${shape}, different: the first stays the result, the repeat is carried whole in the warning and as RAW`, async () => {
      const other = { type: "web_search_tool_result_error", error_code: "unavailable" };
      for (const { path, events, warnings } of await both(build(other), true)) {
        await assertConformant(events);
        expect(results(events), path).toHaveLength(1);
        expect(JSON.parse(String(results(events)[0]?.content))).toEqual(hits("a"));
        const block = { type: "web_search_tool_result", tool_use_id: SRV, content: other };
        expect(repeats(warnings).map((w) => w.details), path).toEqual([{ type: "web_search_tool_result", toolCallId: SRV, identical: false, block }]);
        expect(events.filter((e) => e.type === "RAW").map((e) => (e as unknown as Rec).event), path).toContainEqual(block);
        expect(events.at(-1)?.type, path).toBe("RUN_FINISHED");
      }
    });
  }
});
