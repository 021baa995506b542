/**
 * A generator for Gemini `generateContentStream` chunks (`GenerateContentResponse`), shaped like the
 * recordings in ../shared/provider-streams/google: text parts, thought parts, thoughtSignature on
 * text / thought / functionCall parts (or on a trailing empty text part), functionCall with whole
 * args, Vertex streamed calls (`willContinue` + `partialArgs`, interleaved by id, sometimes without
 * their closing part), executableCode + codeExecutionResult, inlineData, usageMetadata running
 * totals (some chunks carrying only `trafficType`), finishReason; one or two responses back to back.
 * Beside the chunks: what the adapter must make of them, per entity, derived from the spec.
 */
import type { TokenUsage } from "@agui-bridge/core/adapter";
import fc from "fast-check";
import { fragmentPlan, fragmentsOf, groupBy, streamableArgs, type FragmentPlan } from "./partial-args.js";
import { anyText, deltas, jsonArgs, opaque, sumPerModel } from "@agui-bridge/test-support";

type Part = Record<string, unknown>;

export type ItemSpec =
  | { kind: "text"; pieces: string[]; sigAt: number | undefined }
  | { kind: "thought"; pieces: string[]; sigAt: number | undefined }
  | { kind: "call"; name: string; args: Record<string, unknown> | undefined; withId: boolean; sig: boolean }
  | { kind: "streamed"; name: string; args: Record<string, unknown>; plan: FragmentPlan; sizes: number[]; withId: boolean; sig: boolean; terminal: boolean; interleave: boolean[] }
  | { kind: "code"; code: string; output: string; withId: boolean; sig: boolean; resultSig: boolean }
  | { kind: "media"; mimeType: string; data: string; sig: boolean };

export interface TurnSpec {
  model: string;
  items: ItemSpec[];
  chunkSizes: number[];
  usage: { prompt: number; cached: number | undefined; toolUse: number | undefined; thoughts: number | undefined; steps: number[]; trafficOnly: boolean[] };
  finishReason: string;
  emptyFinalPart: boolean;
}

/** One entity the run must contain. */
export type ExpectedEntity =
  | { kind: "text" | "reasoning"; deltas: string[]; signature: string | undefined }
  | {
      kind: "call";
      name: string;
      providerId: string | undefined;
      args: string;
      /** Whole args arrive as one ARGS delta. */
      whole: boolean;
      providerExecuted: boolean;
      signature: string | undefined;
      result: unknown;
      resultSignature: string | undefined;
      /** A streamed call whose closing part never came: closed interrupted, never pending. */
      cut?: boolean;
    };

export interface Expected {
  entities: ExpectedEntity[];
  usage: TokenUsage[] | undefined;
  finishReason: string;
  rawFinishReason: string;
  pending: "application-calls";
}

export interface GeneratedStream {
  chunks: Part[];
  expected: Expected;
  turns: TurnSpec[];
}

const sigOpt = fc.boolean();
const pieces = (allowEmptyFirst: boolean) =>
  deltas(anyText(30), 4).filter((list) => allowEmptyFirst || (list[0] ?? "") !== "");

const item: fc.Arbitrary<ItemSpec> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("text" as const), pieces: pieces(false), sigAt: fc.option(fc.nat({ max: 5 }), { nil: undefined }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("thought" as const), pieces: pieces(true), sigAt: fc.option(fc.nat({ max: 5 }), { nil: undefined }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("call" as const),
      name: fc.constantFrom("get_weather", "lookup", "read_theme"),
      args: fc.option(jsonArgs, { nil: undefined, freq: 5 }),
      withId: fc.boolean(),
      sig: sigOpt,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("streamed" as const),
      name: fc.constantFrom("cookRecipe", "writeItems", "getWeather"),
      args: streamableArgs,
      plan: fragmentPlan,
      sizes: fc.array(fc.nat(), { maxLength: 6 }),
      withId: fc.boolean(),
      sig: sigOpt,
      terminal: fc.nat({ max: 4 }).map((n) => n > 0),
      interleave: fc.array(fc.boolean(), { maxLength: 12 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("code" as const), code: anyText(30), output: anyText(30), withId: fc.boolean(), sig: sigOpt, resultSig: sigOpt }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("media" as const), mimeType: fc.constantFrom("image/png", "audio/wav", "application/pdf"), data: opaque(4, 40), sig: sigOpt }) },
);

