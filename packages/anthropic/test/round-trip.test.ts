import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type BridgeWarning, type Message } from "@agui-bridge/core/adapter";
import type { ContentBlockParam } from "@anthropic-ai/sdk/resources/messages";
import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import { listSharedStreams, readJsonl, sharedSuiteTitle } from "../../../test-fixtures/support/shared-streams.js";
import { streamMessages, toMessagesRequest } from "../src/index.js";
import { collect, fromList, readFixture, sdkEvents } from "./support/replay.js";

type Rec = Record<string, unknown>;
const rec = (value: unknown): Rec => (typeof value === "object" && value !== null ? (value as Rec) : {});

/** The content blocks the provider sent, per message, rebuilt from the chunks (independently of the adapter). */
function originalContent(chunks: unknown[]): Rec[][] {
  const messages: Rec[][] = [];
  let current: Rec[] = [];
  let currentId: string | undefined;
  const args = new Map<number, string>();
  // Arguments go back parsed; text that is no JSON object as { INVALID_JSON: text } (fine-grained tool streaming guide).
  const finish = (index: number): void => {
    const text = args.get(index);
    const block = current[index];
    args.delete(index);
    if (block === undefined || text === undefined || text === "") return;
    try {
      const value = JSON.parse(text) as unknown;
      block.input = typeof value === "object" && value !== null && !Array.isArray(value) ? value : { INVALID_JSON: text };
    } catch {
      block.input = { INVALID_JSON: text };
    }
  };
  for (const chunk of chunks) {
    const event = rec(chunk);
    if (event.type === "message_start") {
      const message = rec(event.message);
      if (message.id === currentId) continue;
      for (const index of [...args.keys()]) finish(index); // a message cut off by the next one
      currentId = String(message.id);
      current = (Array.isArray(message.content) ? message.content : []).map((block) => ({ ...rec(block) }));
      messages.push(current);
      args.clear();
    } else if (event.type === "content_block_start") {
      // By position, as the SDK's accumulator reads a stream (it appends; deltas address the position).
      current.push({ ...rec(event.content_block) });
    } else if (event.type === "content_block_delta") {
      const block = current[Number(event.index)] ?? {};
      const delta = rec(event.delta);
      if (delta.type === "text_delta") block.text = String(block.text ?? "") + String(delta.text);
      if (delta.type === "citations_delta") block.citations = [...(Array.isArray(block.citations) ? block.citations : []), delta.citation];
      if (delta.type === "thinking_delta") block.thinking = String(block.thinking ?? "") + String(delta.thinking);
      if (delta.type === "signature_delta") block.signature = String(delta.signature);
      if (delta.type === "compaction_delta") {
        if (typeof delta.content === "string") block.content = String(block.content ?? "") + delta.content;
        if (typeof delta.encrypted_content === "string") block.encrypted_content = delta.encrypted_content;
      }
      if (delta.type === "input_json_delta") args.set(Number(event.index), (args.get(Number(event.index)) ?? "") + String(delta.partial_json));
    } else if (event.type === "content_block_stop") {
      finish(Number(event.index));
    }
  }
  for (const index of [...args.keys()]) finish(index);
  return messages;
}

/** The blocks the request must reproduce exactly and in order: thinking, redacted thinking, compaction, tool_use, fallback. */
function replayed(blocks: readonly unknown[]): Rec[] {
  return blocks
    .map(rec)
    .filter((block) => ["thinking", "redacted_thinking", "tool_use", "compaction", "fallback"].includes(String(block.type)))
    .map((block) =>
      block.type === "fallback"
        ? fallback(block)
        : block.type === "thinking"
        ? { type: "thinking", thinking: block.thinking, signature: block.signature }
        : block.type === "redacted_thinking"
          ? { type: "redacted_thinking", data: block.data }
          : block.type === "compaction"
            ? compaction(block)
            : { type: "tool_use", id: block.id, name: block.name, input: block.input },
    );
}

/** A compaction block as the API takes it back: the summary and, when it had them, the opaque fields verbatim. */
function compaction(block: Rec): Rec {
  return {
    type: "compaction",
    content: typeof block.content === "string" && block.content !== "" ? block.content : null,
    ...(typeof block.encrypted_content === "string" && { encrypted_content: block.encrypted_content }),
    ...(typeof block.signature === "string" && { signature: block.signature }),
  };
}

