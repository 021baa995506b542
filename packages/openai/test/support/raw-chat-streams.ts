/**
 * The raw SSE recordings of OpenAI-compatible servers in `../shared/provider-streams/raw/openai-chat`
 * (read in place), with the provider label each server is driven under, and what their chunks
 * themselves say a run must contain (computed from the payloads, independently of the adapter).
 */
import { perChoiceText } from "./per-choice-text.js";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { sharedStreamsDir } from "../../../../test-fixtures/support/shared-streams.js";
import { expectedChatUsage, expectedChunkUsages, type ExpectedUsageEntry } from "./chat-usage-oracle.js";

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec | undefined => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Rec) : undefined);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

/** The raw `.sse` recordings (empty when ../shared is absent). */
export function listRawChatStreams(): string[] {
  const dir = sharedStreamsDir();
  if (dir === undefined) return [];
  const raw = join(dir, "raw", "openai-chat");
  return readdirSync(raw)
    .filter((name) => name.endsWith(".sse"))
    .sort()
    .map((name) => join(raw, name));
}

const LABELS: Array<[string, string]> = [
  ["openrouter_", "openrouter"],
  ["vercel_", "vercel"],
  ["magistral_", "mistral"],
  ["mistral_", "mistral"],
  ["xai_", "xai"],
  ["deepseek_", "deepseek"],
  ["groq_", "groq"],
  ["ollama_", "ollama"],
  ["azure_", "azure-openai"],
  ["perplexity_", "perplexity"],
  ["zai_", "zai"],
  ["together_", "together"],
];

/** The provider label a recording's server is driven under (by its file name). */
export function labelOf(fileName: string): string {
  return LABELS.find(([prefix]) => fileName.startsWith(prefix))?.[1] ?? "openai";
}

/** One `reasoning_details` entry as a client accumulating the stream must rebuild it. */
export type DetailEntry = Rec;

export interface RawChatExpectation {
  text: string;
  reasoning: string;
  args: Map<string, string>;
  toolCallIds: string[];
  usage: Rec[] | undefined;
  /** The `reasoning_details` entries of the turn, fragments merged (same type and index in a row). */
  details: DetailEntry[];
  /** GitHub Copilot's `delta.reasoning_opaque` values (each kept as a reasoning message's encrypted value). */
  opaque: string[];
  /** Cost fields of the last usage object per completion id. */
  costs: Rec[];
  citations?: unknown[];
  searchResults?: unknown[];
  /** The text's token log probabilities: `logprobs.content` entries as sent, Together's parallel arrays one `{ token, logprob, top_logprobs }` per position. */
  logprobs: Rec[];
  /** The refusal's token log probabilities (`logprobs.refusal` entries). */
  refusalLogprobs: Rec[];
}

/**
 * A choice's `logprobs` entries: OpenAI's `content` / `refusal` lists (its API reference), or
 * Together AI's parallel `tokens` / `token_logprobs` / `top_logprobs` arrays (its Logprobs guide),
 * each position the text's entry of what is sent of it.
 */
function logprobEntries(value: unknown, into: { text: Rec[]; refusal: Rec[] }): void {
  const lp = rec(value);
  if (lp === undefined) return;
  if (lp.content === undefined && Array.isArray(lp.tokens)) {
    const logprobs = arr(lp.token_logprobs);
    const tops = arr(lp.top_logprobs);
    lp.tokens.forEach((token, i) => {
      if (typeof token !== "string") return;
      into.text.push({
        token,
        ...(typeof logprobs[i] === "number" && { logprob: logprobs[i] }),
        ...(Array.isArray(tops[i]) && { top_logprobs: (tops[i] as unknown[]).filter((t) => rec(t) !== undefined) }),
      });
    });
    return;
  }
  for (const e of arr(lp.content)) if (rec(e) !== undefined) into.text.push(e as Rec);
  for (const e of arr(lp.refusal)) if (rec(e) !== undefined) into.refusal.push(e as Rec);
}

