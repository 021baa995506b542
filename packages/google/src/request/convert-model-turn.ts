import {
  REQUEST_WARNINGS,
  acceptProviderExecuted,
  entityProvider,
  isEncryptedValueUsableBy,
  toolCallName,
  toolArgumentsObject,
  type RequestWarn,
  isMintedBy,
  readBridgeMetadata,
  type AssistantMessage,
  type BridgeWarning,
  type ContentPart,
  type ReasoningMessage,
  type ToolCall,
  type ToolMessage,
} from "@agui-bridge/core/adapter";
import type { Part } from "@google/genai";
import { GOOGLE_PROVIDER, GOOGLE_THOUGHT_SIGNATURE, GOOGLE_TOOL_NAME, PROVIDER_TOOL } from "../constants.js";
import { warnForeignCitedFiles } from "./convert-cited-files.js";
import { convertMediaPart, mediaAsPart } from "./convert-media.js";
import { asString, isRecord } from "../narrow.js";

/** What converting a model turn needs from the whole conversation. */
export interface ModelTurnContext {
  /** Tool messages by the call they answer. */
  results: Map<string, ToolMessage>;
  /** Tool messages already written as model parts (provider-run results), not to be sent again. */
  consumed: Set<string>;
  warn: (warning: BridgeWarning) => void;
  /** The platform the request goes to (default `google`; `google-vertex` on Vertex AI). */
  platform?: string;
  /** The request goes to Vertex AI (its `fileData` needs a MIME type). */
  vertexai?: boolean;
  /** The model the request goes to (decides whether a per-part `mediaResolution` is sent). */
  model?: string;
}

/**
 * An assistant message as `model` parts: its text (with the message's thought signature), then
 * one `functionCall` per application tool call (with the call's thought signature; only `name`,
 * `args` and the provider's own `id` — never `partialArgs`/`willContinue`), and the parts of the
 * calls Gemini ran itself (`executableCode` + `codeExecutionResult`, output `inlineData` /
 * `fileData`).
 */
export function assistantParts(message: AssistantMessage, context: ModelTurnContext): Part[] {
  warnForeignCitedFiles(message, context.warn, context.platform);
  const parts: Part[] = [];
  const text = message.content ?? "";
  const signature = signatureOf(message, `assistant message ${message.id}`, { messageId: message.id }, context.warn, context.platform);
  if (text !== "" || signature !== undefined) parts.push(...signedTextParts(message, text, signature, false));
  for (const call of message.toolCalls ?? []) {
    if (readBridgeMetadata(call.metadata)?.providerExecuted === true) parts.push(...providerRunParts(call, context));
    else parts.push(functionCallPart(call, context));
  }
  return parts;
}

/**
 * A reasoning message as a `thought` part, only when Gemini produced it (else dropped, warned); an
 * empty one without a thought signature is not sent.
 */
export function reasoningParts(message: ReasoningMessage, context: ModelTurnContext): Part[] {
  if (!isMintedBy(message, context.platform ?? GOOGLE_PROVIDER)) {
    context.warn({
      code: REQUEST_WARNINGS.foreignReasoning,
      message: `Reasoning message ${message.id} from ${entityProvider(message) ?? "an unknown source"} was dropped: only Gemini's own thoughts are sent back`,
      details: { messageId: message.id, provider: entityProvider(message) },
    });
    return [];
  }
  const signature = signatureOf(message, `reasoning message ${message.id}`, { messageId: message.id }, context.warn, context.platform);
  // An empty thought without a signature carries nothing, and a part with empty text holds no data
  // to the API ("required oneof field 'data'"): not sent.
  if (message.content === "" && signature === undefined) return [];
  return signedTextParts(message, message.content, signature, true);
}

/**
 * A message's text as the parts it came in. Gemini's rule is to send parts back as received and
 * never merge a part that carried a signature with one that did not, so when the signature came on
 * a later part (streams end a turn with an empty-text part holding it: the stream recorded
 * `signaturePart: { offset, thought }`), the text before it and the signed rest go back as two
 * parts, the signature on the second, marked `thought` as that part was.
 */
function signedTextParts(message: { metadata?: unknown }, text: string, signature: string | undefined, thought: boolean): Part[] {
  const mark = thought ? { thought: true } : {};
  const at = signature === undefined ? undefined : signaturePartOf(message, text.length);
  if (at === undefined) return [{ text, ...mark, ...(signature !== undefined && { thoughtSignature: signature }) }];
  const head = text.slice(0, at.offset);
  return [
    ...(head !== "" ? [{ text: head, ...mark }] : []),
    { text: text.slice(at.offset), ...(at.thought && { thought: true }), thoughtSignature: signature as string },
  ];
}

