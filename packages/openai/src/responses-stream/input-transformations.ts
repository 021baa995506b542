import { STREAM_WARNINGS } from "@agui-bridge/core/adapter";
import { asArray, asString, isRecord } from "../narrow.js";
import type { ResponsesStreamState } from "./responses-stream-state.js";

/**
 * `response.input_transformations` (openai-node 7.60 `Response.InputTransformation`: "Reasoning
 * inputs withheld from the model, in input order", `{ id, type: "reasoning", action: "removed",
 * reason }`, `reason` one of `organization_mismatch`, `end_user_mismatch`, `model_mismatch`,
 * `prefix_mismatch`, `turn_boundary`): reasoning items the request sent back that the model did
 * not read. The entries of every response of the stream (each response's latest list), as sent
 * and in order, become terminal metadata `inputTransformations` (as on the Anthropic adapter), and
 * each new entry is reported once as warning `stream.input-transformed`. A response whose events
 * carry no array records nothing.
 */
export function recordInputTransformations(state: ResponsesStreamState, responseId: string, value: unknown): void {
  const list = asArray(value);
  if (list === undefined) return;
  const entries = list.filter(isRecord).map((entry) => ({ ...entry }));
  const byResponse = (state.inputTransformations ??= new Map<string, Record<string, unknown>[]>());
  const had = [...byResponse.values()].some((own) => own.length > 0);
  const seen = new Set((byResponse.get(responseId) ?? []).map((entry) => JSON.stringify(entry)));
  for (const entry of entries) {
    if (seen.has(JSON.stringify(entry))) continue;
    const id = asString(entry.id);
    const reason = asString(entry.reason);
    state.options.onWarning?.({
      code: STREAM_WARNINGS.inputTransformed,
      message: `The API withheld input from the model (${asString(entry.type) ?? "item"} ${id ?? "(no id)"} ${asString(entry.action) ?? "changed"}: ${reason ?? "no reason given"})`,
      details: { id: id ?? null, type: asString(entry.type) ?? null, action: asString(entry.action) ?? null, reason: reason ?? null },
    });
  }
  byResponse.set(responseId, entries);
  const all = [...byResponse.values()].flat();
  if (all.length > 0 || had) state.run.setTerminalMetadata({ inputTransformations: all });
}
