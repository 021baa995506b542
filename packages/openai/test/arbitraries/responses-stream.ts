/**
 * A generator for the Responses event grammar, shaped like the recorded streams in
 * ../shared/provider-streams/openai-responses: `response.created` / `.in_progress`, output items
 * (message with output_text or refusal; reasoning with summary parts or reasoning_text parts and
 * `encrypted_content`; function_call and custom_tool_call keyed by `item_id`, possibly
 * interleaved; web_search_call and file_search_call with their progress events; client-run
 * shell_call items with their `shell_call_command.*` events, ./responses-shell-call.ts), each streamed as
 * deltas, as `.done` events only, or only in the finished item; then `response.completed`,
 * `.incomplete` or `.failed` with usage. Several responses may follow one another (an agent loop).
 *
 * Alongside the events it returns what the provider sent, per entity, for conservation checks;
 * ./responses-carried.ts reads what a cut or mangled event list still carried.
 */
import fc from "fast-check";
import { emitShellCall, shellIds, shellPlan, type ShellPlan } from "./responses-shell-call.js";
import { anyText, fragmentsOf, jsonArgsFragments, usageCounts, type UsageCounts } from "./text.js";

type Mode = "deltas" | "done" | "item";

type ItemPlan =
  | { kind: "message"; refusal: boolean; fragments: string[]; mode: Mode }
  | { kind: "reasoning"; partType: "summary" | "content"; parts: string[][]; mode: Mode; encrypted?: string; encryptedOnAdded: boolean }
  | { kind: "function" | "custom"; name: string; fragments: string[]; mode: Mode }
  | { kind: "web_search" | "file_search"; query: string }
  | ShellPlan;

interface ResponsePlan {
  model: string;
  items: ItemPlan[];
  terminal: "completed" | "incomplete" | "failed";
  incompleteReason: string;
  usage?: UsageCounts;
  interleave: boolean;
  schedule: number[];
}

/** What the provider sent, per entity, in order. */
export interface ResponsesExpected {
  /** Per text message (item order): the fragments the adapter must emit, and refusal or not. */
  texts: Array<{ itemId: string; fragments: string[]; refusal: boolean }>;
  /** Per reasoning item: fragments, and the encrypted value of its finished item. */
  reasoning: Array<{ itemId: string; fragments: string[]; encrypted?: string }>;
  /** Per application tool call (call_id); a shell call's arguments are checked as the JSON `json`. */
  tools: Array<{ callId: string; name: string; fragments: string[]; json?: unknown }>;
  /** Provider-run tool item ids. */
  providerTools: string[];
  usage: Array<{ model: string } & UsageCounts>;
  /** How the last response ended. */
  terminal: "completed" | "incomplete" | "failed";
  incompleteReason: string;
  failCode: string;
}

export interface ResponsesStream {
  events: Array<Record<string, unknown>>;
  expected: ResponsesExpected;
}

const mode = fc.constantFrom<Mode>("deltas", "deltas", "deltas", "done", "item");

const itemPlan: fc.Arbitrary<ItemPlan> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("message" as const), refusal: fc.boolean(), fragments: fragmentsOf(anyText, 8), mode }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("reasoning" as const),
      partType: fc.constantFrom("summary" as const, "content" as const),
      parts: fc.array(fragmentsOf(anyText, 5), { maxLength: 3 }),
      mode,
      encrypted: fc.option(fc.base64String({ minLength: 4, maxLength: 64 }), { nil: undefined }),
      encryptedOnAdded: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom("function" as const, "custom" as const), name: fc.constantFrom("calculator", "lookup", "apply"), fragments: jsonArgsFragments, mode }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom("web_search" as const, "file_search" as const), query: anyText }) },
  { weight: 1, arbitrary: shellPlan },
) as fc.Arbitrary<ItemPlan>;

const responsePlan: fc.Arbitrary<ResponsePlan> = fc.record({
  model: fc.constantFrom("gpt-5.1-codex-max", "gpt-5-nano-2025-08-07", "o4-mini"),
  items: fc.array(itemPlan, { maxLength: 6 }),
  terminal: fc.constantFrom("completed", "completed", "completed", "incomplete", "failed"),
  incompleteReason: fc.constantFrom("max_output_tokens", "content_filter", "other_reason"),
  usage: fc.option(usageCounts, { nil: undefined }),
  interleave: fc.boolean(),
  schedule: fc.array(fc.nat({ max: 1000 }), { minLength: 32, maxLength: 32 }),
}) as fc.Arbitrary<ResponsePlan>;

