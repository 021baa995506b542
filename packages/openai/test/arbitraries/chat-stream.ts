/**
 * A generator for the Chat Completions chunk grammar, shaped like the recorded streams in
 * ../shared/provider-streams/openai-chat: an optional Azure prompt-filter preamble, then per
 * completion a role chunk (`content: ""`, `refusal: null`), reasoning fragments
 * (`reasoning_content` or `reasoning`, beside `content: null`/`""`), content or refusal fragments,
 * tool call fragments interleaved by `index` (id, type and name only on a call's first fragment,
 * one or two fragments per chunk), the finish chunk, and the trailing usage chunk
 * (`choices: []`). Several completions may follow one another (new `id`). A completion may carry
 * the tools Groq ran on its side (`delta.executed_tools`, after the reasoning): per tool an
 * optional announcement (a prefix of its arguments), then the entry with its full arguments and
 * its `output` (or none), and the whole list possibly repeated on the finish chunk, as GroqCloud's
 * Compound systems stream them (groq SDK `ChoiceDelta.executed_tools`).
 *
 * Alongside the chunks it returns what the provider sent, per entity, for conservation checks.
 */
import fc from "fast-check";
import { anyText, fragmentsOf, fromFirstNonEmpty, jsonArgsFragments, usageCounts, type UsageCounts } from "./text.js";
import { expectedChunkUsages } from "../support/chat-usage-oracle.js";
import { perChoiceText } from "../support/per-choice-text.js";

/** What the provider sent, per entity, in order. */
export interface ChatExpected {
  /** Per reasoning message: the fragments the adapter must emit. */
  reasoning: string[][];
  /** Per text message: fragments and whether it is a refusal. */
  texts: Array<{ fragments: string[]; refusal: boolean }>;
  /** Per tool call: id, name and every argument fragment. */
  tools: Array<{ id: string; name: string; fragments: string[] }>;
  /** Per server-run tool (`executed_tools`), in order: its name, argument fragments and output (if it had one). */
  executed: Array<{ name: string; fragments: string[]; output?: string }>;
  /** Usage per completion. */
  usage: Array<{ model: string } & UsageCounts>;
  /** The last finish reason sent. */
  finish: string;
}

export interface ChatStream {
  chunks: Array<Record<string, unknown>>;
  expected: ChatExpected;
}

interface ToolPlan {
  name: string;
  fragments: string[];
}

/** One tool Groq ran: announced with a prefix of its arguments (or not), then sent whole with its output (or without). */
interface ExecutedPlan {
  type: string;
  args: string;
  announce: boolean;
  cut: number;
  output?: string;
}

const executedPlan: fc.Arbitrary<ExecutedPlan> = fc.record(
  {
    type: fc.constantFrom("search", "python", "visit", "browser_automation", "wolfram_alpha"),
    args: fc.dictionary(fc.constantFrom("query", "code", "url"), anyText, { minKeys: 1, maxKeys: 2 }).map((v) => JSON.stringify(v)),
    announce: fc.boolean(),
    cut: fc.nat({ max: 1000 }),
    output: fc.option(anyText.filter((t) => t !== ""), { nil: undefined }),
  },
  { requiredKeys: ["type", "args", "announce", "cut"] },
);

interface CompletionPlan {
  model: string;
  reasoning?: string[];
  beside: "absent" | "null" | "empty";
  text?: { fragments: string[]; refusal: boolean };
  tools: ToolPlan[];
  /** Server-run tools (Groq `executed_tools`), and whether the finish chunk repeats their list. */
  executed?: ExecutedPlan[];
  repeatExecuted: boolean;
  /** Random draws deciding the interleaving of tool fragments and their grouping into chunks. */
  schedule: number[];
  finish: string;
  usage?: UsageCounts;
  usagePlacement: "trailing" | "on-finish";
  nullUsageField: boolean;
}

