import type { ResponseInputItem } from "openai/resources/responses/responses";
import { asArray, asNonEmptyString, asRecord, asString } from "../narrow.js";
import type { WarningSink } from "../request/request-warnings.js";
import { assistantContentText, outputAsText, warnUnsupportedPart } from "./fitted-input-text.js";

type Item = Record<string, unknown>;

/** Why a part it cannot take is dropped (the `request.unsupported-part` warning). */
const AGENT_PARTS = "Perplexity's Agent API takes text and image URLs only";

/** Message roles the Agent API's `message` input item takes. */
const ROLES = new Set(["user", "assistant", "system", "developer"]);

/**
 * Fits converted input items to Perplexity's Agent API, which takes three item types (its SDK's
 * `InputItem`, perplexity-node `src/resources/responses/responses.ts`):
 * - `message`: `type: "message"` (required there), `role`, and `content` as a string or
 *   `input_text` / `input_image` (`image_url`) parts. An assistant message replayed as an output
 *   message item goes back as its text (its `id`, `status`, annotations and `output_text` parts
 *   are OpenAI's); other part types are dropped with `request.unsupported-part`;
 * - `function_call`: `call_id`, `name`, `arguments`, and the `thought_signature` it streamed with
 *   (no item `id`, `namespace`, `caller`);
 * - `function_call_output`: `call_id`, `output` as a string (text parts joined; others dropped
 *   with `request.unsupported-part`), and the call's `name` when the request has the call.
 * Any other item (a reasoning item, a provider-run or custom tool item) is dropped with
 * `request.provider-item-dropped`.
 */
export function fitAgentInput(items: readonly ResponseInputItem[], sink: WarningSink): ResponseInputItem[] {
  const names = new Map<string, string>();
  for (const raw of items) {
    const item = raw as unknown as Item;
    const callId = asString(item.call_id);
    const name = asString(item.name);
    if (item.type === "function_call" && callId !== undefined && name !== undefined) names.set(callId, name);
  }
  const out: ResponseInputItem[] = [];
  for (const raw of items) {
    const fitted = fitItem(raw as unknown as Item, names, sink);
    if (fitted !== undefined) out.push(fitted as unknown as ResponseInputItem);
  }
  return out;
}

function fitItem(item: Item, names: ReadonlyMap<string, string>, sink: WarningSink): Item | undefined {
  const type = asString(item.type) ?? (item.role !== undefined ? "message" : undefined);
  if (type === "message" && ROLES.has(asString(item.role) ?? "")) return fitMessage(item, sink);
  if (type === "function_call") {
    const signature = asNonEmptyString(item.thought_signature);
    return { type, call_id: item.call_id, name: item.name, arguments: item.arguments, ...(signature !== undefined && { thought_signature: signature }) };
  }
  if (type === "function_call_output") {
    const callId = asString(item.call_id) ?? "";
    const name = names.get(callId);
    return { type, call_id: item.call_id, output: outputAsText(item.output, callId, AGENT_PARTS, sink), ...(name !== undefined && { name }) };
  }
  sink.warn("request.provider-item-dropped", `Input item of type ${type ?? "(none)"}: Perplexity's Agent API takes only message, function_call and function_call_output items; dropped`, {
    itemType: type ?? null,
  });
  return undefined;
}

function fitMessage(item: Item, sink: WarningSink): Item {
  const role = asString(item.role) as string;
  if (typeof item.content === "string") return { type: "message", role, content: item.content };
  const parts = asArray(item.content) ?? [];
  // A replayed output message: its text, as one string.
  if (role === "assistant") return { type: "message", role, content: assistantContentText(parts) };
  const content: Item[] = [];
  for (const entry of parts) {
    const part = asRecord(entry);
    const text = asString(part?.text);
    const imageUrl = asNonEmptyString(part?.image_url);
    if (part?.type === "input_text" && text !== undefined) content.push({ type: "input_text", text });
    else if (part?.type === "input_image" && imageUrl !== undefined) content.push({ type: "input_image", image_url: imageUrl });
    else warnUnsupportedPart(sink, asString(part?.type), `a ${role} message`, AGENT_PARTS);
  }
  return { type: "message", role, content };
}
