/**
 * Generated streams in the OpenAI-compatible dialects: OpenRouter `reasoning_details` (text with
 * signatures split over fragments, summaries, encrypted entries naming a tool call before, after
 * or never), Mistral content arrays (thinking and text parts mixed in one chunk), tool calls with
 * and without `index`, plus hostile entries (wrong types). Every run must be conformant, keep every
 * text, reasoning and argument fragment, place each opaque value exactly once on the right entity,
 * and rebuild the same `reasoning_details` on the next request.
 */
import { assertConformant, collectDeltas, reasoningOf, textOf } from "@agui-bridge/conformance";
import { createSequentialIds, type Event, type Message } from "@agui-bridge/core/adapter";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { streamChatCompletions, toChatCompletionsRequest } from "../src/index.js";
import { anyText } from "./arbitraries/text.js";
import { collect, last, ofType } from "./support/collect.js";
import { withFinishedArguments } from "./support/blank-arguments.js";
import { expectedFromRawChat } from "./support/raw-chat-streams.js";

type Rec = Record<string, unknown>;

const entryFragment = fc.oneof(
  fc.record({ kind: fc.constant("text" as const), text: anyText, signature: fc.option(fc.string({ minLength: 1, maxLength: 12 }), { nil: undefined }) }),
  fc.record({ kind: fc.constant("summary" as const), text: anyText }),
  fc.record({ kind: fc.constant("encrypted" as const), data: fc.string({ minLength: 1, maxLength: 24 }), forCall: fc.nat(3) }),
  fc.record({ kind: fc.constant("hostile" as const), value: fc.oneof(fc.constant(null), fc.integer(), fc.constant({ type: 7 }), fc.constant({ type: "reasoning.text", text: 5 })) }),
);

const step = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant("details" as const), entries: fc.array(entryFragment, { minLength: 1, maxLength: 3 }), newEntry: fc.boolean() }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant("mistral" as const), thinking: fc.array(anyText, { maxLength: 2 }), text: fc.option(anyText, { nil: undefined }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant("content" as const), text: anyText }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("call" as const), withIndex: fc.boolean(), args: anyText }), weight: 2 },
);

/** Builds chunks from the plan: entries get fresh indexes when `newEntry`, calls get ids call_0…call_3. */
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

function chunksOf(steps: readonly Step[]): Rec[] {
  const chunks: Rec[] = [];
  let entryIndex = 0;
  let calls = 0;
  const wrap = (delta: Rec): Rec => ({ id: "gen-1", model: "m", choices: [{ index: 0, delta, finish_reason: null }] });
  for (const s of steps) {
    if (s.kind === "details") {
      if (s.newEntry) entryIndex += 1;
      const entries = s.entries.map((e) => {
        if (e.kind === "text") return { type: "reasoning.text", text: e.text, ...(e.signature !== undefined && { signature: e.signature }), format: "anthropic-claude-v1", index: entryIndex };
        if (e.kind === "summary") return { type: "reasoning.summary", summary: e.text, format: "openai-responses-v1", index: entryIndex };
        if (e.kind === "encrypted") {
          entryIndex += 1;
          return { type: "reasoning.encrypted", data: `${entryIndex}:${e.data}`, id: `call_${e.forCall}`, format: "google-gemini-v1", index: entryIndex };
        }
        return e.value;
      });
      chunks.push(wrap({ reasoning_details: entries }));
    } else if (s.kind === "mistral") {
      chunks.push(wrap({ content: [...s.thinking.map((t) => ({ type: "thinking", thinking: [{ type: "text", text: t }] })), ...(s.text !== undefined ? [{ type: "text", text: s.text }] : [])] }));
    } else if (s.kind === "content") {
      chunks.push(wrap({ content: s.text }));
    } else if (calls < 4) {
      const id = `call_${calls}`;
      chunks.push(wrap({ tool_calls: [{ ...(s.withIndex && { index: calls }), id, type: "function", function: { name: "f", arguments: s.args } }] }));
      calls += 1;
    }
  }
  chunks.push({ id: "gen-1", model: "m", choices: [{ index: 0, delta: {}, finish_reason: "stop" }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } });
  return chunks;
}

async function* of(chunks: readonly Rec[]): AsyncGenerator<unknown> {
  for (const chunk of chunks) yield structuredClone(chunk);
}

