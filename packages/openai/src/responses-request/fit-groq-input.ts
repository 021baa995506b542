import type { ResponseInputItem } from "openai/resources/responses/responses";
import { asArray, asNonEmptyString, asRecord, asString } from "../narrow.js";
import type { WarningSink } from "../request/request-warnings.js";
import { assistantContentText, outputAsText, warnUnsupportedPart } from "./fitted-input-text.js";

type Item = Record<string, unknown>;

/** Why a part it cannot take is dropped (the `request.unsupported-part` warning). */
const GROQ_OUTPUT = "Groq's Responses API takes a string output";

/** Message roles Groq's input messages take. */
const ROLES = new Set(["user", "assistant", "system", "developer"]);

/**
 * Fits converted input items to the input items Groq's Responses API (beta) documents (API
 * reference, `createResponse`, `ResponseInputItem`):
 * - messages: `{ role, content }`, or `type: "message"` for the `user` / `system` / `developer`
 *   roles only ("assistant role is not supported with explicit type"). An assistant message, also
 *   one replayed as an output message item (`id`, `status`, `output_text` parts with annotations,
 *   OpenAI's `phase`), goes back as `{ role: "assistant", content: <its text> }`; other roles pass
 *   as converted;
 * - `function_call`: `call_id`, `name`, `arguments`, and its `id` / `status` when it has them
 *   (no `namespace`, `caller` or signature);
 * - `function_call_output`: `call_id` and `output` as a string (text parts joined, others dropped
 *   with `request.unsupported-part`);
 * - `item_reference` as it is.
 * A reasoning item is dropped with `request.reasoning-dropped` (Groq lists no reasoning input
 * item), any other item (a provider-run or custom tool item) with `request.provider-item-dropped`.
 */
export function fitGroqInput(items: readonly ResponseInputItem[], sink: WarningSink): ResponseInputItem[] {
  const out: ResponseInputItem[] = [];
  for (const raw of items) {
    const fitted = fitItem(raw as unknown as Item, sink);
    if (fitted !== undefined) out.push(fitted as unknown as ResponseInputItem);
  }
  return out;
}

function fitItem(item: Item, sink: WarningSink): Item | undefined {
  const type = asString(item.type) ?? (item.role !== undefined ? "message" : undefined);
  const role = asString(item.role) ?? "";
  if (type === "message" && role === "assistant") return { role, content: assistantContentText(item.content) };
  if (type === "message" && ROLES.has(role)) return item;
  if (type === "item_reference") return item;
  if (type === "function_call") {
    return { type, call_id: item.call_id, name: item.name, arguments: item.arguments, ...idAndStatus(item) };
  }
  if (type === "function_call_output") {
    const callId = asString(item.call_id) ?? "";
    return { type, call_id: item.call_id, output: outputAsText(item.output, callId, GROQ_OUTPUT, sink), ...idAndStatus(item) };
  }
  if (type === "reasoning") {
    sink.warn("request.reasoning-dropped", `Reasoning item ${asString(item.id) ?? "(no id)"}: Groq's Responses API takes no reasoning input items; dropped`, {
      itemId: asString(item.id) ?? null,
    });
    return undefined;
  }
  sink.warn("request.provider-item-dropped", `Input item of type ${type ?? "(none)"}: Groq's Responses API takes messages, function_call, function_call_output and item_reference items only; dropped`, {
    itemType: type ?? null,
  });
  return undefined;
}

function idAndStatus(item: Item): { id?: string; status?: string } {
  const id = asNonEmptyString(item.id);
  const status = asNonEmptyString(item.status);
  return { ...(id !== undefined && { id }), ...(status !== undefined && { status }) };
}