const FINISH = ["STOP", "STOP", "STOP", "MAX_TOKENS", "SAFETY", "RECITATION", "MALFORMED_FUNCTION_CALL", "IMAGE_SAFETY", "OTHER", "A_NEW_REASON"];
const count = fc.nat({ max: 100_000 });

const turn: fc.Arbitrary<TurnSpec> = fc.record({
  model: fc.constantFrom("gemini-3-pro-preview", "gemini-2.5-flash"),
  items: fc.array(item, { minLength: 1, maxLength: 6 }),
  chunkSizes: fc.array(fc.nat(), { maxLength: 6 }),
  usage: fc.record({
    prompt: count,
    cached: fc.option(count, { nil: undefined }),
    toolUse: fc.option(count, { nil: undefined }),
    thoughts: fc.option(count, { nil: undefined }),
    steps: fc.array(fc.nat({ max: 500 }), { minLength: 1, maxLength: 8 }),
    trafficOnly: fc.array(fc.boolean(), { maxLength: 8 }),
  }),
  finishReason: fc.constantFrom(...FINISH),
  emptyFinalPart: fc.boolean(),
});

/** Streams of one or two responses. */
export const geminiStream: fc.Arbitrary<GeneratedStream> = fc
  .tuple(fc.array(turn, { minLength: 1, maxLength: 2 }), fc.nat({ max: 1_000_000 }))
  .map(([turns, salt]) => buildStream(turns, salt));

