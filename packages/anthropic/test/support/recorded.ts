/**
 * The recorded Anthropic streams the adversarial suites cut, break and abort, with what any prefix of
 * them must produce, read from the chunks independently of the adapter: text per AG-UI text message
 * (the Anthropic message, split after provider-run results: text-segments.ts),
 * usage per the formula, and whether the prefix ends on a complete message.
 */
import type { TokenUsage } from "@agui-bridge/core/adapter";
import { basename } from "node:path";
import { listSharedStreams, readJsonl } from "../../../../test-fixtures/support/shared-streams.js";
import { anthropicUsageOracle, type UsageReport } from "../arbitraries/usage-oracle.js";
import { textSegments } from "./text-segments.js";

/** Recordings small and varied enough to try every position of: text, thinking + signature, tool
 * without arguments, MCP, server tools with citations, two- and fifteen-message streams, refusal,
 * and the synthetic repeated / spliced message_start cases. */
export const POSITION_FILES = [
  "anthropic-text.jsonl",
  "anthropic-clear-thinking.1.jsonl",
  "anthropic-tool-no-args.jsonl",
  "anthropic-mcp.1.jsonl",
  "anthropic-refusal.jsonl",
  "anthropic-web-search-tool.1.jsonl",
  "anthropic-tool-search-regex.1.jsonl",
  "anthropic-programmatic-tool-calling.1.jsonl",
  "duplicate-message-start.jsonl",
  "spliced-message-start.jsonl",
];

/** The chosen recordings present in ../shared (parsed; none of these has an invalid line). */
export function recordedStreams(names: readonly string[] = POSITION_FILES): Array<{ name: string; chunks: Array<Record<string, unknown>> }> {
  return listSharedStreams("anthropic")
    .filter((file) => names.includes(basename(file)))
    .map((file) => ({
      name: basename(file),
      chunks: readJsonl(file).map((line) => (line.ok ? (line.value as Record<string, unknown>) : (line.raw as unknown as Record<string, unknown>))),
    }));
}

/** What a run over `chunks` (a whole stream or a prefix) must carry. */
export interface PrefixExpectation {
  text: Map<string, string>;
  usage: TokenUsage[] | undefined;
  /** The last message_start seen was followed by its message_stop. */
  complete: boolean;
}

const rec = (value: unknown): Record<string, unknown> => (typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {});

/** Reads the expectation off the chunks. */
export function expectationOf(chunks: ReadonlyArray<Record<string, unknown>>): PrefixExpectation {
  const text = new Map<string, string>();
  const messages = new Map<string, { model: string | undefined; reports: UsageReport[] }>();
  const segments = textSegments();
  let current: string | undefined;
  let stopped = false;
  const blockTypes = new Map<number, string>();
  const addText = (value: unknown): void => {
    const target = segments.current;
    if (target === undefined || typeof value !== "string") return;
    text.set(target, (text.get(target) ?? "") + value);
  };
  const startBlock = (block: Record<string, unknown>): void => {
    const target = segments.block(String(block.type));
    if (target === undefined) return;
    if (!text.has(target)) text.set(target, "");
    addText(block.text);
  };
  for (const chunk of chunks) {
    switch (chunk.type) {
      case "message_start": {
        const message = rec(chunk.message);
        const id = String(message.id);
        const model = typeof message.model === "string" ? message.model : undefined;
        if (id === current && !stopped) {
          const entry = messages.get(id);
          if (entry !== undefined) {
            entry.reports.push(rec(message.usage));
            if (model !== undefined) entry.model = model;
          }
          break;
        }
        current = id;
        stopped = false;
        blockTypes.clear();
        segments.message(id);
        messages.set(id, { model, reports: [rec(message.usage)] });
        for (const block of Array.isArray(message.content) ? message.content : []) startBlock(rec(block));
        break;
      }
      case "content_block_start": {
        const block = rec(chunk.content_block);
        blockTypes.set(Number(chunk.index), String(block.type));
        if (current !== undefined) startBlock(block);
        break;
      }
      case "content_block_delta": {
        const delta = rec(chunk.delta);
        if (delta.type === "text_delta") addText(delta.text);
        break;
      }
      case "message_delta":
        if (current !== undefined && chunk.usage !== undefined) messages.get(current)?.reports.push(rec(chunk.usage));
        break;
      case "message_stop":
        stopped = true;
        break;
      default:
        break;
    }
  }
  return { text, usage: anthropicUsageOracle([...messages.values()]), complete: current !== undefined && stopped };
}
