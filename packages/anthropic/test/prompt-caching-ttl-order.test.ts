/**
 * Breakpoint lifetimes along the cache prefix (tools → system → messages): the Messages API
 * rejects a one-hour breakpoint after a five-minute one ("ttl='1h' cache_control must not come
 * after ttl='5m'"). pydantic-ai's recorded, accepted request
 * (test_anthropic_cache_earlier_breakpoint_raised_to_later_longer_ttl) sends the earlier system
 * breakpoint raised to `1h` when a later user block has `1h`; withCacheBreakpoints does the same
 * for the breakpoints it keeps.
 */
import type { MessageCreateParamsStreaming } from "@anthropic-ai/sdk/resources/messages";
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type Message, type RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { createAnthropicProvider, withCacheBreakpoints, type CacheableParams } from "../src/index.js";
import { collect, fromList } from "./support/replay.js";

type Rec = Record<string, unknown>;

/** Each breakpoint's lifetime in prefix order (a tool result's inner blocks before the result). */
function lifetimes(body: CacheableParams): string[] {
  const out: string[] = [];
  const add = (value: unknown): void => {
    const control = (value as { cache_control?: Rec } | null)?.cache_control;
    if (control !== undefined && control !== null) out.push(control.ttl === "1h" ? "1h" : "5m");
  };
  for (const tool of body.tools ?? []) add(tool);
  if (Array.isArray(body.system)) for (const block of body.system) add(block);
  for (const turn of body.messages) {
    if (typeof turn.content === "string") continue;
    for (const block of turn.content) {
      if (block.type === "tool_result" && Array.isArray(block.content)) for (const inner of block.content) add(inner);
      add(block);
    }
  }
  return out;
}

/** The API's rule: no `1h` after a `5m`. */
const ordered = (ttls: string[]): boolean => ttls.every((ttl, i) => ttl === "5m" || !ttls.slice(0, i).includes("5m"));

const messages: Message[] = [
  { id: "u1", role: "user", content: "Weather in Paris?" },
  { id: "a1", role: "assistant", content: "18C." },
  { id: "u2", role: "user", content: "And Rome?" },
];
const input: RunAgentInput = { threadId: "t", runId: "r", state: {}, messages, tools: [], context: [], forwardedProps: {} };

function bodyOf(options: { system: MessageCreateParamsStreaming["system"]; ttl: "1h" | "5m" }): Promise<Rec> {
  let body: Rec = {};
  const chunks = [
    { type: "message_start", message: { id: "msg_1", type: "message", role: "assistant", model: "claude-sonnet-4-6", content: [], usage: { input_tokens: 5, output_tokens: 1 } } },
    { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 1 } },
    { type: "message_stop" },
  ];
  const client = {
    messages: {
      create: (params: unknown) => {
        body = params as Rec;
        return Promise.resolve(fromList(chunks));
      },
    },
  };
  const provider = createAnthropicProvider({
    client: client as never,
    model: "claude-sonnet-4-6",
    maxTokens: 1024,
    params: { system: options.system },
    promptCaching: { ttl: options.ttl },
    generateId: createSequentialIds("id"),
  });
  return collect(provider.stream(input)).then(async (events) => {
    await assertConformant(events);
    return body;
  });
}

describe("prompt caching: lifetimes never grow along the prefix", () => {
  it("a kept 5m system breakpoint before added 1h ones is raised to 1h (the provider body)", async () => {
    const body = await bodyOf({ system: [{ type: "text", text: "Platform rules.", cache_control: { type: "ephemeral" } }], ttl: "1h" });
    const ttls = lifetimes(body as unknown as CacheableParams);
    expect(ttls).toEqual(["1h", "1h", "1h"]);
    expect((body.system as Rec[])[0]).toEqual({ type: "text", text: "Platform rules.", cache_control: { type: "ephemeral", ttl: "1h" } });
  });

  it("a kept 1h system breakpoint before added 5m ones stays as it is (already valid)", async () => {
    const body = await bodyOf({ system: [{ type: "text", text: "Platform rules.", cache_control: { type: "ephemeral", ttl: "1h" } }], ttl: "5m" });
    expect(lifetimes(body as unknown as CacheableParams)).toEqual(["1h", "5m", "5m"]);
  });

  it("added breakpoints before a kept 1h one in the messages are raised; later ones keep theirs; the input is unchanged", () => {
    const longDoc = { type: "text" as const, text: "Some context.", cache_control: { type: "ephemeral" as const, ttl: "1h" as const } };
    const params: CacheableParams = {
      tools: [{ name: "a", input_schema: { type: "object" } }],
      system: [{ type: "text", text: "Rules." }],
      messages: [
        { role: "user", content: [longDoc, { type: "text", text: "Name one framework." }] },
        { role: "assistant", content: "Django." },
        { role: "user", content: "Another?" },
      ],
    };
    const before = structuredClone(params);
    const out = withCacheBreakpoints(params);
    const ttls = lifetimes(out);
    expect(ordered(ttls)).toBe(true);
    // tool, system (raised), the kept 1h, the first user turn's last block (after it: 5m), the last turn: 4 at most.
    expect(ttls).toEqual(["1h", "1h", "1h", "5m"]);
    expect(params).toEqual(before);
  });

  it("a top-level (automatic) cache_control takes one of the 4 slots and sits at the end of the prefix", () => {
    const base: CacheableParams = {
      tools: [{ name: "a", input_schema: { type: "object" } }],
      system: [{ type: "text", text: "Rules." }],
      messages: [
        { role: "user", content: "One" },
        { role: "assistant", content: "Two" },
        { role: "user", content: "Three" },
      ],
    };
    // "A maximum of 4 blocks with cache_control may be provided. Found 5." (coder/mux#3112)
    const short = withCacheBreakpoints({ ...base, cache_control: { type: "ephemeral" } });
    expect(lifetimes(short).length + 1).toBe(4);
    // A one-hour automatic breakpoint after added five-minute ones: those are raised.
    const long = withCacheBreakpoints({ ...base, cache_control: { type: "ephemeral", ttl: "1h" } });
    expect(lifetimes(long)).toEqual(["1h", "1h", "1h"]);
    expect(long.cache_control).toEqual({ type: "ephemeral", ttl: "1h" });
  });

  it("a breakpoint inside a tool result counts where it sits", () => {
    const params: CacheableParams = {
      system: [{ type: "text", text: "Rules.", cache_control: { type: "ephemeral" } }],
      messages: [
        { role: "user", content: "Go" },
        { role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name: "f", input: {} }] },
        {
          role: "user",
          content: [{ type: "tool_result", tool_use_id: "toolu_1", content: [{ type: "text", text: "big", cache_control: { type: "ephemeral", ttl: "1h" } }] }],
        },
      ],
    };
    const out = withCacheBreakpoints(params);
    expect(ordered(lifetimes(out))).toBe(true);
    expect((out.system as unknown as Rec[])[0]).toMatchObject({ cache_control: { type: "ephemeral", ttl: "1h" } });
  });
});
