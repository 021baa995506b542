import {
  assertToolNames,
  mapToolCallId,
  pairToolResults,
  readBridgeMetadata,
  renderContext,
  REQUEST_WARNINGS,
  uniqueToolCallIds,
  warnUnknownRole,
  type AssistantMessage,
  type ReasoningMessage,
  type ToolMessage,
  type BridgeWarning,
  type ContentPart,
  type Message,
  type RunAgentInput,
  type Tool,
  type ToolCall,
  type WarningHandler,
} from "@agui-bridge/core/adapter";
import { parseRunAgentInput, toolErrorNote, uniqueTools, warnUnsentEncryptedValues, withToolErrorNote, withWellFormedText } from "@agui-bridge/core/adapter";
import type {
  FunctionTool,
  ResponseCreateParamsStreaming,
  ResponseInputItem,
} from "openai/resources/responses/responses";
import { classifyAllToolCalls, type ToolCallRole } from "../request/classify-tool-calls.js";
import { heldCallIds, withHeldCallId } from "./chain-held-call-ids.js";
import { clientItemPair, type ClientItemPair } from "./convert-client-items.js";
import { warnForeignCitedFiles } from "../request/convert-cited-files.js";
import { convertContentParts } from "../request/convert-content-parts.js";
import { assistantMessageItem } from "./convert-output-message.js";
import { programOutputItem, providerItems } from "./convert-provider-items.js";
import { withSendableCaller } from "./program-caller.js";
import { isAsyncCall } from "./async-calls.js";
import { recordedOutputId } from "./recorded-output-id.js";
import { convertToolCall, itemIdOf } from "./convert-tool-call-item.js";
import { OPENAI_TOOL_NAME, RESPONSES_CALL_ID } from "../request/tool-name-rule.js";
import { outputPosition, placeProgramOutputs, restoreOutputOrder, type PlacedItem } from "./output-order.js";
import { keepReasoningPaired } from "./reasoning-pairs.js";
import { dropIdsAfterGaps } from "./orphaned-item-ids.js";
import { heldItemIds, uniqueItemIds } from "./unique-item-ids.js";
import { toReasoningItem } from "./convert-reasoning-message.js";
import { providerLabel, type ProviderLabelOption } from "../provider-label.js";
import { createRequestSink, targetOf, type WarningSink } from "../request/request-warnings.js";
import {
  functionCallSignatureFor,
  isStoreDisabled,
  messagesAfterChain,
  takesAgentInputOnly,
  takesEncryptedInclude,
  takesGroqInputOnly,
  wantsEncryptedReasoning,
  withoutReasoning,
} from "./responses-request-rules.js";
import { isOpenAIPlatform } from "../chat-request/chat-request-rules.js";
import { fitAgentInput } from "./fit-agent-input.js";
import { fitGroqInput } from "./fit-groq-input.js";
import { toolParameters } from "../request/tool-parameters.js";

/** Options of {@link toResponsesRequest}. */
export interface ResponsesRequestOptions extends ProviderLabelOption {
  /** The model to call. */
  model: string;
  /** Extra request parameters (reasoning, store, instructions, built-in tools, …), merged in. */
  params?: Partial<Omit<ResponseCreateParamsStreaming, "input" | "stream">>;
  /** Told about everything dropped, as it happens. */
  onWarning?: WarningHandler;
  /**
   * Whether to ask for `reasoning.encrypted_content` (`include`). Default: yes, except for the
   * model families without reasoning (`gpt-4o`, `gpt-4.1`, `gpt-5-chat`, …), which answer it with
   * HTTP 400. Set it for a deployment name that hides the model. Never added under the labels
   * whose server takes no `include` (`perplexity`, `groq`).
   */
  encryptedReasoning?: boolean;
}

/** Streaming Responses params with what was dropped to build them. */
export interface ResponsesRequest {
  params: ResponseCreateParamsStreaming;
  warnings: BridgeWarning[];
}

const ENCRYPTED_INCLUDE = "reasoning.encrypted_content";

