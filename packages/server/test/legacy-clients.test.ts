import { HttpAgent as LegacyHttpAgent } from "@ag-ui/client-0.0.59";
import { HttpAgent } from "@ag-ui/client";
import { assertConformant } from "@agui-bridge/conformance";
import { EventType, type Event, type Provider, type RunAgentInput } from "@agui-bridge/core/adapter";
import { afterEach, describe, expect, it } from "vitest";
import { downlevelEvent, shouldDownlevel } from "../src/index.js";
import { EVERY_EVENT } from "./every-event.js";
import { serveWith, type Running } from "./support.js";

let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** A run that leaves a frontend tool pending, with usage carrying a 1.0-only count. */
function frontendToolProvider(): Provider & { inputs: RunAgentInput[] } {
  const inputs: RunAgentInput[] = [];
  return {
    id: "fake",
    inputs,
    async *stream(input) {
      inputs.push(input);
      const base = { threadId: input.threadId, runId: input.runId };
      yield { type: EventType.RUN_STARTED, ...base, protocolVersion: "1.0", input } as Event;
      yield { type: EventType.TEXT_MESSAGE_START, messageId: "m1", role: "assistant" } as Event;
      yield { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "m1", delta: "Checking." } as Event;
      yield { type: EventType.TEXT_MESSAGE_END, messageId: "m1" } as Event;
      yield { type: EventType.TOOL_CALL_START, toolCallId: "call_1", toolCallName: "get_weather", parentMessageId: "m1" } as Event;
      yield { type: EventType.TOOL_CALL_ARGS, toolCallId: "call_1", delta: '{"city":"Paris"}' } as Event;
      yield { type: EventType.TOOL_CALL_END, toolCallId: "call_1" } as Event;
      yield {
        type: EventType.RUN_FINISHED,
        ...base,
        outcome: { type: "success", pendingToolCallIds: ["call_1"] },
        usage: [{ provider: "anthropic", model: "m", inputTokens: 10, outputTokens: 5, totalTokens: 15, cacheWriteInputTokens: 2 }],
      } as Event;
    },
  };
}

const tools = [{ name: "get_weather", description: "Weather for a city", parameters: { type: "object", properties: { city: { type: "string" } } } }];
const user = { id: "u1", role: "user" as const, content: "Weather in Paris?" };