/** Turns specs into chunks and the expected output. */
export function buildStream(turns: TurnSpec[], salt = 0): GeneratedStream {
  const chunks: Part[] = [];
  const entities: ExpectedEntity[] = [];
  const usage: TokenUsage[] = [];
  let finishReason = "";
  let rawFinishReason = "";
  let ids = 0;
  turns.forEach((spec, t) => {
    const responseId = `resp_${salt}_${t}`;
    const items = withoutAdjacentText(spec.items);
    const parts: Part[] = [];
    let madeCalls = false;
    let lastText: ExpectedEntity | undefined;
    for (let i = 0; i < items.length; i++) {
      const it = items[i] as ItemSpec;
      const n = ids++;
      const signature = `sig_${salt}_${n}`;
      lastText = undefined;
      switch (it.kind) {
        case "text":
        case "thought": {
          const own = it.pieces.map((text): Part => (it.kind === "thought" ? { text, thought: true } : { text }));
          const entity: ExpectedEntity = { kind: it.kind === "text" ? "text" : "reasoning", deltas: [...it.pieces], signature: undefined };
          if (it.sigAt !== undefined) {
            entity.signature = signature;
            if (it.sigAt < own.length) (own[it.sigAt] as Part).thoughtSignature = signature;
            else {
              // A trailing empty (non-thought) text part carrying the signature: it attaches to the
              // message it follows; for a text message it is also an empty delta.
              own.push({ text: "", thoughtSignature: signature });
              if (it.kind === "text") entity.deltas.push("");
            }
          }
          parts.push(...own);
          entities.push(entity);
          if (it.kind === "text") lastText = entity;
          break;
        }
        case "call": {
          const providerId = it.withId ? `call_${salt}_${n}` : undefined;
          parts.push({ functionCall: { ...(providerId !== undefined && { id: providerId }), name: it.name, ...(it.args !== undefined && { args: it.args }) }, ...(it.sig && { thoughtSignature: signature }) });
          entities.push({ kind: "call", name: it.name, providerId, args: JSON.stringify(it.args ?? {}), whole: true, providerExecuted: false, signature: it.sig ? signature : undefined, result: undefined, resultSignature: undefined });
          madeCalls = true;
          break;
        }
        case "streamed": {
          const providerId = it.withId ? `call_${salt}_${n}` : undefined;
          const idField = providerId !== undefined ? { id: providerId } : {};
          const own: Part[] = [{ functionCall: { ...idField, name: it.name, willContinue: true }, ...(it.sig && { thoughtSignature: signature }) }];
          for (const group of groupBy(fragmentsOf(it.args, it.plan), it.sizes)) own.push({ functionCall: { ...idField, partialArgs: group, willContinue: true } });
          if (it.terminal) own.push({ functionCall: { ...idField } });
          // A call still streaming when its response finishes was cut off (closed interrupted, never
          // pending, no `tool-calls` finish); an id-less one the response's next streamed call
          // supersedes (when that one is id-less too) is complete: the model moved on.
          const nextStreamed = items.slice(i + 1).find((later) => later.kind === "streamed");
          const superseded = !it.withId && nextStreamed !== undefined && nextStreamed.kind === "streamed" && !nextStreamed.withId;
          const cut = !it.terminal && !superseded;
          entities.push({ kind: "call", name: it.name, providerId, args: JSON.stringify(it.args), whole: false, providerExecuted: false, signature: it.sig ? signature : undefined, result: undefined, resultSignature: undefined, ...(cut && { cut: true }) });
          if (!cut) madeCalls = true;
          // Two consecutive streamed calls with ids may interleave their continuation parts.
          const next = items[i + 1];
          if (providerId !== undefined && it.terminal && next?.kind === "streamed" && next.withId && next.terminal) {
            const m = ids++;
            const nextId = `call_${salt}_${m}`;
            const theirs: Part[] = [{ functionCall: { id: nextId, name: next.name, willContinue: true }, ...(next.sig && { thoughtSignature: `sig_${salt}_${m}` }) }];
            for (const group of groupBy(fragmentsOf(next.args, next.plan), next.sizes)) theirs.push({ functionCall: { id: nextId, partialArgs: group, willContinue: true } });
            theirs.push({ functionCall: { id: nextId } });
            entities.push({ kind: "call", name: next.name, providerId: nextId, args: JSON.stringify(next.args), whole: false, providerExecuted: false, signature: next.sig ? `sig_${salt}_${m}` : undefined, result: undefined, resultSignature: undefined });
            parts.push(...interleave(own, theirs, it.interleave));
            i++;
          } else parts.push(...own);
          break;
        }
        case "code": {
          const providerId = it.withId ? `code_${salt}_${n}` : undefined;
          const resultSignature = `rsig_${salt}_${n}`;
          parts.push({ executableCode: { ...(providerId !== undefined && { id: providerId }), language: "PYTHON", code: it.code }, ...(it.sig && { thoughtSignature: signature }) });
          parts.push({ codeExecutionResult: { ...(providerId !== undefined && { id: providerId }), outcome: "OUTCOME_OK", output: it.output }, ...(it.resultSig && { thoughtSignature: resultSignature }) });
          entities.push({
            kind: "call",
            name: "code_execution",
            providerId,
            args: JSON.stringify({ language: "PYTHON", code: it.code }),
            whole: true,
            providerExecuted: true,
            signature: it.sig ? signature : undefined,
            result: it.output,
            resultSignature: it.resultSig ? resultSignature : undefined,
          });
          break;
        }
        case "media": {
          parts.push({ inlineData: { mimeType: it.mimeType, data: it.data }, ...(it.sig && { thoughtSignature: signature }) });
          const kind = it.mimeType.split("/")[0];
          entities.push({
            kind: "call",
            name: kind === "image" ? "image_generation" : "inline_data",
            providerId: undefined,
            args: "{}",
            whole: true,
            providerExecuted: true,
            signature: it.sig ? signature : undefined,
            result: [{ type: kind === "image" ? "image" : kind === "audio" ? "audio" : "document", source: { type: "data", value: it.data, mimeType: it.mimeType } }],
            resultSignature: undefined,
          });
          break;
        }
      }
    }
    // The finishing chunk often carries an empty text part: an empty delta when a text message is open.
    if (spec.emptyFinalPart) {
      parts.push({ text: "" });
      if (lastText !== undefined && lastText.kind !== "call") lastText.deltas.push("");
    }
    const groups = groupBy(parts, spec.chunkSizes);
    let candidates = 0;
    let last: Record<string, number> | undefined;
    groups.forEach((group, g) => {
      const final = g === groups.length - 1;
      candidates += spec.usage.steps[g % spec.usage.steps.length] ?? 0;
      const trafficOnly = !final && spec.usage.trafficOnly[g % Math.max(1, spec.usage.trafficOnly.length)] === true;
      const counts: Record<string, number> = {
        promptTokenCount: spec.usage.prompt,
        candidatesTokenCount: candidates,
        ...(spec.usage.cached !== undefined && { cachedContentTokenCount: Math.min(spec.usage.cached, spec.usage.prompt) }),
        ...(spec.usage.toolUse !== undefined && { toolUsePromptTokenCount: spec.usage.toolUse }),
        ...(spec.usage.thoughts !== undefined && { thoughtsTokenCount: spec.usage.thoughts }),
      };
      counts.totalTokenCount = spec.usage.prompt + (spec.usage.toolUse ?? 0) + candidates + (spec.usage.thoughts ?? 0);
      if (!trafficOnly) last = counts;
      chunks.push({
        candidates: [{ content: { role: "model", parts: group }, index: 0, ...(final && { finishReason: spec.finishReason }) }],
        usageMetadata: trafficOnly ? { trafficType: "ON_DEMAND" } : counts,
        modelVersion: spec.model,
        responseId,
      });
    });
    if (last !== undefined) {
      const input = (last.promptTokenCount ?? 0) + (last.toolUsePromptTokenCount ?? 0);
      const output = (last.candidatesTokenCount ?? 0) + (last.thoughtsTokenCount ?? 0);
      usage.push({
        provider: "google",
        model: spec.model,
        inputTokens: input,
        outputTokens: output,
        totalTokens: input + output,
        ...(last.thoughtsTokenCount !== undefined && { reasoningTokens: last.thoughtsTokenCount }),
        ...(last.cachedContentTokenCount !== undefined && { cachedInputTokens: last.cachedContentTokenCount }),
      });
    }
    rawFinishReason = spec.finishReason;
    finishReason = normalize(spec.finishReason, madeCalls);
  });
  return { chunks, expected: { entities, usage: sumPerModel(usage), finishReason, rawFinishReason, pending: "application-calls" }, turns };
}