const completionPlan: fc.Arbitrary<CompletionPlan> = fc.record({
  model: fc.constantFrom("gpt-4.1-nano-2025-04-14", "gpt-5-nano-2025-08-07", "deepseek-reasoner"),
  reasoning: fc.option(fragmentsOf(anyText, 8), { nil: undefined }),
  beside: fc.constantFrom("absent", "null", "empty"),
  text: fc.option(fc.record({ fragments: fragmentsOf(anyText, 8), refusal: fc.boolean() }), { nil: undefined }),
  tools: fc.array(fc.record({ name: fc.constantFrom("get_weather", "get_time", "lookup", "a.b-c_d"), fragments: jsonArgsFragments }), { maxLength: 4 }),
  // One completion in three carries server-run tools; the others keep the plain shapes.
  executed: fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.array(executedPlan, { minLength: 1, maxLength: 3 }) }),
  repeatExecuted: fc.boolean(),
  schedule: fc.array(fc.nat({ max: 1000 }), { minLength: 64, maxLength: 64 }),
  finish: fc.constantFrom("stop", "length", "tool_calls", "content_filter", "function_call", "some_future_reason"),
  usage: fc.option(usageCounts, { nil: undefined }),
  usagePlacement: fc.constantFrom("trailing", "trailing", "on-finish"),
  nullUsageField: fc.boolean(),
}) as fc.Arbitrary<CompletionPlan>;

/** A well-formed Chat Completions stream and what it carries. */
export const chatStream: fc.Arbitrary<ChatStream> = fc
  .record({
    preamble: fc.boolean(),
    field: fc.constantFrom("reasoning_content", "reasoning"),
    completions: fc.array(completionPlan, { minLength: 1, maxLength: 2 }),
    salt: fc.string({ unit: fc.constantFrom("a", "b", "c", "1", "2"), minLength: 4, maxLength: 4 }),
  })
  .map(({ preamble, field, completions, salt }) => buildChatStream(preamble, field, completions, salt));