/**
 * Converts AG-UI run input into streaming Responses params: messages as input items, assistant
 * tool calls as `function_call` / `custom_tool_call` items (ids kept), tool results as their
 * `*_output` items, client-run built-in calls (local shell, shell, apply_patch, computer, client
 * tool search) as their call items with their results as the matching `*_output` items, OpenAI reasoning messages as reasoning items (id, summary,
 * `encrypted_content`) and compaction items, assistant messages streamed from Responses as their
 * output message items (id, `phase`, annotations), provider-run calls OpenAI made as the output
 * items they came from, all in the order the response had them; tools, `context` appended to
 * `instructions`, and `include: ["reasoning.encrypted_content"]` for stateless reasoning (models
 * with reasoning only, see {@link ResponsesRequestOptions.encryptedReasoning}). Core's shared rules
 * apply first (tool results paired with their calls, tool names checked). A reasoning item whose
 * following item could not be sent is dropped with it; under `store: false` one without its
 * encrypted content too; an item whose reasoning is not sent goes without its id. With
 * `previous_response_id` / `conversation` only what follows the server-held chain is sent. Parts
 * the API cannot take, foreign file handles and foreign encrypted values are dropped with a warning.
 */
export function toResponsesRequest(input: RunAgentInput, options: ResponsesRequestOptions): ResponsesRequest {
  // Bad input gets the same typed error (RunInputError, naming the path) in every converter.
  parseRunAgentInput(input, { conversationOnly: true });
  const sink = createRequestSink(options.onWarning, providerLabel(options));
  assertToolNames(input.tools, OPENAI_TOOL_NAME);
  // Ids repeated across the conversation (`call_0` in every turn) made unique before anything reads them.
  const unique = uniqueToolCallIds(input.messages, sink);
  const roles = classifyAllToolCalls(unique, "responses", sink);
  const messages = pairToolResults(unique, sink, {
    isProviderRun: (call) => !APPLICATION_ROLES.has(roles.get(call.id) ?? "function"),
    keepResultsAfterLaterResponse: true,
    // An async call's output may come in any later request (async-calls.ts).
    resultMayComeLater: (call) => isAsyncCall(call, targetOf(sink)),
  });
  const calls = new Map<string, ToolCall>();
  const results = new Map<string, ToolMessage>();
  for (const message of messages) {
    if (message.role === "assistant") for (const call of message.toolCalls ?? []) calls.set(call.id, call);
    if (message.role === "tool") results.set(message.toolCallId, message);
  }
  const clientItems = new Map<string, ClientItemPair>();
  for (const [id, call] of calls) {
    if (roles.get(id) !== "client-item") continue;
    const pair = clientItemPair(call, results.get(id), sink);
    if (pair === undefined) roles.set(id, "omit");
    else clientItems.set(id, pair);
  }
  const extra = options.params ?? {};
  const context: ConversionContext = {
    roles,
    calls,
    results,
    clientItems,
    sink,
    storeDisabled: isStoreDisabled(extra),
    // OpenAI's models without reasoning refuse reasoning input items (responses-request-rules.ts).
    modelWithoutReasoning: isOpenAIPlatform(targetOf(sink)) && withoutReasoning(options.model) ? options.model : undefined,
  };
  const placed: PlacedItem[] = [];
  // With previous_response_id / conversation the API already holds the chain: only what follows it is sent.
  const sent = messagesAfterChain(messages, extra as Record<string, unknown>, targetOf(sink));
  // An output answering a call the chain holds goes with the id the server streamed, not a renamed repeat.
  const held = sent === messages ? new Map<string, string>() : heldCallIds(input.messages, unique, sent);
  for (const message of sent) {
    const original = message.role === "tool" ? held.get(message.toolCallId) : undefined;
    const converted = convertMessage(message, context);
    placed.push(...(original === undefined || message.role !== "tool" ? converted : converted.map((entry) => withHeldCallId(entry, message.toolCallId, original))));
  }
  // Only reasoning and compaction items carry encrypted values: any other one (a Gemini signature on a text or a call) is reported.
  warnUnsentEncryptedValues(sent, sink, targetOf(sink), (holder) => holder.kind === "tool-call" && functionCallSignatureFor(holder.call, targetOf(sink)) !== undefined);
  // No two items may share an id, nor repeat one the server-held chain has (HTTP 400 "Duplicate item found").
  const ordered = uniqueItemIds(restoreOutputOrder(placeProgramOutputs(placed)), heldItemIds(messages, sent, targetOf(sink)), sink);
  const items = dropIdsAfterGaps(ordered, keepReasoningPaired(ordered, sink));
  const instructions = [extra.instructions, renderContext(input.context)].filter(
    (part): part is string => typeof part === "string" && part !== "",
  );
  const tools = [...(extra.tools ?? []), ...uniqueTools(input.tools, sink).map((tool) => convertTool(tool, sink))];
  // Perplexity's Agent API and Groq take no `include` (nor encrypted reasoning to ask for).
  const wantsReasoning = takesEncryptedInclude(targetOf(sink)) && wantsEncryptedReasoning(options.model, options.encryptedReasoning);
  const include = [...new Set([...(extra.include ?? []), ...(wantsReasoning ? [ENCRYPTED_INCLUDE] : [])])];
  const params = {
    ...extra,
    model: options.model,
    input: fitInputTo(targetOf(sink), items, sink),
    stream: true,
    ...(include.length > 0 && { include }),
    ...(instructions.length > 0 && { instructions: instructions.join("\n\n") }),
    ...(tools.length > 0 && { tools }),
  } as ResponseCreateParamsStreaming;
  // Text cut through a UTF-16 pair would make the whole body invalid JSON to the API.
  return { params: withWellFormedText(params, sink), warnings: sink.warnings };
}

