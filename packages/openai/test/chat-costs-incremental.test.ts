/**
 * The Chat mapper's terminal `costs` are kept incrementally: a stream of many billed calls (a
 * gateway concatenating completions, usage with `cost` on every chunk) does not copy the whole
 * list on every usage report. The terminal metadata holds one list, whose entries are replaced in
 * place, and the terminal event carries one entry per call, each call's latest report.
 */
import { createSequentialIds, readBridgeMetadata, RunBuilder, type BridgeMetadata, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { createChatCompletionsMapper } from "../src/index.js";

const CALLS = 200;

describe("Chat costs over many calls", () => {
  it("one list for the terminal metadata, never a copy per report, with each call's latest cost", () => {
    const run = new RunBuilder({ threadId: "t", runId: "r", provider: "openrouter", generateId: createSequentialIds("id") });
    run.start();
    const lists = new Set<unknown>();
    const set = run.setTerminalMetadata.bind(run);
    run.setTerminalMetadata = (fields: BridgeMetadata) => {
      if ("costs" in fields) lists.add(fields.costs);
      set(fields);
    };
    const mapper = createChatCompletionsMapper(run, { provider: "openrouter" });
    const events: Event[] = [];
    for (let i = 0; i < CALLS; i++) {
      const base = { id: `gen-${i}`, object: "chat.completion.chunk", model: "m" };
      const usage = (out: number, cost: number) => ({ prompt_tokens: 3, completion_tokens: out, total_tokens: 3 + out, cost });
      mapper.chunk({ ...base, choices: [{ index: 0, delta: { content: "x" }, finish_reason: null }], usage: usage(1, i) });
      mapper.chunk({ ...base, choices: [{ index: 0, delta: {}, finish_reason: "stop" }], usage: usage(2, i + 0.5) });
      events.push(...run.drain());
    }
    mapper.end();
    events.push(...run.drain());
    expect(lists.size).toBe(1);
    const terminal = events[events.length - 1] as { type: string; metadata?: unknown };
    expect(terminal.type).toBe("RUN_FINISHED");
    const costs = readBridgeMetadata(terminal.metadata)?.costs as Array<{ callId: string; cost: number }>;
    expect(costs).toHaveLength(CALLS);
    expect(costs.map((c) => [c.callId, c.cost])).toEqual(Array.from({ length: CALLS }, (_, i) => [`gen-${i}`, i + 0.5]));
  });
});
