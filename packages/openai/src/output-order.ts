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
 * of consecutive items recorded from the same response is sorted by output index (stable);
 * anything without a position (user input, tool outputs) keeps its place and ends the run.
 */
export function restoreOutputOrder(placed: readonly PlacedItem[]): PlacedItem[] {
  const out: PlacedItem[] = [];
  let run: PlacedItem[] = [];
  const flush = (): void => {
    run.sort((a, b) => (a.position?.index ?? 0) - (b.position?.index ?? 0));
    out.push(...run);
    run = [];
  };
  for (const entry of placed) {
    const current = run[0]?.position?.responseId;
    if (entry.position === undefined) {
      flush();
      out.push(entry);
      continue;
    }
    if (current !== undefined && current !== entry.position.responseId) flush();
    run.push(entry);
  }
  flush();
  return out;
}
