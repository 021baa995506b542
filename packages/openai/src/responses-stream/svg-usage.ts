import { asNonEmptyString, asRecord } from "../narrow.js";

/** The counts of an image generation call's `svg_usage` (openai-node 7.60 `ImageGenerationCall.SvgUsage`). */
const SVG_COUNTS = ["input_tokens", "output_tokens", "reasoning_tokens", "total_tokens"] as const;

/** An image generation call's `svg_usage`, narrowed: the model that made the SVG and its token counts. */
export interface SvgUsage {
  model?: string;
  input_tokens?: number;
  output_tokens?: number;
  reasoning_tokens?: number;
  total_tokens?: number;
}

/**
 * The `svg_usage` of an `image_generation_call` that made an SVG (`output_format: "svg"`): the
 * `model` that wrote it and its `input_tokens` / `output_tokens` / `reasoning_tokens` /
 * `total_tokens`, each kept only when it is a safe non-negative integer; `undefined` when nothing
 * survives. It goes to the call's TOOL_CALL_RESULT metadata `svgUsage`, not into the run's
 * TokenUsage: the counts are another model's (the item names it), the API reference documents
 * neither that they are billed nor whether `response.usage` or `response.tool_usage.image_gen`
 * already holds them, and a TokenUsage entry that repeats counts would overstate the run.
 */
export function svgUsageOf(item: Record<string, unknown>): SvgUsage | undefined {
  if (item.type !== "image_generation_call") return undefined;
  const usage = asRecord(item.svg_usage);
  if (usage === undefined) return undefined;
  const out: SvgUsage = {};
  const model = asNonEmptyString(usage.model);
  if (model !== undefined) out.model = model;
  for (const field of SVG_COUNTS) {
    const value = usage[field];
    if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) out[field] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