/** The recorded `signaturePart`, narrowed; undefined when absent or not within the text. */
function signaturePartOf(message: { metadata?: unknown }, length: number): { offset: number; thought: boolean } | undefined {
  const value = readBridgeMetadata(message.metadata)?.signaturePart;
  if (!isRecord(value)) return undefined;
  const offset = value.offset;
  if (typeof offset !== "number" || !Number.isInteger(offset) || offset < 0 || offset > length) return undefined;
  return { offset, thought: value.thought === true };
}

function functionCallPart(call: ToolCall, context: ModelTurnContext): Part {
  const id = asString(readBridgeMetadata(call.metadata)?.functionCallId);
  const signature = signatureOf(call, `tool call ${call.id}`, { toolCallId: call.id }, context.warn, context.platform);
  return {
    functionCall: { ...(id !== undefined && { id }), name: toolCallName(call, GOOGLE_TOOL_NAME, sinkOf(context.warn)), args: toolArgumentsObject(call, sinkOf(context.warn)) },
    ...(signature !== undefined && { thoughtSignature: signature }),
  };
}

function providerRunParts(call: ToolCall, context: ModelTurnContext): Part[] {
  const result = context.results.get(call.id);
  if (result !== undefined) context.consumed.add(result.id);
  const type = readBridgeMetadata(call.metadata)?.providerToolType;
  const verdict = acceptProviderExecuted(call, context.platform ?? GOOGLE_PROVIDER, (fields) => KNOWN_PROVIDER_TOOLS.has(String(fields.providerToolType)), sinkOf(context.warn));
  if (verdict === "invalid") return [];
  if (verdict === "foreign") {
    context.warn({
      code: REQUEST_WARNINGS.foreignProviderTool,
      message: `Tool call ${call.id} was run by ${entityProvider(call) ?? "an unknown provider"} itself; it and its result were dropped`,
      details: { toolCallId: call.id, provider: entityProvider(call), providerToolType: type },
    });
    return [];
  }
  const signature = signatureOf(call, `tool call ${call.id}`, { toolCallId: call.id }, context.warn, context.platform);
  const signed = (part: Part): Part => (signature !== undefined ? { ...part, thoughtSignature: signature } : part);
  if (type === PROVIDER_TOOL.codeExecution) {
    const args = toolArgumentsObject(call, sinkOf(context.warn));
    const id = asString(readBridgeMetadata(call.metadata)?.functionCallId);
    // Code run while thinking came marked `thought: true`; it goes back marked.
    const thought = readBridgeMetadata(call.metadata)?.thought === true;
    const parts: Part[] = [
      signed({
        executableCode: {
          ...(id !== undefined && { id }),
          ...(typeof args.language === "string" && { language: args.language as never }),
          ...(typeof args.code === "string" && { code: args.code }),
        },
        ...(thought && { thought: true }),
      }),
    ];
    if (result !== undefined) {
      const resultFields = readBridgeMetadata(result.metadata);
      const outcome = asString(resultFields?.outcome);
      const resultSignature = signatureOf(result, `tool result ${result.id}`, { messageId: result.id }, context.warn, context.platform);
      parts.push({
        codeExecutionResult: {
          ...(id !== undefined && { id }),
          outcome: (outcome ?? "OUTCOME_OK") as never,
          output: textOf(result.content),
        },
        ...(resultFields?.thought === true && { thought: true }),
        ...(resultSignature !== undefined && { thoughtSignature: resultSignature }),
      });
    }
    return parts;
  }
  if (type === PROVIDER_TOOL.serverTool) {
    if (context.vertexai === true) return warnServerToolOnVertex(call, context);
    return serverToolParts(call, result, signed, context);
  }
  if (type === PROVIDER_TOOL.imageGeneration || type === PROVIDER_TOOL.inlineData || type === PROVIDER_TOOL.fileData) {
    const media = typeof result?.content === "string" || result === undefined ? [] : result.content;
    // An interim image drawn while thinking goes back marked as a thought, as it came.
    const thought = readBridgeMetadata(call.metadata)?.thought === true;
    const parts: Part[] = [];
    for (const part of media) {
      if (part.type === "text") continue;
      const converted = convertMediaPart(part, `tool result ${result?.id ?? ""}`, context, true);
      if (converted === undefined) continue;
      const marked: Part = thought ? { ...mediaAsPart(converted), thought: true } : mediaAsPart(converted);
      parts.push(parts.length === 0 ? signed(marked) : marked);
    }
    return parts;
  }
  return [];
}

