import { readBridgeMetadata } from "./metadata.js";
import type { Context, PartSource, Tool } from "./types/input.js";
import type { ToolCall } from "./types/common.js";

export { MISSING_TOOL_RESULT_ERROR, pairToolResults, type ToolPairingOptions } from "./pair-tool-results.js";

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
  /** A text document (see `isTextMediaType`) the API takes no file of: sent as a text part holding its decoded text. */
  documentAsText: "request.document-as-text",
  /**
   * A reasoning message the target cannot take back because another provider (or an unknown
   * source) produced it, or because the encrypted value it holds is not of a kind the target
   * mints: the whole message (its text and any encrypted value) is dropped. One warning per message.
   */
  foreignReasoning: "request.foreign-reasoning",
  /**
   * An encrypted value on a message or tool call (not a reasoning message) that the request does
   * not carry (minted by another provider, of unknown origin, or with no place in this API): the
   * value is dropped, the message or call itself is sent without it (`warnUnsentEncryptedValues`).
   */
  encryptedValueDropped: "request.encrypted-value-dropped",
  /** A call another provider ran itself (its server-side tool): it cannot be replayed here, so it is dropped with its result. */
  foreignProviderTool: "request.foreign-provider-tool",
  /** A file handle (a part's source or a cited file) another provider minted: it means nothing here, so the part or citation is dropped. */
  foreignFile: "request.foreign-file",
  /** A part of a known type the target takes nowhere, or not where it is (e.g. media in a text-only tool result): dropped. */
  unsupportedPart: "request.unsupported-part",
  /** The provider needs a user turn first and the conversation has none there: a placeholder user turn was put first. */
  emptyUserTurn: "request.empty-user-turn",
  /** A message that is only an encrypted value (redacted reasoning, a compaction) but holds none: dropped. */
  missingEncryptedValue: "request.missing-encrypted-value",
} as const;

/** The minimal sink the shared rules write to (core's `WarningSink` satisfies it). */
export interface RequestWarn {
  warn(code: string, message: string, details?: Record<string, unknown>): void;
}

/**
 * Reports a message of a role the converter does not know (it is skipped). An `activity` message
 * is skipped without a warning: AG-UI defines it as "structured progress that is not conversation
 * content", the client's to show, so no provider request carries it and nothing is lost.
 */
export function warnUnknownRole(sink: RequestWarn, message: { id?: unknown; role?: unknown }, providerLabel: string): void {
  if (message.role === "activity") return;
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