/** A well-formed Responses stream (one to three responses) and what it carries. */
export const responsesStream: fc.Arbitrary<ResponsesStream> = fc
  .record({
    responses: fc.array(responsePlan, { minLength: 1, maxLength: 3 }),
    salt: fc.string({ unit: fc.constantFrom("a", "b", "c", "1", "2"), minLength: 4, maxLength: 4 }),
  })
  .map(({ responses, salt }) => {
    // Only the last response may fail (a failed response ends the run).
    const plans = responses.map((plan, r) => (r < responses.length - 1 && plan.terminal === "failed" ? { ...plan, terminal: "completed" as const } : plan));
    return buildResponsesStream(plans, salt);
  });

function buildResponsesStream(plans: ResponsePlan[], salt: string): ResponsesStream {
  const events: Array<Record<string, unknown>> = [];
  const expected: ResponsesExpected = { texts: [], reasoning: [], tools: [], providerTools: [], usage: [], terminal: "completed", incompleteReason: "", failCode: "server_error" };
  let seq = 0;
  const emit = (event: Record<string, unknown>): void => {
    events.push({ ...event, sequence_number: seq++ });
  };
  plans.forEach((plan, r) => {
    const responseId = `resp_${salt}${r}`;
    const base = { id: responseId, object: "response", created_at: 1765552659, model: plan.model, output: [], error: null, incomplete_details: null, usage: null };
    emit({ type: "response.created", response: { ...base, status: "in_progress" } });
    emit({ type: "response.in_progress", response: { ...base, status: "in_progress" } });
    // Runs of consecutive streamed tool calls may interleave (when the plan says so).
    let i = 0;
    while (i < plan.items.length) {
      const item = plan.items[i]!;
      if (plan.interleave && isStreamedTool(item)) {
        let j = i;
        while (j < plan.items.length && isStreamedTool(plan.items[j]!)) j += 1;
        emitInterleavedTools(plan.items.slice(i, j) as ToolPlan[], i, `${salt}${r}`, plan.schedule, emit, expected);
        i = j;
        continue;
      }
      emitItem(item, i, `${salt}${r}`, emit, expected);
      i += 1;
    }
    const usage =
      plan.usage === undefined
        ? null
        : {
            input_tokens: plan.usage.input,
            input_tokens_details: { cached_tokens: plan.usage.cached ?? 0 },
            output_tokens: plan.usage.output,
            output_tokens_details: { reasoning_tokens: plan.usage.reasoning ?? 0 },
            total_tokens: plan.usage.input + plan.usage.output,
          };
    const end = { ...base, usage };
    if (plan.terminal === "completed") emit({ type: "response.completed", response: { ...end, status: "completed" } });
    if (plan.terminal === "incomplete") emit({ type: "response.incomplete", response: { ...end, status: "incomplete", incomplete_details: { reason: plan.incompleteReason } } });
    if (plan.terminal === "failed") emit({ type: "response.failed", response: { ...end, status: "failed", error: { code: "server_error", message: "The model failed." } } });
    if (plan.usage !== undefined) {
      expected.usage.push({ model: plan.model, input: plan.usage.input, output: plan.usage.output, cached: plan.usage.cached ?? 0, reasoning: plan.usage.reasoning ?? 0 });
    }
    expected.terminal = plan.terminal;
    expected.incompleteReason = plan.incompleteReason;
  });
  return { events, expected };
}

type ToolPlan = Extract<ItemPlan, { kind: "function" | "custom" }>;
type Emit = (event: Record<string, unknown>) => void;

function isStreamedTool(item: ItemPlan): item is ToolPlan {
  return (item.kind === "function" || item.kind === "custom") && item.mode === "deltas";
}

function toolIds(item: ToolPlan, index: number, tag: string): { itemId: string; callId: string } {
  return { itemId: `${item.kind === "function" ? "fc" : "ctc"}_${tag}_${index}`, callId: `call_${tag}_${index}` };
}