/** A fallback block as the API takes it back: `from`, `to` and, when it had one, `trigger` (BetaFallbackBlockParam). */
function fallback(block: Rec): Rec {
  return { type: "fallback", from: block.from, to: block.to, ...(block.trigger !== undefined && { trigger: block.trigger }) };
}

/**
 * What a documented rule leaves out of the request: the declined attempt of a fallback-served
 * message (thinking, redacted thinking and client `tool_use` before its final `fallback` block, see
 * `dropDeclinedAttempt`), the result blocks the stream dropped because the call they answer is in
 * neither the stream nor the run input (`stream.orphan-tool-result`), and the `caller` of a call
 * made by a server tool the recording does not hold (sent as a direct call, `request.orphan-tool-caller`).
 */
function leftOut(blocks: readonly Rec[], orphanResults: ReadonlySet<string>, ids: ReadonlySet<unknown>): Rec[] {
  const final = blocks.map((block) => block.type).lastIndexOf("fallback");
  return blocks
    .filter(
      (block, index) =>
        !(index < final && ["thinking", "redacted_thinking", "tool_use"].includes(String(block.type))) &&
        !(String(block.type).endsWith("_tool_result") && orphanResults.has(String(block.tool_use_id))),
    )
    .map((block) => {
      const caller = rec(block.caller).tool_id;
      if (typeof caller !== "string" || ids.has(caller)) return block;
      const { caller: _dropped, ...direct } = block;
      return direct;
    });
}

/** The request warnings a recording may cause, by the rule that causes them. */
function expectedWarnings(original: readonly Rec[][]): Set<string> {
  const blocks = original.flat();
  const codes = new Set(["request.invalid-tool-arguments", "request.missing-tool-result"]);
  if (blocks.some((block) => block.type === "fallback")) codes.add("request.fallback-declined-thinking").add("request.fallback-declined-tool-call");
  // A call made by a server tool the recording does not hold goes as a direct call.
  const ids = new Set(blocks.map((block) => block.id));
  if (blocks.some((block) => typeof rec(block.caller).tool_id === "string" && !ids.has(rec(block.caller).tool_id))) codes.add("request.orphan-tool-caller");
  return codes;
}

/** Block types the adapter does not map (README: limits); they cannot come back. */
const UNMAPPED = new Set<string>([]);

/**
 * Every block of a message as the request should rebuild it (empty text dropped, citations sent
 * back without their output-only `file_id`). A message whose text is whitespace only (the API rejects it) loses its text blocks; a
 * whitespace block beside real text (Claude's `" "` between cited passages) stays as it is.
 */
function normalized(blocks: readonly unknown[]): Rec[] {
  const out = unmerged(blocks);
  const texts = out.filter((block) => block.type === "text");
  if (texts.length > 0 && texts.every((block) => String(block.text).trim() === "")) return out.filter((block) => block.type !== "text");
  return out;
}

/**
 * The recorded turn as the request carries it when it is the request's last turn (no client
 * `tool_use` waits for a result, so no user turn follows it). The Messages API rejects a final
 * assistant turn ending in whitespace ("final assistant content cannot end with trailing
 * whitespace"), so the converter trims its last text block at the end (src/request/blank-text.ts);
 * a recording whose answer ends in "\n" (e.g. cut by a stop sequence) comes back without it.
 */
function endingTheRequest(blocks: Rec[]): Rec[] {
  if (blocks.some((block) => block.type === "tool_use")) return blocks;
  const last = blocks[blocks.length - 1];
  if (last?.type !== "text") return blocks;
  const text = String(last.text).trimEnd();
  return text === "" ? blocks.slice(0, -1) : [...blocks.slice(0, -1), { ...last, text }];
}

function unmerged(blocks: readonly unknown[]): Rec[] {
  return blocks
    .map(rec)
    .filter((block) => !(block.type === "text" && block.text === "") && !UNMAPPED.has(String(block.type)))
    .map((block) => {
      if (block.type === "text") {
        const citations = Array.isArray(block.citations) ? block.citations.map((citation) => Object.fromEntries(Object.entries(rec(citation)).filter(([key]) => key !== "file_id"))) : [];
        return { type: "text", text: block.text, ...(citations.length > 0 && { citations }) };
      }
      if (block.type === "thinking") return { type: "thinking", thinking: block.thinking, signature: block.signature };
      if (block.type === "compaction") return compaction(block);
      if (block.type === "fallback") return fallback(block);
      // Output-only `null` fields of a result's content (e.g. abort_reason) are not sent back.
      if (String(block.type).endsWith("_tool_result") && typeof block.content === "object" && block.content !== null && !Array.isArray(block.content)) {
        return { ...block, content: Object.fromEntries(Object.entries(block.content as Rec).filter(([, value]) => value !== null)) };
      }
      return block;
    });
}

