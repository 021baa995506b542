/**
 * A stream of many messages (a proxy concatenating them, a long agent loop) keeps its usage memory
 * bounded: a message's usage is settled in the run's ledger once another message starts, so the
 * ledger holds one sum per (provider, model) plus the latest message, and the terminal usage is
 * the same sum as ever.
 */
import { createSequentialIds, RunBuilder, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { createMessagesMapper } from "../src/index.js";

type Rec = Record<string, unknown>;
const MESSAGES = 1000;

function message(id: string, model: string, startUsage: Rec, deltaUsage: Rec): Rec[] {
  return [
    { type: "message_start", message: { id, type: "message", role: "assistant", model, content: [], stop_reason: null, usage: startUsage } },
    { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
    { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "x" } },
    { type: "content_block_stop", index: 0 },
    { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: deltaUsage },
    { type: "message_stop" },
  ];
}

/** Feeds the chunks, draining events as a consumer would; the most calls the ledger held at once and the last event. */
function drive(chunks: Iterable<Rec>): { maxRetained: number; terminal: Event | undefined } {
  const run = new RunBuilder({ threadId: "t", runId: "r", provider: "anthropic", generateId: createSequentialIds("id") });
  run.start();
  const mapper = createMessagesMapper(run);
  let maxRetained = 0;
  let terminal: Event | undefined;
  for (const chunk of chunks) {
    mapper.chunk(chunk);
    maxRetained = Math.max(maxRetained, run.usage.retainedCalls);
    for (const event of run.drain()) terminal = event;
  }
  mapper.end();
  for (const event of run.drain()) terminal = event;
  return { maxRetained, terminal };
}

const iteration = (type: string, input: number, output: number, model?: string): Rec => ({
  type,
  ...(model !== undefined && { model }),
  input_tokens: input,
  output_tokens: output,
  cache_read_input_tokens: 0,
  cache_creation_input_tokens: 0,
});

describe("a message's usage is settled once the next message starts", () => {
  it(`holds at most two messages of ${MESSAGES}, and RUN_FINISHED sums them all`, () => {
    function* chunks(): Generator<Rec> {
      for (let i = 0; i < MESSAGES; i++) {
        const model = i % 2 === 0 ? "claude-a" : "claude-b";
        // The start's input count stands; the delta's output count replaces the start's.
        yield* message(`msg_${i}`, model, { input_tokens: 10 + (i % 3), output_tokens: 1 }, { output_tokens: 5 });
      }
    }
    const { maxRetained, terminal } = drive(chunks());
    expect(maxRetained).toBeLessThanOrEqual(2);
    let inputA = 0;
    let inputB = 0;
    for (let i = 0; i < MESSAGES; i++) {
      if (i % 2 === 0) inputA += 10 + (i % 3);
      else inputB += 10 + (i % 3);
    }
    expect(terminal).toMatchObject({
      type: "RUN_FINISHED",
      usage: [
        { provider: "anthropic", model: "claude-a", inputTokens: inputA, outputTokens: 2500, totalTokens: inputA + 2500 },
        { provider: "anthropic", model: "claude-b", inputTokens: inputB, outputTokens: 2500, totalTokens: inputB + 2500 },
      ],
    });
  });

  it("settles every entry of a message, an advisor's included (usage.iterations)", () => {
    const chunks: Rec[] = [];
    for (let i = 0; i < 100; i++) {
      chunks.push(
        ...message(`msg_${i}`, "claude-a", { input_tokens: 10, output_tokens: 1 }, {
          input_tokens: 10,
          output_tokens: 5,
          iterations: [iteration("message", 10, 5), iteration("advisor_message", 7, 3, "claude-advisor")],
        }),
      );
    }
    const { maxRetained, terminal } = drive(chunks);
    expect(maxRetained).toBeLessThanOrEqual(4);
    expect(terminal).toMatchObject({
      type: "RUN_FINISHED",
      usage: [
        { model: "claude-a", inputTokens: 1000, outputTokens: 500 },
        { model: "claude-advisor", inputTokens: 700, outputTokens: 300 },
      ],
    });
  });

  it("a message restarted under its id after its message_stop still replaces its usage", () => {
    const chunks = [
      ...message("msg_1", "claude-a", { input_tokens: 10, output_tokens: 1 }, { output_tokens: 5 }),
      // Again (a proxy's retry), with no block of its own: its text would clash with the first's id.
      ...message("msg_1", "claude-a", { input_tokens: 10, output_tokens: 1 }, { output_tokens: 7 }).filter((chunk) => String(chunk.type).startsWith("message_")),
    ];
    const { terminal } = drive(chunks);
    expect(terminal).toMatchObject({ type: "RUN_FINISHED", usage: [{ model: "claude-a", inputTokens: 10, outputTokens: 7 }] });
  });
});
