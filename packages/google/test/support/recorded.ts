/**
 * The recorded Gemini streams the adversarial suites cut, break and abort, with what any prefix of
 * them must carry, read from the chunks independently of the adapter: all text and all thought text
 * in order, usage per the formula, and whether the current response reported a finishReason.
 */
import type { TokenUsage } from "@agui-bridge/core/adapter";
import { basename } from "node:path";
import { listSharedStreams, readJsonl } from "../../../../test-fixtures/support/shared-streams.js";
import { googleUsageOracle } from "../arbitraries/usage-oracle.js";

/** Every Gemini recording (all small). */
export function recordedStreams(): Array<{ name: string; chunks: Array<Record<string, unknown>> }> {
  return listSharedStreams("google").map((file) => ({
    name: basename(file),
    chunks: readJsonl(file).map((line) => (line.ok ? (line.value as Record<string, unknown>) : (line.raw as unknown as Record<string, unknown>))),
  }));
}

export interface PrefixExpectation {
  text: string;
  reasoning: string;
  usage: TokenUsage[] | undefined;
  complete: boolean;
}

type Rec = Record<string, unknown>;
const rec = (value: unknown): Rec => (typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Rec) : {});

export function expectationOf(chunks: readonly unknown[]): PrefixExpectation {
  let text = "";
  let reasoning = "";
  let complete = false;
  let turn: string | undefined;
  for (const raw of chunks) {
    const chunk = rec(raw);
    const id = typeof chunk.responseId === "string" && chunk.responseId !== "" ? chunk.responseId : undefined;
    if (id !== undefined && turn !== undefined && id !== turn) complete = false;
    if (id !== undefined) turn = id;
    for (const candidate of Array.isArray(chunk.candidates) ? chunk.candidates : []) {
      const c = rec(candidate);
      if ((typeof c.index === "number" ? c.index : 0) !== 0) continue;
      for (const part of Array.isArray(rec(c.content).parts) ? (rec(c.content).parts as unknown[]) : []) {
        const p = rec(part);
        if (typeof p.text === "string") {
          if (p.thought === true) reasoning += p.text;
          else text += p.text;
        }
      }
      if (typeof c.finishReason === "string" && c.finishReason !== "") complete = true;
    }
  }
  return { text, reasoning, usage: googleUsageOracle(chunks), complete };
}
