import type { ResponseInputItem } from "openai/resources/responses/responses";
import type { PlacedItem } from "./output-order.js";
import type { WarningSink } from "../request/request-warnings.js";

/** Item types that are model output a reasoning item may lead to. */
const FOLLOWERS = new Set([
  "message",
  "function_call",
  "custom_tool_call",
  "mcp_approval_request",
  "mcp_call",
  "mcp_list_tools",
  "web_search_call",
  "file_search_call",
  "code_interpreter_call",
  "image_generation_call",
  "shell_call",
  "tool_search_call",
  "local_shell_call",
  "apply_patch_call",
  "computer_call",
  "compaction",
  "program",
  // Tools the server made available mid-output: sent back where they were, so the reasoning before them stays.
  "additional_tools",
]);

function follows(item: ResponseInputItem | undefined): boolean {
  if (item === undefined) return false;
  const record = item as unknown as Record<string, unknown>;
  if (record.role === "assistant") return true;
  return typeof record.type === "string" && record.type !== "message" && FOLLOWERS.has(record.type);
}

/**
 * Keeps reasoning/item pairs consistent: the API rejects a reasoning item that is not followed by
 * the output item it led to ("reasoning was provided without its required following item"), which
 * happens when that item could not be sent (another provider's tool, an item without its id).
 * Such a reasoning item is dropped with a warning (`request.reasoning-without-item`): one not
 * followed by an output item, or, when both carry their output position, one whose next item is
 * not the one right after it in the response (the item between was not sent).
 */
export function keepReasoningPaired(placed: readonly PlacedItem[], sink: WarningSink): ResponseInputItem[] {
  const out: ResponseInputItem[] = [];
  placed.forEach(({ item, position }, index) => {
    const record = item as unknown as Record<string, unknown>;
    const next = placed[index + 1];
    const gap =
      position !== undefined &&
      next?.position !== undefined &&
      next.position.responseId === position.responseId &&
      next.position.index !== position.index + 1;
    if (record.type === "reasoning" && (!follows(next?.item) || gap)) {
      sink.warn("request.reasoning-without-item", `Reasoning item ${typeof record.id === "string" ? record.id : "(without id)"} is not followed by the item it led to (it was not sent); dropped`, {
        itemId: record.id ?? null,
      });
      return;
    }
    out.push(item);
  });
  return out;
}