/** Text read as `<think>`…`</think>` sections (reasoning, tags removed) and the rest (text); an unclosed section runs to the end. */
export function splitThinkSection(content: string): { text: string; reasoning: string } {
  let text = "";
  let reasoning = "";
  let rest = content;
  for (;;) {
    const open = rest.indexOf("<think>");
    if (open < 0) return { text: text + rest, reasoning };
    text += rest.slice(0, open);
    rest = rest.slice(open + "<think>".length);
    const close = rest.indexOf("</think>");
    if (close < 0) return { text, reasoning: reasoning + rest };
    reasoning += rest.slice(0, close);
    rest = rest.slice(close + "</think>".length);
  }
}

/**
 * The first error frame of a raw recording (`data: {"error": {…}}`), or undefined. OpenAI-compatible
 * servers report a failure met mid-generation this way (OpenRouter documents it under "Handling
 * Errors During Streaming": a chunk with a top-level `error` and `finish_reason: "error"`; vLLM,
 * SGLang and OpenAI itself send a bare `{"error": …}`). The OpenAI SDK throws on such a frame
 * instead of yielding it, so the run ends in RUN_ERROR with the frame's message: a valid shape,
 * not a recording to expect RUN_FINISHED of.
 */
export function errorFrameOf(bytes: Uint8Array): Rec | undefined {
  for (const line of new TextDecoder().decode(bytes).split(/\r?\n/)) {
    if (!line.startsWith("data:")) continue;
    const payload = line.slice(5).trim();
    if (payload === "" || payload === "[DONE]") continue;
    try {
      const error = rec(rec(JSON.parse(payload))?.error);
      if (error !== undefined) return error;
    } catch {
      // not JSON: the run fails on it anyway, which other checks cover
    }
  }
  return undefined;
}