function toolItem(item: ToolPlan, index: number, tag: string, value: string, status: string): Record<string, unknown> {
  const { itemId, callId } = toolIds(item, index, tag);
  return item.kind === "function"
    ? { id: itemId, type: "function_call", status, arguments: value, call_id: callId, name: item.name }
    : { id: itemId, type: "custom_tool_call", status, input: value, call_id: callId, name: item.name };
}

function toolDelta(item: ToolPlan, index: number, tag: string, delta: string): Record<string, unknown> {
  const { itemId } = toolIds(item, index, tag);
  const type = item.kind === "function" ? "response.function_call_arguments.delta" : "response.custom_tool_call_input.delta";
  return { type, item_id: itemId, output_index: index, delta, obfuscation: "x" };
}

function toolDone(item: ToolPlan, index: number, tag: string, full: string): Record<string, unknown> {
  const { itemId } = toolIds(item, index, tag);
  return item.kind === "function"
    ? { type: "response.function_call_arguments.done", item_id: itemId, output_index: index, arguments: full }
    : { type: "response.custom_tool_call_input.done", item_id: itemId, output_index: index, input: full };
}

function expectTool(item: ToolPlan, index: number, tag: string, expected: ResponsesExpected): void {
  const full = item.fragments.join("");
  const fragments = item.mode === "deltas" ? item.fragments : full === "" ? [] : [full];
  expected.tools.push({ callId: toolIds(item, index, tag).callId, name: item.name, fragments });
}

function emitInterleavedTools(items: ToolPlan[], first: number, tag: string, schedule: number[], emit: Emit, expected: ResponsesExpected): void {
  items.forEach((item, k) => emit({ type: "response.output_item.added", output_index: first + k, item: toolItem(item, first + k, tag, "", "in_progress") }));
  const next = items.map(() => 0);
  let draw = 0;
  for (;;) {
    const live = items.map((item, k) => (next[k]! < item.fragments.length ? k : -1)).filter((k) => k >= 0);
    if (live.length === 0) break;
    const k = live[(schedule[draw++ % schedule.length] ?? 0) % live.length]!;
    const item = items[k]!;
    emit(toolDelta(item, first + k, tag, item.fragments[next[k]!]!));
    next[k] = next[k]! + 1;
  }
  items.forEach((item, k) => {
    const full = item.fragments.join("");
    emit(toolDone(item, first + k, tag, full));
    emit({ type: "response.output_item.done", output_index: first + k, item: toolItem(item, first + k, tag, full, "completed") });
    expectTool(item, first + k, tag, expected);
  });
}