function buildChatStream(preamble: boolean, field: string, plans: CompletionPlan[], salt: string): ChatStream {
  const chunks: Array<Record<string, unknown>> = [];
  const expected: ChatExpected = { reasoning: [], texts: [], tools: [], executed: [], usage: [], finish: "" };
  if (preamble) {
    chunks.push({ choices: [], created: 0, id: "", model: "", object: "", prompt_filter_results: [{ prompt_index: 0, content_filter_results: {} }] });
  }
  plans.forEach((plan, c) => {
    const id = `chatcmpl-${salt}${c}`;
    const chunk = (delta: Record<string, unknown>, finish: string | null = null): Record<string, unknown> => ({
      id,
      object: "chat.completion.chunk",
      created: 1770933892,
      model: plan.model,
      system_fingerprint: "fp_x",
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      ...(plan.nullUsageField && { usage: null }),
    });
    chunks.push(chunk({ role: "assistant", content: "", refusal: null }));
    if (plan.reasoning !== undefined) {
      for (const fragment of plan.reasoning) {
        const beside = plan.beside === "absent" ? {} : { content: plan.beside === "null" ? null : "" };
        chunks.push(chunk({ [field]: fragment, ...beside }));
      }
      const emitted = fromFirstNonEmpty(plan.reasoning);
      if (emitted.length > 0) expected.reasoning.push(emitted);
    }
    const executed = plan.executed ?? [];
    executed.forEach((tool, k) => {
      const prefix = tool.args.slice(0, tool.cut % (tool.args.length + 1));
      if (tool.announce) chunks.push(chunk({ executed_tools: [{ index: k, type: tool.type, arguments: prefix }] }));
      chunks.push(chunk({ executed_tools: [executedEntry(tool, k)] }));
      const fragments = (tool.announce ? [prefix, tool.args.slice(prefix.length)] : [tool.args]).filter((f) => f !== "");
      expected.executed.push({ name: tool.type, fragments, ...(tool.output !== undefined && { output: tool.output }) });
    });
    if (plan.text !== undefined) {
      const key = plan.text.refusal ? "refusal" : "content";
      for (const fragment of plan.text.fragments) chunks.push(chunk({ [key]: fragment }));
      const emitted = fromFirstNonEmpty(plan.text.fragments);
      if (emitted.length > 0) expected.texts.push({ fragments: emitted, refusal: plan.text.refusal });
    }
    // Interleave the tool calls' fragments (each call's own order kept), one or two per chunk.
    const next = plan.tools.map(() => 0);
    const callIds = plan.tools.map((_, k) => `call_${salt}${c}_${k}`);
    let draw = 0;
    const pick = (): number => plan.schedule[draw++ % plan.schedule.length] ?? 0;
    for (;;) {
      const live = plan.tools.map((tool, k) => (next[k]! < tool.fragments.length ? k : -1)).filter((k) => k >= 0);
      if (live.length === 0) break;
      const group: Record<string, unknown>[] = [];
      const size = pick() % 2 === 0 ? 1 : 2;
      for (let g = 0; g < size; g += 1) {
        const still = plan.tools.map((tool, k) => (next[k]! < tool.fragments.length ? k : -1)).filter((k) => k >= 0);
        if (still.length === 0) break;
        const k = still[pick() % still.length]!;
        const tool = plan.tools[k]!;
        const position = next[k]!;
        next[k] = position + 1;
        const args = tool.fragments[position]!;
        group.push(
          position === 0
            ? { index: k, id: callIds[k], type: "function", function: { name: tool.name, arguments: args } }
            : { index: k, function: { arguments: args } },
        );
      }
      chunks.push(chunk({ tool_calls: group }));
    }
    plan.tools.forEach((tool, k) => expected.tools.push({ id: callIds[k]!, name: tool.name, fragments: tool.fragments }));
    const usage =
      plan.usage === undefined
        ? undefined
        : {
            prompt_tokens: plan.usage.input,
            completion_tokens: plan.usage.output,
            total_tokens: plan.usage.input + plan.usage.output,
            prompt_tokens_details: { ...(plan.usage.cached !== undefined && { cached_tokens: plan.usage.cached }), audio_tokens: 0 },
            completion_tokens_details: {
              ...(plan.usage.reasoning !== undefined && { reasoning_tokens: plan.usage.reasoning }),
              audio_tokens: 0,
              accepted_prediction_tokens: 0,
              rejected_prediction_tokens: 0,
            },
          };
    const finishChunk = chunk(plan.repeatExecuted && executed.length > 0 ? { executed_tools: executed.map(executedEntry) } : {}, plan.finish);
    if (usage !== undefined && plan.usagePlacement === "on-finish") finishChunk.usage = usage;
    chunks.push(finishChunk);
    if (usage !== undefined && plan.usagePlacement === "trailing") {
      chunks.push({ id, object: "chat.completion.chunk", created: 1770933892, model: plan.model, choices: [], usage });
    }
    if (plan.usage !== undefined) expected.usage.push({ model: plan.model, ...plan.usage });
    expected.finish = plan.finish;
  });
  return { chunks, expected };
}

/** An `executed_tools` entry carrying the tool's whole arguments and its output, if it had one. */
function executedEntry(tool: ExecutedPlan, index: number): Record<string, unknown> {
  return { index, type: tool.type, arguments: tool.args, ...(tool.output !== undefined && { output: tool.output }) };
}

/** What a (possibly cut or mangled) chunk list carried, read straight from the provider payloads. */
export interface ChatCarried {
  /** Content and refusal fragments, in order. */
  text: string;
  reasoning: string;
  /** Argument text per call id (the index → id map kept per completion, as the API defines it). */
  args: Map<string, string>;
  /**
   * Argument text per server-run tool (`executed_tools`, one per completion, choice and entry
   * `index`), in order of first appearance: a later entry adds what extends the text so far (a
   * whole repeat adds nothing), none once an entry carried a result.
   */
  executed: string[];
  /** Usage per completion id (last report wins). */
  usage: Map<string, { model?: string; inputTokens?: number; outputTokens?: number; reasoningTokens?: number; cachedInputTokens?: number; cacheWriteInputTokens?: number }>;
}