/** What the chunks say: texts, reasoning, arguments, usage per the documented rule, details, costs. */
export function expectedFromRawChat(chunks: readonly unknown[], label: string): RawChatExpectation {
  // Per choice: see perChoiceText (the adapter gives each choice of `n > 1` its own message).
  const text = perChoiceText();
  const reasoning = perChoiceText();
  const args = new Map<string, string>();
  const toolCallIds: string[] = [];
  const usageByCall = new Map<string, { model?: string; usage: unknown; entries: ExpectedUsageEntry[] }>();
  const details: DetailEntry[] = [];
  const opaque: string[] = [];
  let lastKey: string | undefined;
  const idsByIndex = new Map<number, string>();
  let citations: unknown[] | undefined;
  let searchResults: unknown[] | undefined;
  const logprobs = { text: [] as Rec[], refusal: [] as Rec[] };
  for (const raw of chunks) {
    const chunk = rec(raw);
    if (chunk === undefined) continue;
    if (Array.isArray(chunk.citations)) citations = chunk.citations;
    if (Array.isArray(chunk.search_results)) searchResults = chunk.search_results;
    for (const c of arr(chunk.choices)) {
      logprobEntries(rec(c)?.logprobs, logprobs);
      const choiceIndex = typeof rec(c)?.index === "number" ? (rec(c)?.index as number) : 0;
      const delta = rec(rec(c)?.delta);
      if (delta === undefined) continue;
      const entries = arr(delta.reasoning_details).map(rec).filter((e): e is Rec => e !== undefined);
      const detailText = entries.filter((e) => e.type === "reasoning.text" || e.type === "reasoning.summary");
      for (const e of entries) {
        // Entries of unmodelled types carry nothing to keep, and neither continue nor break an entry.
        if (e.type !== "reasoning.text" && e.type !== "reasoning.summary" && e.type !== "reasoning.encrypted") continue;
        const key = `${String(e.type)}:${String(e.index)}`;
        const previous2 = lastKey === undefined ? undefined : [...details].reverse().find((d) => `${String(d.type)}:${String(d.index)}` === lastKey);
        if (e.type !== "reasoning.encrypted" && key === lastKey && previous2 !== undefined) {
          const previous = previous2;
          for (const field of ["text", "summary", "signature"]) {
            if (typeof e[field] === "string") previous[field] = `${str(previous[field]) ?? ""}${e[field] as string}`;
          }
          for (const [field, value] of Object.entries(e)) if (!(field in previous)) previous[field] = value;
        } else {
          details.push({ ...e });
        }
        lastKey = key;
        if (e.type === "reasoning.text") reasoning.add(choiceIndex, str(e.text) ?? "");
        if (e.type === "reasoning.summary") reasoning.add(choiceIndex, str(e.summary) ?? "");
      }
      if (typeof delta.reasoning_opaque === "string" && delta.reasoning_opaque !== "") opaque.push(delta.reasoning_opaque);
      if (detailText.length === 0) reasoning.add(choiceIndex, str(delta.reasoning_content) ?? str(delta.reasoning) ?? str(delta.reasoning_text) ?? "");
      if (typeof delta.refusal === "string") text.add(choiceIndex, delta.refusal);
      if (typeof delta.content === "string") text.add(choiceIndex, delta.content);
      for (const part of arr(delta.content).map(rec)) {
        if (part?.type === "text") text.add(choiceIndex, str(part.text) ?? "");
        if (part?.type === "thinking") for (const t of arr(part.thinking).map(rec)) reasoning.add(choiceIndex, str(t?.text) ?? "");
      }
      for (const t of arr(delta.tool_calls)) {
        const call = rec(t);
        const index = typeof call?.index === "number" ? call.index : 0;
        // An empty id (DashScope's continuation fragments) names nothing: the call at the index goes on.
        const id = (str(call?.id) || undefined) ?? idsByIndex.get(index);
        if (id === undefined) continue;
        if (!args.has(id)) toolCallIds.push(id);
        idsByIndex.set(index, id);
        args.set(id, (args.get(id) ?? "") + (str(rec(call?.function)?.arguments) ?? ""));
      }
    }
    // Groq documents its own copy of the usage, `x_groq.usage`, which is all a stream without
    // `include_usage` carries, and Compound's per-model breakdown of it.
    const usage = rec(chunk.usage) ?? rec(rec(chunk.x_groq)?.usage);
    if (usage !== undefined) {
      const model = typeof chunk.model === "string" && chunk.model !== "" ? chunk.model : undefined;
      usageByCall.set(String(chunk.id), { ...(model !== undefined && { model }), usage, entries: expectedChunkUsages(chunk, model) ?? [] });
    }
  }
  const perModel = new Map<string, Rec>();
  const costs: Rec[] = [];
  for (const [callId, { usage, entries }] of usageByCall) {
    const u = rec(usage) ?? {};
    if (u.cost !== undefined || u.cost_in_usd_ticks !== undefined || u.estimated_cost !== undefined) {
      costs.push({ callId, cost: u.cost, costInUsdTicks: u.cost_in_usd_ticks, estimatedCost: u.estimated_cost });
    }
    if (expectedChatUsage(usage) === undefined) continue;
    for (const { model, fields } of entries) {
      const key = model ?? "";
      const seen = perModel.get(key) ?? { provider: label, ...(model !== undefined && { model }) };
      for (const [field, value] of Object.entries(fields)) seen[field] = ((seen[field] as number | undefined) ?? 0) + value;
      perModel.set(key, seen);
    }
  }
  // Perplexity documents its reasoning models' answer as "a `<think>` section containing
  // reasoning tokens" then the answer: what the tags enclose is reasoning, the rest text.
  const split = label === "perplexity" ? splitThinkSection(text.joined()) : { text: text.joined(), reasoning: "" };
  return {
    text: split.text,
    reasoning: reasoning.joined() + split.reasoning,
    args,
    toolCallIds,
    usage: perModel.size === 0 ? undefined : [...perModel.values()],
    details,
    opaque,
    costs,
    logprobs: logprobs.text,
    refusalLogprobs: logprobs.refusal,
    ...(citations !== undefined && { citations }),
    ...(searchResults !== undefined && { searchResults }),
  };
}