/** The input items fitted to a server that takes fewer item types than OpenAI (Perplexity's Agent API, Groq). */
function fitInputTo(target: string, items: ResponseInputItem[], sink: WarningSink): ResponseInputItem[] {
  if (takesAgentInputOnly(target)) return fitAgentInput(items, sink);
  if (takesGroqInputOnly(target)) return fitGroqInput(items, sink);
  return items;
}

/** Roles of calls the application answers (a missing result is repaired for these). */
const APPLICATION_ROLES: ReadonlySet<ToolCallRole> = new Set(["function", "custom", "client-item"]);

/** What converting one message needs from the whole conversation. */
interface ConversionContext {
  roles: Map<string, ToolCallRole>;
  calls: Map<string, ToolCall>;
  results: Map<string, ToolMessage>;
  /** Client-run built-in calls and their outputs, rebuilt as items. */
  clientItems: Map<string, ClientItemPair>;
  sink: WarningSink;
  /** `store: false`: reasoning items cannot be looked up by id, only sent with their encrypted content. */
  storeDisabled: boolean;
  /** The model, when it is one of OpenAI's without reasoning: no reasoning item may go to it. */
  modelWithoutReasoning: string | undefined;
}

function convertMessage(message: Message, context: ConversionContext): PlacedItem[] {
  if (message.role === "assistant") return convertAssistant(message, context);
  if (message.role === "reasoning") {
    // A compaction item is declared locally (not every SDK version in the peer range has its type).
    const item = toReasoningItem(message, context.sink) as ResponseInputItem | undefined;
    if (item === undefined || !sendable(item, message, context)) return [];
    return [{ item, position: outputPosition(message, 0, targetOf(context.sink)) }];
  }
  if (message.role === "tool") {
    const program = programOutputFor(message, context);
    if (program !== undefined) return program;
  }
  return convertInput(message, context).map((item) => ({ item }));
}

/**
 * The result of a programmatic tool calling program (its `program_output`), placed where the
 * response had it; `undefined` for any other tool message. Dropped with a warning when it cannot be
 * rebuilt (the API would take the program as still running).
 */