const KNOWN_PROVIDER_TOOLS: ReadonlySet<string> = new Set(Object.values(PROVIDER_TOOL));

/** The shared rules write through a sink; this adapter reports through a callback. */
function sinkOf(warn: (warning: BridgeWarning) => void): RequestWarn {
  return { warn: (code, message, details) => warn({ code, message, ...(details !== undefined && { details }) }) };
}

/**
 * `Part.toolCall` / `Part.toolResponse` exist on the Gemini API only: `@google/genai`'s Vertex AI
 * request conversion throws on either ("toolCall parameter is only supported in Gemini Developer
 * API mode"), failing the whole request. Vertex AI never streams them, so a call of this kind comes
 * from the Gemini API; the platform rule drops it when the request's platform label says Vertex AI,
 * and this catches a Vertex AI request labelled otherwise (a Vertex client without
 * `provider: "google-vertex"`): the call and its result are dropped, with their signatures.
 */
function warnServerToolOnVertex(call: ToolCall, context: ModelTurnContext): Part[] {
  context.warn({
    code: REQUEST_WARNINGS.foreignProviderTool,
    message: `Tool call ${call.id} was run by the Gemini API itself (a server-side toolCall); Vertex AI takes no toolCall / toolResponse parts, so it and its result were dropped`,
    details: { toolCallId: call.id, provider: entityProvider(call), providerToolType: PROVIDER_TOOL.serverTool },
  });
  return [];
}

/**
 * A server-side tool call Gemini 3 ran itself → the `toolCall` part (id, `toolType`, args) with
 * the signature it came with, then its `toolResponse` part (id, `toolType`, response) with the
 * signature the response part carried: each signature back on the part it came on.
 */
function serverToolParts(call: ToolCall, result: ToolMessage | undefined, signed: (part: Part) => Part, context: ModelTurnContext): Part[] {
  const fields = readBridgeMetadata(call.metadata);
  const id = asString(fields?.functionCallId);
  const toolType = asString(fields?.toolType);
  const parts: Part[] = [
    signed({ toolCall: { ...(id !== undefined && { id }), ...(toolType !== undefined && { toolType: toolType as never }), args: toolArgumentsObject(call, sinkOf(context.warn)) } }),
  ];
  if (result !== undefined) {
    const resultSignature = signatureOf(result, `tool result ${result.id}`, { messageId: result.id }, context.warn, context.platform);
    const response = parseObject(textOf(result.content)) ?? { output: textOf(result.content) };
    parts.push({
      toolResponse: { ...(id !== undefined && { id }), ...(toolType !== undefined && { toolType: toolType as never }), response },
      ...(resultSignature !== undefined && { thoughtSignature: resultSignature }),
    });
  }
  return parts;
}

/** The JSON object a tool result's text holds, or undefined when it holds anything else. */
export function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The entity's encrypted value when it is a thought signature Gemini minted; anything else (another
 * vendor's artefact, one of unknown origin or kind) is dropped with core's shared
 * `request.encrypted-value-dropped` warning (the part itself still goes, without it). `what` names
 * the entity in the message; `about` is its id in the warning's details (`messageId` or `toolCallId`,
 * the keys every converter uses).
 */
export function signatureOf(
  entity: { encryptedValue?: string; metadata?: unknown },
  what: string,
  about: { messageId: string } | { toolCallId: string },
  warn: (warning: BridgeWarning) => void,
  platform: string = GOOGLE_PROVIDER,
): string | undefined {
  const value = entity.encryptedValue;
  if (value === undefined || value === "") return undefined;
  const kind = readBridgeMetadata(entity.metadata)?.encryptedKind;
  // No documented rule lets a thought signature cross between the Gemini API and Vertex AI:
  // core's isEncryptedValueUsableBy sends it back only to the platform that minted it.
  if (isEncryptedValueUsableBy(entity, platform, GOOGLE_THOUGHT_SIGNATURE) && (kind === undefined || kind === GOOGLE_THOUGHT_SIGNATURE)) return value;
  warn({
    code: REQUEST_WARNINGS.encryptedValueDropped,
    message: `The encrypted value on ${what} was not minted by Gemini (${entityProvider(entity) ?? "unknown origin"}); it was dropped`,
    details: { ...about, provider: entityProvider(entity), encryptedKind: kind },
  });
  return undefined;
}

/** The text of a tool result's content. */
export function textOf(content: string | ContentPart[]): string {
  if (typeof content === "string") return content;
  return content.map((part) => (part.type === "text" ? part.text : "")).join("");
}