describe("clients before AG-UI 1.0", () => {
  it("@ag-ui/client 0.0.59 (what CopilotKit 1.75 uses) runs a frontend tool: the events are down-levelled", async () => {
    const agent = frontendToolProvider();
    running = await serveWith("express", { agent });
    const client = new LegacyHttpAgent({ url: running.url, threadId: "t1", initialMessages: [user] });
    const seen: Array<{ type: string; [key: string]: unknown }> = [];
    const errors: unknown[] = [];
    await client
      .runAgent({ runId: "r1", tools }, { onEvent: ({ event }) => void seen.push(event as never), onRunErrorEvent: (e) => void errors.push(e) })
      .catch((error: unknown) => errors.push(error));
    expect(errors).toEqual([]);
    expect(agent.inputs[0]?.protocolVersion).toBeUndefined();
    expect(client.messages.at(-1)).toMatchObject({
      role: "assistant",
      content: "Checking.",
      toolCalls: [{ id: "call_1", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }],
    });
    const finished = seen.at(-1) as { type: string; outcome?: unknown; metadata?: Record<string, Record<string, unknown>>; usage?: unknown[] };
    expect(finished.type).toBe("RUN_FINISHED");
    expect(finished.outcome).toEqual({ type: "success" });
    // What the old schema cannot take is kept in our metadata, not lost.
    expect(finished.metadata?.["agui-bridge"]?.pendingToolCallIds).toEqual(["call_1"]);
    expect(finished.usage).toEqual([{ provider: "anthropic", model: "m", inputTokens: 10, outputTokens: 5, totalTokens: 15 }]);
    expect(seen[0]).not.toHaveProperty("input");
  });

  it("a 0.0.59 client's legacy input (binary parts, null state and props) is brought up to 1.0", async () => {
    const agent = frontendToolProvider();
    running = await serveWith("node:http", { agent });
    const legacyUser = {
      id: "u2",
      role: "user" as const,
      content: [
        { type: "text" as const, text: "What is in these?" },
        { type: "binary" as const, mimeType: "image/png", data: "iVBORw0KGgo=", filename: "a.png" },
        { type: "binary" as const, mimeType: "application/pdf", url: "https://example.com/a.pdf" },
        { type: "binary" as const, mimeType: "audio/wav", id: "file-123" },
      ],
    };
    const client = new LegacyHttpAgent({ url: running.url, threadId: "t1", initialMessages: [legacyUser as never] });
    await client.runAgent({ runId: "r1" });
    expect(agent.inputs[0]?.messages[0]).toEqual({
      id: "u2",
      role: "user",
      content: [
        { type: "text", text: "What is in these?" },
        { type: "image", source: { type: "data", value: "iVBORw0KGgo=", mimeType: "image/png" }, metadata: { filename: "a.png" } },
        { type: "document", source: { type: "url", value: "https://example.com/a.pdf", mimeType: "application/pdf" } },
        { type: "audio", source: { type: "file", value: "file-123", mimeType: "audio/wav" } },
      ],
    });
    // null where 1.0 means "absent", as pre-1.0 producers send it
    const res = await fetch(running.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ threadId: "t", runId: "r2", messages: [], state: null, forwardedProps: null, tools: [{ name: "f", description: "d", parameters: null }] }),
    });
    expect(res.status).toBe(200);
    await res.text();
    expect(agent.inputs[1]).toEqual({ threadId: "t", runId: "r2", messages: [], tools: [{ name: "f", description: "d" }] });
    // A 1.0 client gets no such leniency: null state is invalid 1.0 input.
    const strict = await fetch(running.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ threadId: "t", runId: "r3", protocolVersion: "1.0", messages: [], state: null }),
    });
    expect(strict.status).toBe(400);
    await strict.text();
  });

  it("without down-levelling the 0.0.59 client rejects the run (the bug this fixes)", async () => {
    running = await serveWith("hono", { agent: frontendToolProvider(), legacyClients: "never" });
    const client = new LegacyHttpAgent({ url: running.url, threadId: "t1", initialMessages: [user] });
    const failure = await client.runAgent({ runId: "r1", tools }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(String(failure)).toMatch(/pendingToolCallIds|Unrecognized key/);
  });

  it("a 1.0 client (protocolVersion \"1.0\") gets the 1.0 events unchanged", async () => {
    running = await serveWith("node:http", { agent: frontendToolProvider() });
    const client = new HttpAgent({ url: running.url, threadId: "t1", initialMessages: [user] });
    const events: Event[] = [];
    await client.runAgent({ runId: "r1", tools }, { onEvent: ({ event }) => void events.push(event as Event) });
    await assertConformant(events, { initialMessages: [user] });
    expect(events.at(-1)).toMatchObject({ outcome: { type: "success", pendingToolCallIds: ["call_1"] } });
  });

  it("down-levelling is switchable and leaves events 0.0.x already accepts alone", () => {
    expect(shouldDownlevel(undefined)).toBe(true);
    expect(shouldDownlevel("1.0")).toBe(false);
    expect(shouldDownlevel("1.0", "always")).toBe(true);
    expect(shouldDownlevel(undefined, "never")).toBe(false);
    const changed = new Set(["RUN_STARTED", "RUN_FINISHED", "RUN_ERROR", "TOOL_CALL_RESULT"]);
    for (const event of EVERY_EVENT) {
      if (!changed.has(event.type)) expect(downlevelEvent(event)).toBe(event);
    }
    const cancelled = downlevelEvent({ type: EventType.RUN_FINISHED, threadId: "t", runId: "r", outcome: { type: "cancelled" } });
    expect(cancelled).toEqual({ type: "RUN_FINISHED", threadId: "t", runId: "r", metadata: { "agui-bridge": { outcome: "cancelled" } } });
    const result = downlevelEvent({ type: EventType.TOOL_CALL_RESULT, messageId: "m", toolCallId: "c", content: [{ type: "text", text: "4" }, { type: "text", text: "2" }, { type: "image", source: { type: "url", value: "u" } }] });
    expect(result).toMatchObject({ content: "42", metadata: { "agui-bridge": { contentParts: expect.any(Array) } } });
  });

  it("every down-levelled event passes the 0.0.59 schema", async () => {
    const { EventSchemas } = await import("@ag-ui/core-0.0.59");
    const failures: string[] = [];
    for (const event of EVERY_EVENT) {
      const out = EventSchemas.safeParse(downlevelEvent(event));
      if (!out.success) failures.push(`${event.type}: ${String(out.error)}`);
    }
    expect(failures).toEqual([]);
  });
});