/** Reads {@link ChatCarried} from chunks; stops at the first chunk that is not an object. */
export function carriedByChatChunks(chunks: readonly unknown[]): ChatCarried {
  const out: ChatCarried = { text: "", reasoning: "", args: new Map(), executed: [], usage: new Map() };
  const executed = new Map<string, { at: number; resulted: boolean }>();
  const rec = (v: unknown): Record<string, unknown> | undefined => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);
  const num = (v: unknown): number | undefined => (typeof v === "number" ? v : undefined);
  // Per completion and choice: see perChoiceText (the adapter gives each choice of `n > 1` its own message).
  const text = perChoiceText();
  const reasoningText = perChoiceText();
  let completion = "";
  let model: string | undefined;
  let byIndex = new Map<number, string>();
  for (const raw of chunks) {
    const chunk = rec(raw);
    if (chunk === undefined || chunk.error !== undefined) break;
    if (typeof chunk.model === "string" && chunk.model !== "") model = chunk.model;
    if (typeof chunk.id === "string" && chunk.id !== "" && chunk.id !== completion) {
      completion = chunk.id;
      byIndex = new Map();
    }
    for (const choice of Array.isArray(chunk.choices) ? chunk.choices : []) {
      const delta = rec(rec(choice)?.delta);
      if (delta === undefined) continue;
      const at = `${completion}/${num(rec(choice)?.index) ?? 0}`;
      const reasoning = typeof delta.reasoning_content === "string" ? delta.reasoning_content : delta.reasoning;
      if (typeof reasoning === "string") reasoningText.add(at, reasoning);
      if (typeof delta.refusal === "string") text.add(at, delta.refusal);
      if (typeof delta.content === "string") text.add(at, delta.content);
      // Content parts (Mistral): `text` parts are text, `thinking` parts (their text chunks) reasoning.
      for (const part of Array.isArray(delta.content) ? (delta.content as unknown[]) : []) {
        const p = rec(part);
        if (p?.type === "text" && typeof p.text === "string") text.add(at, p.text);
        if (p?.type === "thinking") for (const t of Array.isArray(p.thinking) ? p.thinking : []) if (typeof rec(t)?.text === "string") reasoningText.add(at, String(rec(t)?.text));
      }
      const choiceIndex = num(rec(choice)?.index) ?? 0;
      const entries: unknown[] = Array.isArray(delta.executed_tools) ? delta.executed_tools : [];
      entries.forEach((raw, position) => {
        const entry = rec(raw);
        if (entry === undefined) return;
        const key = `${completion}/${choiceIndex}/${num(entry.index) ?? position}`;
        let tool = executed.get(key);
        if (tool?.resulted === true) return;
        if (tool === undefined) {
          tool = { at: out.executed.push("") - 1, resulted: false };
          executed.set(key, tool);
        }
        const sofar = out.executed[tool.at] ?? "";
        const text = typeof entry.arguments === "string" ? entry.arguments : "";
        out.executed[tool.at] = sofar + (text.startsWith(sofar) ? text.slice(sofar.length) : text);
        if (typeof entry.output === "string" && entry.output !== "") tool.resulted = true;
      });
      // A fragment without `index` is keyed by its place in the array (Kimi, Mistral).
      for (const [position, fragment] of (Array.isArray(delta.tool_calls) ? (delta.tool_calls as unknown[]) : []).entries()) {
        const call = rec(fragment);
        const index = num(call?.index) ?? position;
        if (typeof call?.id === "string" && call.id !== "") byIndex.set(index, call.id);
        const id = byIndex.get(index);
        const args = rec(call?.function)?.arguments;
        if (id !== undefined) out.args.set(id, (out.args.get(id) ?? "") + (typeof args === "string" ? args : ""));
      }
    }
    // The documented Chat rule (parts read where each server puts them, beside their totals added
    // in; Kimi's finishing choice, Groq's x_groq), Groq Compound's per-model breakdown when it
    // accounts for the usage. A completion's last report wins.
    const entries = expectedChunkUsages(chunk, model);
    if (entries !== undefined) {
      for (const key of [...out.usage.keys()]) if (key.startsWith(`${completion}#`)) out.usage.delete(key);
      entries.forEach((e, i) => {
        const { totalTokens: _total, ...counts } = e.fields;
        out.usage.set(`${completion}#${i}`, { ...(e.model !== undefined && { model: e.model }), ...counts });
      });
    }
  }
  out.text = text.joined();
  out.reasoning = reasoningText.joined();
  return out;
}
