import { isMintedBy, readBridgeMetadata } from "@agui-bridge/core/adapter";
import type { ResponseInputItem } from "openai/resources/responses/responses";

/** Where an item sat in the response OpenAI sent it in. */
export interface OutputPosition {
  responseId: string;
  index: number;
}

/** An input item with the output position of what it was rebuilt from, when known. */
export interface PlacedItem {
  item: ResponseInputItem;
  position?: OutputPosition | undefined;
}

/** The output position the Responses stream side recorded on an entity (`responseId` + `outputIndex`). */
export function outputPosition(entity: { metadata?: unknown }, offset = 0, provider = "openai"): OutputPosition | undefined {
  if (!isMintedBy(entity, provider)) return undefined;
  const fields = readBridgeMetadata(entity.metadata);
  const responseId = fields?.responseId;
  const index = fields?.outputIndex;
  if (typeof responseId !== "string" || typeof index !== "number" || !Number.isFinite(index)) return undefined;
  return { responseId, index: index + offset };
}

/**
 * Puts the items of each response back in the order OpenAI sent them: AG-UI keeps a response's
 * tool calls on one assistant message and its reasoning as separate messages, so
 * `reasoning, web_search_call, reasoning, message` arrives as messages in another order. Each run
 * of consecutive items recorded from the same response is sorted by output index (stable).
 * Anything without a position keeps its place and ends the run, except the output of a call the
 * run holds (`function_call_output`, `*_output`, `mcp_approval_response`): the application put it
 * after its call's assistant message, which may sit before later items of the same response
 * (reasoning, a message, another call). It follows the whole response instead, the order the API
 * documents (the response's output items as they came, then the outputs of its calls), so a
 * reasoning item is never parted from the item it led to.
 */
export function restoreOutputOrder(placed: readonly PlacedItem[]): PlacedItem[] {
  const out: PlacedItem[] = [];
  let run: PlacedItem[] = [];
  let deferred: PlacedItem[] = [];
  const calls = new Set<string>();
  const flush = (): void => {
    run.sort((a, b) => (a.position?.index ?? 0) - (b.position?.index ?? 0));
    out.push(...run, ...deferred);
    run = [];
    deferred = [];
    calls.clear();
  };
  for (const entry of placed) {
    const current = run[0]?.position?.responseId;
    if (entry.position === undefined) {
      const answered = answeredCall(entry.item);
      if (answered !== undefined && calls.has(answered)) {
        deferred.push(entry);
        continue;
      }
      flush();
      out.push(entry);
      continue;
    }
    if (current !== undefined && current !== entry.position.responseId) flush();
    run.push(entry);
    const call = callKey(entry.item);
    if (call !== undefined) calls.add(call);
  }
  flush();
  return out;
}

/** The key of the call an output item answers (`call_id`, or the approval request's id). */
function answeredCall(item: ResponseInputItem): string | undefined {
  const record = item as unknown as Record<string, unknown>;
  const type = typeof record.type === "string" ? record.type : "";
  if (type === "mcp_approval_response") return typeof record.approval_request_id === "string" ? `approval:${record.approval_request_id}` : undefined;
  return type.endsWith("_output") && typeof record.call_id === "string" ? `call:${record.call_id}` : undefined;
}

/** The key under which an output item's answer refers to it (see {@link answeredCall}). */
function callKey(item: ResponseInputItem): string | undefined {
  const record = item as unknown as Record<string, unknown>;
  const type = typeof record.type === "string" ? record.type : "";
  if (type === "mcp_approval_request") return typeof record.id === "string" ? `approval:${record.id}` : undefined;
  return !type.endsWith("_output") && typeof record.call_id === "string" ? `call:${record.call_id}` : undefined;
}

/**
 * Moves the `program_output` items to the response they came in. The result of a programmatic
 * tool calling program arrives in a later response than its `program` (after the outputs of the
 * calls the program made), but the conversation holds it as the program call's result, right after
 * the assistant message of the program. Each goes just before the first other item of its own
 * response, so {@link restoreOutputOrder} sorts it among them; without one it stays where it is.
 */
export function placeProgramOutputs(placed: readonly PlacedItem[]): PlacedItem[] {
  const isProgramOutput = (entry: PlacedItem): boolean => (entry.item as unknown as Record<string, unknown>).type === "program_output";
  /** The item each moved output goes before: the next item of its response not already beside it. */
  const before = new Map<PlacedItem, PlacedItem[]>();
  const moved = new Set<PlacedItem>();
  placed.forEach((entry, index) => {
    const responseId = entry.position?.responseId;
    if (!isProgramOutput(entry) || responseId === undefined) return;
    const anchor = placed.slice(index + 1).find((other) => !isProgramOutput(other) && other.position?.responseId === responseId);
    const between = anchor === undefined ? [] : placed.slice(index + 1, placed.indexOf(anchor));
    if (anchor === undefined || between.every((other) => other.position?.responseId === responseId)) return;
    before.set(anchor, [...(before.get(anchor) ?? []), entry]);
    moved.add(entry);
  });
  if (moved.size === 0) return [...placed];
  return placed.flatMap((entry) => (moved.has(entry) ? [] : [...(before.get(entry) ?? []), entry]));
}