function programOutputFor(message: ToolMessage, { roles, calls, sink }: ConversionContext): PlacedItem[] | undefined {
  const call = calls.get(message.toolCallId);
  if (call === undefined || roles.get(call.id) !== "provider-item" || readBridgeMetadata(call.metadata)?.itemType !== "program") return undefined;
  const item = programOutputItem(call, message);
  if (item === undefined) {
    sink.warn("request.provider-item-dropped", `The program_output of program ${call.id} cannot be rebuilt; dropped`, { toolCallId: call.id, itemType: "program_output" });
    return [];
  }
  return [{ item, position: outputPosition(message, 0, targetOf(sink)) }];
}

/**
 * Whether a reasoning message's item may be sent, else it is dropped with a warning (and the
 * reasoning-pair and item-id rules then keep the rest valid): not to one of OpenAI's models without
 * reasoning (`request.reasoning-dropped`, `reason: "model"`); with `store: false` not without its
 * `encrypted_content`, being only a reference the API cannot resolve ("Item with id 'rs_…' not
 * found. Items are not persisted when `store` is set to false.").
 */
function sendable(item: ResponseInputItem, message: Message, { storeDisabled, modelWithoutReasoning, sink }: ConversionContext): boolean {
  const record = item as unknown as Record<string, unknown>;
  if (modelWithoutReasoning !== undefined && record.type === "reasoning") {
    sink.warn("request.reasoning-dropped", `Reasoning message ${message.id} was not sent: ${modelWithoutReasoning} takes no reasoning input items`, {
      messageId: message.id,
      itemId: typeof record.id === "string" ? record.id : null,
      reason: "model",
      model: modelWithoutReasoning,
    });
    return false;
  }
  // OpenRouter's `signature` (Claude's) is such a value too: the item carries its text with it.
  if (!storeDisabled || record.type !== "reasoning" || typeof record.encrypted_content === "string" || typeof record.signature === "string") return true;
  sink.warn("request.reasoning-not-stored", `Reasoning item ${String(record.id)} has no encrypted content and store is false, so the API cannot look it up; dropped`, {
    itemId: typeof record.id === "string" ? record.id : null,
  });
  return false;
}

function convertAssistant(message: AssistantMessage, { roles, results, clientItems, sink }: ConversionContext): PlacedItem[] {
  const sentPrograms = (id: string): boolean => roles.get(id) === "provider-item";
  const out: PlacedItem[] = [];
  warnForeignCitedFiles(message, sink);
  const text = assistantMessageItem(message, targetOf(sink));
  if (text !== undefined) out.push({ item: text, position: outputPosition(message, 0, targetOf(sink)) });
  for (const call of message.toolCalls ?? []) {
    const role = roles.get(call.id) ?? "function";
    if (role === "provider-item") {
      const rebuilt = providerItems(call, results.get(call.id), sink);
      if (rebuilt === undefined) {
        sink.warn("request.provider-item-dropped", `Provider-run tool call ${call.id} cannot be rebuilt as a Responses item; dropped with its result`, {
          toolCallId: call.id,
        });
      } else rebuilt.forEach((item, index) => out.push({ item: withSendableCaller(item, sentPrograms), position: outputPosition(call, index / 2, targetOf(sink)) }));
      continue;
    }
    const clientItem = role === "client-item" ? clientItems.get(call.id)?.call : undefined;
    const item = role === "client-item" ? clientItem && withSendableCaller(clientItem, sentPrograms) : convertToolCall(call, role, sink, sentPrograms);
    if (item !== undefined) out.push({ item, position: outputPosition(call, 0, targetOf(sink)) });
  }
  return out;
}

