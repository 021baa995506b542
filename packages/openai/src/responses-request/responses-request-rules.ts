import { isMintedBy, readBridgeMetadata, type Message, type ToolCall } from "@agui-bridge/core/adapter";
import { asNonEmptyString, asRecord } from "../narrow.js";
import { FUNCTION_CALL_SIGNATURE_KIND } from "../responses-stream/function-call-signature.js";

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
export function wantsEncryptedReasoning(model: unknown, option: boolean | undefined): boolean {
  if (option !== undefined) return option;
  return !withoutReasoning(model);
}

/**
 * Whether `model` is of a family without reasoning ({@link NO_ENCRYPTED_REASONING}). Such a model
 * also refuses reasoning input items: "Reasoning input items can only be provided to a reasoning or
 * computer use model. Remove reasoning items from your input and try again." (HTTP 400), as a
 * thread a reasoning model started sends when it goes on with `gpt-4.1`. Unknown names (Azure
 * deployments, new models) are taken to reason, as is a missing model (a JavaScript caller that
 * left it out gets the API's own answer, not a TypeError here).
 */
export function withoutReasoning(model: unknown): boolean {
  if (typeof model !== "string") return false;
  const name = model.replace(/^ft:/, "").replace(/^.*\//, "").toLowerCase();
  return NO_ENCRYPTED_REASONING.test(name);
}

/** A field the stream side recorded on an entity streamed from the target platform (`responseId`, `conversationId`). */
function recorded(entity: { metadata?: unknown }, field: "responseId" | "conversationId", provider: string): string | undefined {
  return isMintedBy(entity, provider) ? asNonEmptyString(readBridgeMetadata(entity.metadata)?.[field]) : undefined;
}

/** The entities of a message that carry their output position (the message itself, its tool calls). */
function entitiesOf(message: Message): Array<{ metadata?: unknown }> {
  if (message.role === "reasoning") return [message];
  if (message.role === "assistant") return [message, ...(message.toolCalls ?? [])];
  return [];
}

/** The server-side state a request continues: `previous_response_id`, or a `conversation` (id or `{ id }`). */
function chainOf(params: Record<string, unknown>): { field: "responseId" | "conversationId"; id: string } | undefined {
  const previous = asNonEmptyString(params.previous_response_id);
  if (previous !== undefined) return { field: "responseId", id: previous };
  const conversation = asNonEmptyString(params.conversation) ?? asNonEmptyString(asRecord(params.conversation)?.id);
  return conversation === undefined ? undefined : { field: "conversationId", id: conversation };
}

/**
 * With `previous_response_id` the API prepends that response's whole chain (every earlier input
 * and output item); with `conversation` it prepends the conversation's items. Either way only
 * what came after the last output the server holds may be sent: the messages after the last one
 * streamed from that response (or conversation), plus the tool results answering the calls of
 * that last response wherever they sit (a repaired missing result can be placed between its
 * messages). When no message names the response or conversation (the application kept only the
 * new messages, or the id is of another thread), every message is sent.
 */
export function messagesAfterChain(messages: readonly Message[], params: Record<string, unknown>, provider: string): readonly Message[] {
  const chain = chainOf(params);
  if (chain === undefined) return messages;
  let last = -1;
  let lastResponse: string | undefined;
  messages.forEach((message, index) => {
    for (const entity of entitiesOf(message)) {
      if (recorded(entity, chain.field, provider) !== chain.id) continue;
      last = index;
      lastResponse = recorded(entity, "responseId", provider);
    }
  });
  if (last === -1) return messages;
  const calls = new Set<string>();
  for (const message of messages.slice(0, last + 1)) {
    if (message.role !== "assistant" || lastResponse === undefined) continue;
    for (const call of message.toolCalls ?? []) if (recorded(call, "responseId", provider) === lastResponse) calls.add(call.id);
  }
  return messages.filter((message, index) => index > last || (message.role === "tool" && calls.has(message.toolCallId)));
}

/** Whether the request turns response storage off (`store: false`): items cannot be looked up by id. */
export function isStoreDisabled(params: { store?: unknown } | undefined): boolean {
  return asRecord(params)?.store === false;
}

/**
 * Labels whose server takes only the Agent API's input items (Perplexity's SDK `InputItem`:
 * `message`, `function_call`, `function_call_output`): no item ids, statuses, reasoning,
 * provider-run or custom tool items, and no `include` parameter (the request fields its SDK lists
 * have none). The request is fitted to them by fit-agent-input.ts.
 */
const AGENT_INPUT_LABELS: ReadonlySet<string> = new Set(["perplexity"]);

/** Whether `target` takes only the Agent API's input items ({@link AGENT_INPUT_LABELS}). */
export function takesAgentInputOnly(target: string): boolean {
  return AGENT_INPUT_LABELS.has(target);
}

/**
 * Labels whose server takes only the input items Groq's Responses API (beta) documents (its API
 * reference, `createResponse`): messages, `function_call`, `function_call_output` and
 * `item_reference`; an explicitly typed `message` item there takes no `assistant` role, and no
 * `reasoning` input item is listed. Its request body has no `include` field, and Groq answers a
 * property it does not list with HTTP 400 "property '…' is unsupported". The request is fitted to
 * it by fit-groq-input.ts.
 */
const GROQ_INPUT_LABELS: ReadonlySet<string> = new Set(["groq"]);

/** Whether `target` takes only the input items Groq's Responses API documents ({@link GROQ_INPUT_LABELS}). */
export function takesGroqInputOnly(target: string): boolean {
  return GROQ_INPUT_LABELS.has(target);
}

/**
 * Whether a request to `target` may carry `include: ["reasoning.encrypted_content"]`: not to the
 * servers whose request body has no `include` field (Perplexity's Agent API, Groq), which stream no
 * encrypted reasoning to ask for either.
 */
export function takesEncryptedInclude(target: string): boolean {
  return !AGENT_INPUT_LABELS.has(target) && !GROQ_INPUT_LABELS.has(target);
}

/**
 * The `thought_signature` a `function_call` input item carries back: the call's encrypted value
 * when the stream recorded it as that item's signature (`encryptedKind`
 * {@link FUNCTION_CALL_SIGNATURE_KIND}) and the call was streamed under `target` (a signature is
 * only valid for the platform that made it). Any other call sends none.
 */
export function functionCallSignatureFor(call: ToolCall, target: string): string | undefined {
  if (call.encryptedValue === undefined || !isMintedBy(call, target)) return undefined;
  return readBridgeMetadata(call.metadata)?.encryptedKind === FUNCTION_CALL_SIGNATURE_KIND ? call.encryptedValue : undefined;
}
