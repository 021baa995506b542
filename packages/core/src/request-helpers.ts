import { readBridgeMetadata } from "./metadata.js";
import type { Context, PartSource, Tool } from "./types/input.js";
import type { ToolCall } from "./types/common.js";
import type { Message } from "./types/messages.js";

/**
 * Whether a part source may be sent to `provider`. Inline data and URLs always may; a
 * {@link FileSource} handle only when it names no provider or names this one: a handle minted by
 * another vendor means nothing here and must never be sent.
 */
export function isSourceUsableBy(source: PartSource, provider: string): boolean {
  if (source.type !== "file") return true;
  return source.provider === undefined || source.provider === provider;
}

/**
 * The provider that produced a message or tool call, as the bridge recorded it in the entity's
 * metadata when it streamed it. `undefined` when the entity did not come through the bridge.
 */
export function entityProvider(entity: { metadata?: unknown }): string | undefined {
  const provider = readBridgeMetadata(entity.metadata)?.provider;
  return typeof provider === "string" ? provider : undefined;
}

/**
 * Whether an encrypted value stored on an entity was minted by `provider` (so it may be sent back to
 * it). Values of unknown origin are treated as foreign: sending another vendor's opaque artefact,
 * or one of unknown origin, gets the request rejected or silently misread.
 */
export function isMintedBy(entity: { metadata?: unknown }, provider: string): boolean {
  return entityProvider(entity) === provider;
}

/**
 * The platform label in effect: `label` when it is a non-empty string, else the adapter's vendor
 * id (`fallback`). Adapters call it once per run with their `provider` option.
 */
export function providerLabel(label: unknown, fallback: string): string {
  return typeof label === "string" && label.trim() !== "" ? label : fallback;
}

/**
 * Platforms whose encrypted values of one kind are accepted by each other, because the vendor's
 * documentation says so. Anthropic's extended-thinking docs state that thinking `signature` values
 * are compatible across platforms (Claude API, Amazon Bedrock, Vertex AI). Nothing is documented
 * for redacted thinking `data`, OpenAI `encrypted_content` between OpenAI and Azure OpenAI, or
 * Gemini thought signatures between the Gemini API and Vertex AI: those go back only to the
 * platform that minted them.
 */
export const INTERCHANGEABLE_ENCRYPTED_VALUES: Readonly<Record<string, readonly string[]>> = {
  "anthropic-signature": ["anthropic", "amazon-bedrock", "google-vertex-anthropic"],
};

/**
 * The thought signature Gemini documents for a function call it did not produce itself (history
 * from another model or provider, or a call whose signature could not be sent back): Gemini 3
 * answers 400 when the first function call of a step in the current turn carries no signature.
 * Both the Gemini API and Vertex AI document this value, and their OpenAI-compatible endpoint
 * accepts it in `extra_content.google.thought_signature`. The Google adapter and the openai
 * adapter's `gemini` dialect use it; it is defined here once.
 */
export const GEMINI_PLACEHOLDER_THOUGHT_SIGNATURE = "skip_thought_signature_validator";

/**
 * Whether an encrypted value of kind `encryptedKind` stored on `entity` may be sent to `provider`:
 * when the entity was minted there ({@link isMintedBy}), or minted on a platform the vendor
 * documents as interchangeable for that kind ({@link INTERCHANGEABLE_ENCRYPTED_VALUES}).
 * Values of unknown origin never are.
 */
export function isEncryptedValueUsableBy(entity: { metadata?: unknown }, provider: string, encryptedKind: string | undefined): boolean {
  const minted = entityProvider(entity);
  if (minted === undefined) return false;
  if (minted === provider) return true;
  const group = encryptedKind === undefined ? undefined : INTERCHANGEABLE_ENCRYPTED_VALUES[encryptedKind];
  return group !== undefined && group.includes(minted) && group.includes(provider);
}

/**
 * Renders AG-UI `context` entries as instruction text, so every adapter gives the model the same
 * wording. Returns `undefined` when there is no context.
 */
export function renderContext(context: readonly Context[] | undefined): string | undefined {
  if (context === undefined || context.length === 0) return undefined;
  const lines = context.map((entry) => `- ${entry.description}: ${entry.value}`);
  return `Context for this run:\n${lines.join("\n")}`;
}