function convertInput(message: Exclude<Message, AssistantMessage | ReasoningMessage>, context: ConversionContext): ResponseInputItem[] {
  const { roles, calls, clientItems, sink } = context;
  switch (message.role) {
    case "system":
    case "developer":
      return [{ role: message.role, content: message.content }];
    case "user": {
      const content = typeof message.content === "string"
        ? message.content
        : convertContentParts(message.content, "responses", sink, `message ${message.id}`);
      if (Array.isArray(content) && content.length === 0) {
        sink.warn(REQUEST_WARNINGS.emptyMessage, `User message ${message.id} has no part the Responses API can take; dropped`, { messageId: message.id });
        return [];
      }
      return [{ role: "user", content } as ResponseInputItem];
    }
    case "tool": {
      const role = roles.get(message.toolCallId) ?? "function";
      if (role === "omit" || role === "provider-item") return [];
      if (role === "client-item") {
        const output = clientItems.get(message.toolCallId)?.output;
        return output === undefined ? [] : [output];
      }
      if (role === "mcp-approval") {
        const call = calls.get(message.toolCallId);
        const answer = approvalAnswer(message.content);
        return [{
          type: "mcp_approval_response",
          approval_request_id: itemIdOf(call, targetOf(sink)) ?? message.toolCallId,
          approve: answer.approve,
          ...(answer.reason !== undefined && { reason: answer.reason }),
          ...recordedOutputId(message, "mcp_approval_response", targetOf(sink)),
        }];
      }
      const output = toolOutput(message.content, message.error, sink, message.id);
      // Mapped exactly as its call was (an id another provider minted may exceed the 64-character limit).
      const callId = mapToolCallId(message.toolCallId, RESPONSES_CALL_ID);
      const type = role === "custom" ? "custom_tool_call_output" : "function_call_output";
      return [{ type, call_id: callId, output, ...recordedOutputId(message, type, targetOf(sink)) } as ResponseInputItem];
    }
    default:
      warnUnknownRole(sink, message, "Responses");
      return [];
  }
}

/**
 * Whether a tool result answering an MCP approval request approves it (`true`, `{"approve":true}`,
 * "approve", "yes"), and the reason given with it (`{"approve":false,"reason":"…"}`, the form the
 * stream side gives a server's `mcp_approval_response`).
 */
function approvalAnswer(content: string | ContentPart[]): { approve: boolean; reason?: string } {
  const text = (typeof content === "string" ? content : content.map((part) => (part.type === "text" ? part.text : "")).join("")).trim();
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === "boolean") return { approve: parsed };
    if (typeof parsed === "object" && parsed !== null) {
      const record = parsed as Record<string, unknown>;
      return { approve: record.approve === true, ...(typeof record.reason === "string" && record.reason !== "" && { reason: record.reason }) };
    }
  } catch {
    // not JSON: read it as a word
  }
  return { approve: ["approve", "approved", "yes", "true"].includes(text.toLowerCase()) };
}

/**
 * A tool message's `output`: its content (text, or input parts), or its error when it has none.
 * The item has no error field: a failed result's error follows its content as `Error: <error>`
 * (core's `toolErrorNote`; a last `input_text` part after parts), so the model does not read it
 * as a success.
 */
function toolOutput(
  content: string | ContentPart[],
  error: string | undefined,
  sink: WarningSink,
  id: string,
): string | Record<string, unknown>[] {
  if (typeof content === "string") return content === "" && error !== undefined ? error : withToolErrorNote(content, error);
  const parts = convertContentParts(content, "responses", sink, `tool message ${id}`);
  if (parts.length === 0 && error !== undefined) return error;
  const text = parts.flatMap((part) => (part.type === "input_text" && typeof part.text === "string" ? [part.text] : [])).join("\n");
  const note = toolErrorNote(text, error, { hasMedia: parts.some((part) => part.type !== "input_text") });
  return note === undefined ? parts : [...parts, { type: "input_text", text: note }];
}

/**
 * A declared tool as a Responses function tool (flat: `name`, `description`, `parameters` by
 * {@link toolParameters}). `strict: false` explicitly: the Responses API turns strict mode on when
 * the field is left out, and strict mode refuses a schema without `additionalProperties: false` and
 * every property required, which an AG-UI tool's schema need not be.
 */
function convertTool(tool: Tool, sink: WarningSink): FunctionTool {
  return { type: "function", name: tool.name, description: tool.description, parameters: toolParameters(tool, sink), strict: false };
}
