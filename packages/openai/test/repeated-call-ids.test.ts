import { assertConformant } from "@agui-bridge/conformance";
import { applyEvents, type Event, type Message, type RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamChatCompletions, streamResponses } from "../src/index.js";

/**
 * Servers that number their tool calls (Kimi's `functions.get_weather:0`, llama.cpp, some
 * gateways) send the same id again in the next turn. A call whose id the conversation already
 * holds gets a fresh one: otherwise a client folds the new call into the old (its arguments
 * appended to the old call's) and drops the application's new result as a duplicate.
 */
const REPEATED = "functions.get_weather:0";

const history: Message[] = [
  { id: "u1", role: "user", content: "Weather in Paris?" },
  { id: "a1", role: "assistant", toolCalls: [{ id: REPEATED, type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }] },
  { id: "t1", role: "tool", toolCallId: REPEATED, content: "18°C" },
  { id: "u2", role: "user", content: "And Tokyo?" },
];
const input: RunAgentInput = { threadId: "th", runId: "r2", state: {}, messages: history, tools: [], context: [], forwardedProps: {} };

async function* of<T>(items: T[]): AsyncGenerator<T> {
  yield* items;
}

async function collect(events: AsyncIterable<Event>): Promise<Event[]> {
  const out: Event[] = [];
  for await (const event of events) out.push(event);
  return out;
}

async function expectSeparateCalls(events: Event[]): Promise<void> {
  const start = events.find((e) => e.type === "TOOL_CALL_START") as { toolCallId: string } | undefined;
  expect(start).toBeDefined();
  expect(start?.toolCallId).not.toBe(REPEATED);
  // Our fold, and @ag-ui/client's defaultApplyEvents (through the conformance kit), from the history.
  const folded = await assertConformant(events, { initialMessages: history });
  for (const messages of [applyEvents(history, events), folded]) {
    const calls = messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []));
    expect(calls.map((c) => c.function.arguments)).toEqual(['{"city":"Paris"}', '{"city":"Tokyo"}']);
    expect(new Set(calls.map((c) => c.id)).size).toBe(2);
  }
}

describe("a provider repeating a tool call id of the conversation", () => {
  it("Chat: the new call gets a fresh id, with a warning, and both calls survive the fold", async () => {
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
      id: "c2",
      object: "chat.completion.chunk",
      created: 1,
      model: "kimi-k2",
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    const warnings: string[] = [];
    const events = await collect(
      streamChatCompletions(
        of([
          chunk({ role: "assistant", tool_calls: [{ index: 0, id: REPEATED, type: "function", function: { name: "get_weather", arguments: "" } }] }),
          chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":"Tokyo"}' } }] }),
          chunk({}, "tool_calls"),
        ]),
        { input, onWarning: (w) => warnings.push(w.code) },
      ),
    );
    await expectSeparateCalls(events);
    expect(warnings).toContain("stream.duplicate-tool-call-id");
  });

  it("Responses: the same for a call_id the conversation holds", async () => {
    const item = { type: "function_call", id: "fc_2", call_id: REPEATED, name: "get_weather", arguments: "", status: "in_progress" };
    const done = { ...item, arguments: '{"city":"Tokyo"}', status: "completed" };
    const response = { id: "resp_2", object: "response", model: "gpt-5-mini", status: "in_progress", output: [] };
    const events = await collect(
      streamResponses(
        of([
          { type: "response.created", sequence_number: 0, response },
          { type: "response.output_item.added", sequence_number: 1, output_index: 0, item },
          { type: "response.function_call_arguments.delta", sequence_number: 2, output_index: 0, item_id: "fc_2", delta: '{"city":"Tokyo"}' },
          { type: "response.output_item.done", sequence_number: 3, output_index: 0, item: done },
          { type: "response.completed", sequence_number: 4, response: { ...response, status: "completed", output: [done] } },
        ]),
        { input },
      ),
    );
    await expectSeparateCalls(events);
  });
});