// ---------------------------------------------------------------------------------------------
// Shared request-side rules (issue 15): one wording and one code per rule, for every converter.
// ---------------------------------------------------------------------------------------------

/** The warning codes every request converter uses for the same situation. */
export const REQUEST_WARNINGS = {
  /** A message whose role no converter knows: skipped. */
  unknownRole: "request.unknown-role",
  /** A content part whose type no converter knows: skipped. */
  unknownPart: "request.unknown-part",
  /** A tool result whose `toolCallId` names no call of the conversation: dropped. */
  orphanToolResult: "request.orphan-tool-result",
  /** A second tool result for the same call: dropped (the first one is sent). */
  duplicateToolResult: "request.duplicate-tool-result",
  /** A call the application ran with no result: an error result was added. */
  missingToolResult: "request.missing-tool-result",
  /** A tool result that came after a later turn (a user message): moved back to before that turn. */
  lateToolResult: "request.late-tool-result",
  /** A tool call name the provider's pattern rejects: sent mapped ({@link mapToolName}). */
  toolNameMapped: "request.tool-name-mapped",
  /** A tool call id the provider's rule rejects (another provider minted it): sent mapped, its result too (`mapToolCallId`). */
  toolCallIdMapped: "request.tool-call-id-mapped",
  /** A tool call id an earlier call of the conversation already used: sent as a fresh one, its result too (`uniqueToolCallIds`). */
  toolCallIdRepeated: "request.tool-call-id-repeated",
  /** A call claims `providerExecuted` but the target provider cannot have run it: dropped with its result. */
  invalidProviderExecuted: "request.invalid-provider-executed",
  /** A user message with nothing the provider can take: dropped. */
  emptyMessage: "request.empty-message",
  /** Inline media of a type the provider does not take (an image by the type its bytes are): dropped. */
  unsupportedMediaType: "request.unsupported-media-type",
  /** An inline image whose bytes are another type than declared: sent as the type its bytes are (`inlineImageType`). */
  mediaTypeCorrected: "request.media-type-corrected",
} as const;

/** The minimal sink the shared rules write to (core's `WarningSink` satisfies it). */
export interface RequestWarn {
  warn(code: string, message: string, details?: Record<string, unknown>): void;
}

/** Reports a message of a role the converter does not know (it is skipped). */
export function warnUnknownRole(sink: RequestWarn, message: { id?: unknown; role?: unknown }, providerLabel: string): void {
  const role = String(message.role);
  sink.warn(REQUEST_WARNINGS.unknownRole, `A message of unknown role ${JSON.stringify(role)} has no ${providerLabel} form; skipped`, {
    messageId: typeof message.id === "string" ? message.id : null,
    role,
  });
}

/** Reports a content part of a type the converter does not know (it is dropped). */
export function warnUnknownPart(sink: RequestWarn, where: string, part: unknown, providerLabel: string): void {
  const type = part !== null && typeof part === "object" ? String((part as { type?: unknown }).type) : typeof part;
  sink.warn(REQUEST_WARNINGS.unknownPart, `${where}: a part of unknown type ${JSON.stringify(type)} has no ${providerLabel} form; dropped`, {
    where,
    partType: type,
  });
}

/** The error text of a result added for a call the application never answered. */
export const MISSING_TOOL_RESULT_ERROR = "No result was provided for this tool call.";

/** Options of {@link pairToolResults}. */
export interface ToolPairingOptions {
  /**
   * Calls the provider ran itself and whose results it keeps with the call (never synthesized,
   * never orphans). Default: none.
   */
  isProviderRun?: (call: ToolCall) => boolean;
  /**
   * Whether a result filed after a later model response stays where it is (default false: moved
   * back after its call). OpenAI Responses takes a `function_call_output` anywhere after its call
   * and keeps the item order as the conversation had it; every other API wants the results of a
   * call before the next model turn.
   */
  keepResultsAfterLaterResponse?: boolean;
  /**
   * Whether an assistant message that directly follows another one (reasoning messages between
   * them aside) continues its response, as a converter that merges consecutive assistant messages
   * into one (Chat Completions) sees them: the results of the earlier one's calls then stay after
   * the later one. Default false: only `sameResponseAs` or a shared Responses `responseId` say so.
   */
  adjacentAssistantsContinue?: boolean;
}

