import { isMintedBy, readBridgeMetadata, type Message } from "@agui-bridge/core/adapter";
import { asNonEmptyString, asRecord } from "./narrow.js";

/**
 * Model families that answer `include: ["reasoning.encrypted_content"]` with HTTP 400
 * "Encrypted content is not supported with this model." (param `include`): the models without
 * reasoning. Matched on the model name without a fine-tune prefix (`ft:`) or a gateway path
 * (`openai/`).
 */
const NO_ENCRYPTED_REASONING = /^(?:gpt-4o|gpt-4\.1|gpt-4\.5|gpt-4(?:-|$)|gpt-3\.5|chatgpt-|gpt-5(?:\.\d+)?-chat)/;

/**
 * Whether a request for `model` asks for `reasoning.encrypted_content`: `option` when the caller
 * set it, else every model except the families without reasoning ({@link NO_ENCRYPTED_REASONING}),
 * so unknown names (Azure deployments, new models) keep stateless reasoning working.
 */
export function wantsEncryptedReasoning(model: string, option: boolean | undefined): boolean {
  if (option !== undefined) return option;
  const name = model.replace(/^ft:/, "").replace(/^.*\//, "").toLowerCase();
  return !NO_ENCRYPTED_REASONING.test(name);
}

/** The response id an entity streamed from the target platform was part of (`responseId` metadata). */
function responseIdOf(entity: { metadata?: unknown }, provider: string): string | undefined {
  return isMintedBy(entity, provider) ? asNonEmptyString(readBridgeMetadata(entity.metadata)?.responseId) : undefined;
}

function belongsTo(message: Message, responseId: string, provider: string): boolean {
  if (message.role !== "assistant" && message.role !== "reasoning") return false;
  if (responseIdOf(message, provider) === responseId) return true;
  return message.role === "assistant" && (message.toolCalls ?? []).some((call) => responseIdOf(call, provider) === responseId);
}

/**
 * With `previous_response_id` the API prepends that response's whole chain (every earlier input
 * and output item), so only what came after it may be sent: the messages after the last one the
 * response produced, plus the tool results answering its calls wherever they sit (a repaired
 * missing result can be placed between its messages). When no message names the response (the
 * application kept only the new messages, or the id is of another conversation), every message
 * is sent.
 */
export function messagesAfterResponse(messages: readonly Message[], previousResponseId: unknown, provider: string): readonly Message[] {
  const responseId = asNonEmptyString(previousResponseId);
  if (responseId === undefined) return messages;
  let last = -1;
  messages.forEach((message, index) => {
    if (belongsTo(message, responseId, provider)) last = index;
  });
  if (last === -1) return messages;
  const calls = new Set<string>();
  for (const message of messages.slice(0, last + 1)) {
    if (message.role !== "assistant") continue;
    for (const call of message.toolCalls ?? []) if (responseIdOf(call, provider) === responseId) calls.add(call.id);
  }
  return messages.filter((message, index) => index > last || (message.role === "tool" && calls.has(message.toolCallId)));
}

/** Whether the request turns response storage off (`store: false`): items cannot be looked up by id. */
export function isStoreDisabled(params: { store?: unknown } | undefined): boolean {
  return asRecord(params)?.store === false;
}