function assistantBlocks(messages: Message[], allowed: ReadonlySet<string> = new Set(["request.invalid-tool-arguments", "request.missing-tool-result"])): ContentBlockParam[] {
  // The turn the recording answered (a user message always precedes it in a real conversation).
  const { params, warnings } = toMessagesRequest({ messages: [{ id: "u0", role: "user", content: "Hi" }, ...messages] });
  // A recording that ends on tool_use has no results: each call gets an error result (and a warning).
  const pending = messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : [])).filter(
    (call) => !messages.some((m) => m.role === "tool" && m.toolCallId === call.id),
  );
  const missing = warnings.filter((warning) => warning.code === "request.missing-tool-result").map((w) => w.details?.toolCallId);
  expect(missing).toEqual(pending.filter((call) => (call.metadata as Rec | undefined)?.["agui-bridge"] === undefined || rec(rec(call.metadata)["agui-bridge"]).providerExecuted !== true).map((call) => call.id));
  expect(warnings.filter((warning) => !allowed.has(warning.code))).toEqual([]);
  return params.messages.flatMap((turn) => (turn.role === "assistant" && Array.isArray(turn.content) ? turn.content : []));
}

async function messagesOf(chunks: AsyncIterable<unknown>, onWarning?: (warning: BridgeWarning) => void): Promise<Message[]> {
  const events = await collect(
    streamMessages(chunks, { threadId: "t", runId: "r", generateId: createSequentialIds("id"), ...(onWarning !== undefined && { onWarning }) }),
  );
  return (await assertConformant(events)) as Message[];
}

describe("round trip: recorded stream → AG-UI events → messages → Messages request", () => {
  for (const name of ["redacted-thinking", "thinking-signature-tool-use", "two-tool-uses", "server-tool-citations"]) {
    it(`fixture ${name}: the assistant turn holds the original blocks, in order`, async () => {
      const body = readFixture(`${name}.sse`);
      const chunks: unknown[] = [];
      for await (const chunk of sdkEvents(body)) chunks.push(chunk);
      const blocks = assistantBlocks(await messagesOf(sdkEvents(body)));
      const [original] = originalContent(chunks);
      expect(replayed(blocks)).toEqual(replayed(original ?? []));
      expect(blocks.map(rec)).toEqual(normalized(original ?? []));
    });
  }

  it("redacted-thinking: thinking, redacted data and signatures come back exactly", async () => {
    const blocks = assistantBlocks(await messagesOf(sdkEvents(readFixture("redacted-thinking.sse"))));
    expect(blocks).toEqual([
      { type: "thinking", thinking: "Considering the request carefully.", signature: "SigAAA111" },
      { type: "redacted_thinking", data: "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP" },
      { type: "thinking", thinking: "Now I can answer.", signature: "SigBBB222" },
      { type: "text", text: "Here is my answer." },
    ]);
  });
});

describe(`${sharedSuiteTitle("anthropic")}: round trip`, () => {
  for (const file of listSharedStreams("anthropic")) {
    it(basename(file), async () => {
      const chunks = readJsonl(file).map((line) => (line.ok ? line.value : line.raw));
      if (chunks.some((chunk) => typeof chunk === "string")) return; // invalid lines end the run in RUN_ERROR
      const orphanResults = new Set<string>();
      const messages = await messagesOf(fromList(chunks), (warning) => {
        if (warning.code === "stream.orphan-tool-result") orphanResults.add(String(warning.details?.toolCallId));
      });
      const recorded = originalContent(chunks);
      const ids = new Set(recorded.flat().map((block) => block.id));
      const original = recorded.map((content) => leftOut(content, orphanResults, ids));
      const blocks = assistantBlocks(messages, expectedWarnings(recorded));
      expect(replayed(blocks)).toEqual(original.flatMap((content) => replayed(content)));
      if (original.length === 1) expect(blocks.map(rec)).toEqual(endingTheRequest(normalized(original[0] ?? [])));
    });
  }
});