/**
 * The one rule for tool calls and results, applied by every converter before it converts:
 * - a tool message whose `toolCallId` names no assistant tool call of the conversation is dropped
 *   (`request.orphan-tool-result`): every provider rejects the whole request for it;
 * - a second tool message for the same call is dropped (`request.duplicate-tool-result`);
 * - an application call (not {@link ToolPairingOptions.isProviderRun}) with no result gets one:
 *   a tool message with `error` {@link MISSING_TOOL_RESULT_ERROR} (`request.missing-tool-result`),
 *   since every provider requires a result for each call before the conversation goes on. It goes
 *   where the application would have put it: after the reasoning messages that directly follow
 *   the assistant message (reasoning the same model response produced between its tool calls:
 *   interleaved thinking, Responses reasoning items) and after the tool messages that follow
 *   those. Placed before such reasoning, it would split the response in two on the request side;
 * - a result that came after a later turn (a user, system or developer message: the user wrote
 *   again before a frontend tool answered) is moved back to just before that turn
 *   (`request.late-tool-result`): every provider wants a call's results before the next turn;
 *   so is a result that came after a later model response (an assistant message that does not
 *   continue the call's own response: Gemini's `sameResponseAs`, the same Responses `responseId`).
 * Returns a new array; the input is not changed.
 */
export function pairToolResults(messages: readonly Message[], sink: RequestWarn, options: ToolPairingOptions = {}): Message[] {
  const calls = new Map<string, ToolCall>();
  for (const message of messages) {
    if (message.role === "assistant") for (const call of message.toolCalls ?? []) if (!calls.has(call.id)) calls.set(call.id, call);
  }
  const answered = new Set<string>();
  const kept: Message[] = [];
  for (const message of messages) {
    if (message.role !== "tool") {
      kept.push(message);
      continue;
    }
    if (!calls.has(message.toolCallId)) {
      sink.warn(REQUEST_WARNINGS.orphanToolResult, `Tool message ${message.id} answers call ${message.toolCallId}, which no assistant message holds; dropped`, {
        messageId: message.id,
        toolCallId: message.toolCallId,
      });
      continue;
    }
    if (answered.has(message.toolCallId)) {
      sink.warn(REQUEST_WARNINGS.duplicateToolResult, `Tool message ${message.id} is a second result for call ${message.toolCallId}; dropped`, {
        messageId: message.id,
        toolCallId: message.toolCallId,
      });
      continue;
    }
    answered.add(message.toolCallId);
    kept.push(message);
  }
  // Results of calls made before a later turn (a user, system or developer message) that sit
  // after that turn: they go back to just before it.
  const results = new Map<string, Message>();
  for (const message of kept) if (message.role === "tool") results.set(message.toolCallId, message);
  const placed = new Set<Message>();
  let callsOfTurn: ToolCall[] = [];
  const callOwner = new Map<ToolCall, Message>();
  const roots = new Map<string, string>();
  const out: Message[] = [];
  for (let i = 0; i < kept.length; i++) {
    const message = kept[i] as Message;
    if (placed.has(message)) continue;
    if (message.role === "user" || message.role === "system" || message.role === "developer") {
      for (const call of callsOfTurn) {
        const late = results.get(call.id);
        if (late === undefined || placed.has(late)) continue;
        placed.add(late);
        sink.warn(REQUEST_WARNINGS.lateToolResult, `Tool message ${late.id} came after a later turn; moved to before it, after its call ${call.id}`, {
          messageId: late.id,
          toolCallId: call.id,
        });
        out.push(late);
      }
      callsOfTurn = [];
    }
    if (message.role === "assistant") {
      const continued = continuedMessage(message) ?? (options.adjacentAssistantsContinue === true ? adjacentAssistant(out) : undefined);
      roots.set(message.id, continued === undefined ? message.id : (roots.get(continued) ?? continued));
    }
    if (message.role === "assistant" && options.keepResultsAfterLaterResponse !== true) {
      // Results of earlier calls the model went on without (a later model response came first)
      // go back to before that response, unless it continues the calls' own response.
      const moved = lateResults(callsOfTurn, message, callOwner, roots, results, placed);
      // Before the reasoning that leads the later response, too.
      let at = out.length;
      while (at > 0 && out[at - 1]?.role === "reasoning") at--;
      const lead = out.splice(at);
      for (const [call, late] of moved) {
        sink.warn(REQUEST_WARNINGS.lateToolResult, `Tool message ${late.id} came after a later model response; moved to before it, after its call ${call.id}`, {
          messageId: late.id,
          toolCallId: call.id,
        });
        out.push(late);
      }
      out.push(...lead);
    }
    out.push(message);
    if (message.role === "tool") placed.add(message);
    if (message.role !== "assistant") continue;
    for (const call of message.toolCalls ?? []) callOwner.set(call, message);
    callsOfTurn.push(...(message.toolCalls ?? []));
    let j = i + 1;
    while (kept[j]?.role === "reasoning") out.push(kept[j++] as Message);
    while (kept[j]?.role === "tool") {
      const result = kept[j++] as Message;
      if (placed.has(result)) continue;
      placed.add(result);
      out.push(result);
    }
    i = j - 1;
    for (const call of message.toolCalls ?? []) {
      if (answered.has(call.id) || options.isProviderRun?.(call) === true) continue;
      answered.add(call.id);
      sink.warn(REQUEST_WARNINGS.missingToolResult, `Tool call ${call.id} has no result; an error result was sent for it`, { toolCallId: call.id });
      out.push({ id: `${call.id}-missing-result`, role: "tool", toolCallId: call.id, content: "", error: MISSING_TOOL_RESULT_ERROR });
    }
  }
  return out;
}