/** Two text items of one kind in a row are one Gemini run of parts: keep the items apart. */
function withoutAdjacentText(items: readonly ItemSpec[]): ItemSpec[] {
  const out: ItemSpec[] = [];
  for (const it of items) {
    const prev = out[out.length - 1];
    if (prev !== undefined && (it.kind === "text" || it.kind === "thought") && prev.kind === it.kind) continue;
    // A thought signed on a trailing empty text part attaches to the thought; a text item right
    // after it would read the same. Both are fine: the trailing part is not text content.
    out.push(it);
  }
  return out;
}

function interleave(a: Part[], b: Part[], mask: boolean[]): Part[] {
  // Both openings first (a's, then b's), then the continuation parts mixed by the mask.
  const out: Part[] = [a[0] as Part, b[0] as Part];
  let i = 1;
  let j = 1;
  let k = 0;
  while (i < a.length || j < b.length) {
    const takeA = j >= b.length || (i < a.length && mask[k++ % Math.max(1, mask.length)] !== false);
    out.push(takeA ? (a[i++] as Part) : (b[j++] as Part));
  }
  return out;
}

function normalize(raw: string, madeCalls: boolean): string {
  if (raw === "STOP") return madeCalls ? "tool-calls" : "stop";
  if (raw === "MAX_TOKENS") return "length";
  if (["SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "MODEL_ARMOR"].includes(raw) || raw.startsWith("IMAGE_")) return "content-filter";
  if (raw === "MALFORMED_FUNCTION_CALL") return "error";
  return "other";
}