function emitItem(item: ItemPlan, index: number, tag: string, emit: Emit, expected: ResponsesExpected): void {
  if (item.kind === "function" || item.kind === "custom") {
    const full = item.fragments.join("");
    emit({ type: "response.output_item.added", output_index: index, item: toolItem(item, index, tag, "", "in_progress") });
    if (item.mode === "deltas") for (const delta of item.fragments) emit(toolDelta(item, index, tag, delta));
    if (item.mode !== "item") emit(toolDone(item, index, tag, full));
    emit({ type: "response.output_item.done", output_index: index, item: toolItem(item, index, tag, full, "completed") });
    expectTool(item, index, tag, expected);
    return;
  }
  if (item.kind === "message") {
    const itemId = `msg_${tag}_${index}`;
    const full = item.fragments.join("");
    const where = { item_id: itemId, output_index: index, content_index: 0 };
    emit({ type: "response.output_item.added", output_index: index, item: { id: itemId, type: "message", status: "in_progress", role: "assistant", content: [] } });
    const emptyPart = item.refusal ? { type: "refusal", refusal: "" } : { type: "output_text", text: "", annotations: [], logprobs: [] };
    const fullPart = item.refusal ? { type: "refusal", refusal: full } : { type: "output_text", text: full, annotations: [], logprobs: [] };
    if (item.mode !== "item") emit({ type: "response.content_part.added", ...where, part: emptyPart });
    if (item.mode === "deltas") {
      for (const delta of item.fragments) emit({ type: item.refusal ? "response.refusal.delta" : "response.output_text.delta", ...where, delta, logprobs: [] });
    }
    if (item.mode !== "item") {
      emit(item.refusal ? { type: "response.refusal.done", ...where, refusal: full } : { type: "response.output_text.done", ...where, text: full, logprobs: [] });
      emit({ type: "response.content_part.done", ...where, part: fullPart });
    }
    emit({ type: "response.output_item.done", output_index: index, item: { id: itemId, type: "message", status: "completed", role: "assistant", content: [fullPart] } });
    expected.texts.push({ itemId, refusal: item.refusal, fragments: item.mode === "deltas" ? item.fragments : full === "" ? [] : [full] });
    return;
  }
  if (item.kind === "reasoning") {
    const itemId = `rs_${tag}_${index}`;
    const summary = item.partType === "summary";
    const texts = item.parts.map((p) => p.join(""));
    emit({
      type: "response.output_item.added",
      output_index: index,
      item: { id: itemId, type: "reasoning", summary: [], ...(item.encryptedOnAdded && item.encrypted !== undefined && { encrypted_content: `${item.encrypted.slice(0, 2)}-partial` }) },
    });
    item.parts.forEach((fragments, j) => {
      const where = summary ? { item_id: itemId, output_index: index, summary_index: j } : { item_id: itemId, output_index: index, content_index: j };
      if (item.mode === "item") return;
      emit(summary ? { type: "response.reasoning_summary_part.added", ...where, part: { type: "summary_text", text: "" } } : { type: "response.content_part.added", ...where, part: { type: "reasoning_text", text: "" } });
      if (item.mode === "deltas") {
        for (const delta of fragments) emit({ type: summary ? "response.reasoning_summary_text.delta" : "response.reasoning_text.delta", ...where, delta, obfuscation: "x" });
      }
      emit({ type: summary ? "response.reasoning_summary_text.done" : "response.reasoning_text.done", ...where, text: texts[j] });
      emit(summary ? { type: "response.reasoning_summary_part.done", ...where, part: { type: "summary_text", text: texts[j] } } : { type: "response.content_part.done", ...where, part: { type: "reasoning_text", text: texts[j] } });
    });
    emit({
      type: "response.output_item.done",
      output_index: index,
      item: {
        id: itemId,
        type: "reasoning",
        summary: summary ? texts.map((text) => ({ type: "summary_text", text })) : [],
        ...(!summary && { content: texts.map((text) => ({ type: "reasoning_text", text })) }),
        ...(item.encrypted !== undefined && { encrypted_content: item.encrypted }),
      },
    });
    const fragments = item.mode === "deltas" ? item.parts.flat() : item.mode === "done" ? texts : texts.filter((t) => t !== "");
    expected.reasoning.push({ itemId, fragments, ...(item.encrypted !== undefined && item.encrypted !== "" && { encrypted: item.encrypted }) });
    return;
  }
  if (item.kind === "shell") {
    const json = emitShellCall(item, index, tag, emit);
    expected.tools.push({ callId: shellIds(index, tag).callId, name: "shell", fragments: [], json });
    return;
  }
  // Provider-run tools: progress events the adapter ignores, then the finished item with its result.
  emitProviderTool(item as Extract<ItemPlan, { kind: "web_search" | "file_search" }>, index, tag, emit, expected);
}

function emitProviderTool(item: Extract<ItemPlan, { kind: "web_search" | "file_search" }>, index: number, tag: string, emit: Emit, expected: ResponsesExpected): void {
  const kind = item.kind;
  const itemId = `${kind === "web_search" ? "ws" : "fs"}_${tag}_${index}`;
  const type = `${kind}_call`;
  emit({ type: "response.output_item.added", output_index: index, item: { id: itemId, type, status: "in_progress", ...(kind === "file_search" && { queries: [], results: null }) } });
  for (const step of ["in_progress", "searching", "completed"]) emit({ type: `response.${type}.${step}`, item_id: itemId, output_index: index });
  emit({
    type: "response.output_item.done",
    output_index: index,
    item:
      kind === "web_search"
        ? { id: itemId, type, status: "completed", action: { type: "search", query: item.query, sources: [{ type: "url", url: "https://example.test/a" }] } }
        : { id: itemId, type, status: "completed", queries: [item.query], results: [{ file_id: "file-1", filename: "a.txt", score: 0.5, text: item.query }] },
  });
  expected.providerTools.push(itemId);
}