/**
 * The results (not placed yet) of `calls` that must move before `next`, a later assistant message:
 * every one, unless `next` continues the response the call came in (`roots`: the first message of
 * each message's response, followed through Gemini's `sameResponseAs`; or the same Responses
 * `responseId`), where they go after it.
 */
function lateResults(calls: readonly ToolCall[], next: Message, owners: ReadonlyMap<ToolCall, Message>, roots: ReadonlyMap<string, string>, results: ReadonlyMap<string, Message>, placed: Set<Message>): Array<[ToolCall, Message]> {
  const moved: Array<[ToolCall, Message]> = [];
  const entities = [next, ...(next.role === "assistant" ? (next.toolCalls ?? []) : [])];
  const responses = new Set(entities.map((entity) => readBridgeMetadata(entity.metadata)?.responseId).filter((v): v is string => typeof v === "string"));
  for (const call of calls) {
    const late = results.get(call.id);
    if (late === undefined || placed.has(late)) continue;
    const owner = owners.get(call);
    const response = readBridgeMetadata(call.metadata)?.responseId ?? readBridgeMetadata(owner?.metadata)?.responseId;
    if (owner !== undefined && roots.get(owner.id) === roots.get(next.id)) continue;
    if (typeof response === "string" && responses.has(response)) continue;
    placed.add(late);
    moved.push([call, late]);
  }
  return moved;
}

/** The id of the assistant message `out` ends with, reasoning messages after it aside. */
function adjacentAssistant(out: readonly Message[]): string | undefined {
  let at = out.length - 1;
  while (at >= 0 && out[at]?.role === "reasoning") at--;
  const previous = out[at];
  return previous?.role === "assistant" ? previous.id : undefined;
}

/** The message an assistant message says it continues (`sameResponseAs`, on it or on one of its calls). */
function continuedMessage(message: Message): string | undefined {
  if (message.role !== "assistant") return undefined;
  for (const entity of [message, ...(message.toolCalls ?? [])]) {
    const value = readBridgeMetadata(entity.metadata)?.sameResponseAs;
    if (typeof value === "string") return value;
  }
  return undefined;
}

/** A provider's documented tool name rule. */
export interface ToolNameRule {
  /** The provider, for messages. */
  provider: string;
  /** Characters allowed anywhere in a name. */
  allowed: RegExp;
  /** The longest name accepted. */
  maxLength: number;
  /** A stricter rule for the first character, when the provider has one. */
  first?: RegExp;
}