describe("OpenAI-compatible dialect streams (generated)", () => {
  it("conformant, conserved, every opaque value placed once, reasoning_details rebuilt as streamed", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const chunks = chunksOf(steps);
        const events: Event[] = await collect(streamChatCompletions(of(chunks), { provider: "openrouter", generateId: createSequentialIds("id") }));
        const messages = (await assertConformant(events)) as Message[];
        expect(last(events).type).toBe("RUN_FINISHED");
        const expected = expectedFromRawChat(chunks, "openrouter");
        expect(textOf(events as never)).toBe(expected.text);
        expect(reasoningOf(events as never)).toBe(expected.reasoning);
        expect(collectDeltas(events as never).toolArgs).toEqual(withFinishedArguments(expected.args));
        // Each encrypted entry's value exactly once: on the call its id names when that call
        // started in the turn (and held no other entry's value), else on a reasoning message.
        const placed = ofType(events, "REASONING_ENCRYPTED_VALUE");
        const reasoningIds = new Set(messages.filter((m) => m.role === "reasoning").map((m) => m.id));
        const calls = new Set(expected.toolCallIds);
        const claimed = new Set<string>();
        for (const entry of expected.details) {
          if (entry.type !== "reasoning.encrypted" || typeof entry.data !== "string") continue;
          const events = placed.filter((p) => p.encryptedValue === entry.data);
          expect(events).toHaveLength(1);
          const onCall = calls.has(String(entry.id)) && !claimed.has(String(entry.id));
          if (onCall) claimed.add(String(entry.id));
          expect(events[0]).toMatchObject(onCall ? { subtype: "tool-call", entityId: entry.id } : { subtype: "message" });
          if (!onCall) expect(reasoningIds.has(events[0]!.entityId)).toBe(true);
        }
        // Signatures land on reasoning messages (their pieces are joined on the request, below).
        for (const p of placed) if (p.subtype === "message") expect(reasoningIds.has(p.entityId)).toBe(true);
        // The next request rebuilds the same entries, in order.
        const user = { id: "u0", role: "user", content: "Go" } as Message;
        const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r", messages: [user, ...messages] }, { model: "m", provider: "openrouter" });
        const assistant = (params.messages as unknown as Rec[]).find((m) => m.role === "assistant");
        const sent = (assistant?.reasoning_details as Rec[] | undefined) ?? [];
        // Entries of unmodelled types (and encrypted ones without data) are dropped, with a warning.
        const expectedDetails = expected.details.filter(
          (d) => d.type === "reasoning.text" || d.type === "reasoning.summary" || (d.type === "reasoning.encrypted" && typeof d.data === "string"),
        );
        if (assistant !== undefined) expect(sent).toEqual(expectedDetails.map(normalize));
      }),
      { numRuns: 150 },
    );
  });
});

describe("unmodelled dialect parts", () => {
  it("an unknown content chunk type or reasoning_details entry type is dropped and reported once per stream", async () => {
    const warnings: string[] = [];
    const chunk = (delta: Rec): Rec => ({ id: "c", model: "m", choices: [{ index: 0, delta, finish_reason: null }] });
    const chunks = [
      chunk({ content: [{ type: "future_chunk", value: 1 }, { type: "text", text: "A" }] }),
      chunk({ content: [{ type: "future_chunk", value: 2 }, { type: "text", text: "B" }], reasoning_details: [{ type: "reasoning.future", index: 0 }] }),
      chunk({ reasoning_details: [{ type: "reasoning.future", index: 1 }] }),
      { id: "c", model: "m", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] },
    ];
    const events = await collect(streamChatCompletions(of(chunks), { onWarning: (w) => warnings.push(w.code), generateId: createSequentialIds("id") }));
    await assertConformant(events);
    expect(textOf(events as never)).toBe("AB");
    expect(warnings.sort()).toEqual(["stream.unknown-content", "stream.unknown-content"]);
  });
});

/** What the adapter can rebuild: text/summary entries carry their (possibly empty) text. */
function normalize(entry: Rec): Rec {
  if (entry.type === "reasoning.text") return { ...entry, text: typeof entry.text === "string" ? entry.text : "" };
  if (entry.type === "reasoning.summary") return { ...entry, summary: typeof entry.summary === "string" ? entry.summary : "" };
  return entry;
}