/** Thrown by a converter for a declared tool whose name the provider would reject. */
export class ToolNameError extends Error {
  override readonly name = "ToolNameError";
  readonly code = "invalid_tool_name";
}

/** Whether `name` satisfies `rule`. */
export function isValidToolName(name: string, rule: ToolNameRule): boolean {
  if (name.length === 0 || name.length > rule.maxLength) return false;
  if (rule.first !== undefined && !rule.first.test(name[0] as string)) return false;
  return [...name].every((char) => rule.allowed.test(char));
}

/**
 * The documented mapping of a tool call name the provider rejects (a call another provider made):
 * every character outside the rule becomes `_`, a first character the rule rejects gets a `_` in
 * front, and the name is cut to the maximum length. Valid names are returned unchanged.
 */
export function mapToolName(name: string, rule: ToolNameRule): string {
  if (isValidToolName(name, rule)) return name;
  let mapped = [...name].map((char) => (rule.allowed.test(char) ? char : "_")).join("");
  if (mapped === "" || (rule.first !== undefined && !rule.first.test(mapped[0] as string))) mapped = `_${mapped}`;
  return mapped.slice(0, rule.maxLength);
}

/**
 * Checks the declared tools against the provider's name rule: a name it rejects is a clear
 * {@link ToolNameError} (the run fails with it) instead of the provider's HTTP 400.
 */
export function assertToolNames(tools: readonly Tool[] | undefined, rule: ToolNameRule): void {
  for (const tool of tools ?? []) {
    if (!isValidToolName(tool.name, rule)) {
      throw new ToolNameError(
        `Tool name ${JSON.stringify(tool.name)} is not accepted by ${rule.provider}: it must be 1-${rule.maxLength} characters of ${rule.allowed.source}`,
      );
    }
  }
}

/** A tool call name checked against the rule: mapped (with a warning) when the provider would reject it. */
export function toolCallName(call: ToolCall, rule: ToolNameRule, sink: RequestWarn): string {
  const mapped = mapToolName(call.function.name, rule);
  if (mapped !== call.function.name) {
    sink.warn(REQUEST_WARNINGS.toolNameMapped, `Tool call ${call.id}: name ${JSON.stringify(call.function.name)} is not accepted by ${rule.provider}; sent as ${JSON.stringify(mapped)}`, {
      toolCallId: call.id,
      name: call.function.name,
      sentAs: mapped,
    });
  }
  return mapped;
}

/** Thrown by a converter when the input holds nothing the provider can take. */
export class EmptyRequestError extends Error {
  override readonly name = "EmptyRequestError";
  readonly code = "empty_request";
}

/**
 * Whether a call's metadata claims the provider ran it. A claim is only honoured by a converter
 * when {@link acceptProviderExecuted} confirms the target provider can have run it.
 */
export function claimsProviderExecuted(call: ToolCall): boolean {
  return readBridgeMetadata(call.metadata)?.providerExecuted === true;
}

/**
 * Validates a `providerExecuted` claim for `provider`: the call must have been minted by it and
 * `supported` must recognise what it recorded (its block/item type). A claim minted by another
 * provider returns `"foreign"`; one the provider cannot have made returns `"invalid"` and warns
 * (`request.invalid-provider-executed`); the converter drops such a call with its result.
 */
export function acceptProviderExecuted(
  call: ToolCall,
  provider: string,
  supported: (fields: Record<string, unknown>) => boolean,
  sink: RequestWarn,
): "valid" | "foreign" | "invalid" {
  if (!isMintedBy(call, provider)) return "foreign";
  const fields = readBridgeMetadata(call.metadata) ?? {};
  if (supported(fields)) return "valid";
  sink.warn(REQUEST_WARNINGS.invalidProviderExecuted, `Tool call ${call.id} claims ${provider} ran it, but nothing it recorded is a ${provider} provider-run tool; dropped with its result`, {
    toolCallId: call.id,
    providerToolType: fields.providerToolType ?? null,
  });
  return "invalid";
}
