import {
  providerLabel,
  assertToolNames,
  claimsProviderExecuted,
  EmptyRequestError,
  mapToolName,
  pairToolResults,
  readBridgeMetadata,
  uniqueToolCallIds,
  REQUEST_WARNINGS,
  warnUnknownPart,
  warnUnknownRole,
  type RequestWarn,
  renderContext,
  type BridgeWarning,
  type ContentPart,
  type Message,
  type RunAgentInput,
  type ToolMessage,
  type WarningHandler,
} from "@agui-bridge/core/adapter";
import { createWarningSink, parseRunAgentInput, uniqueTools, warnUnsentEncryptedValues, withWellFormedText } from "@agui-bridge/core/adapter";
import type { Content, GenerateContentConfig, Part } from "@google/genai";
import { assistantParts, reasoningParts, type ModelTurnContext } from "./convert-model-turn.js";
import { EMPTY_USER_TURN_TEXT, GOOGLE_PROVIDER, GOOGLE_TOOL_NAME } from "../constants.js";
import { convertMediaPart, mediaAsPart, type MediaContext } from "./convert-media.js";
import { convertToolResult, type AnsweredCall } from "./convert-tool-result.js";
import { asString, isRecord } from "../narrow.js";
import { keepResponseTogether } from "./keep-response-together.js";
import { orderFunctionResponses, orderToolResults } from "./order-tool-results.js";
import { signCurrentTurnCalls } from "./sign-current-turn.js";

/** Options for {@link toGenerateContentRequest}. */
export interface GenerateContentRequestOptions {
  /** Told about every value that was dropped (each is also returned in `warnings`). */
  onWarning?: WarningHandler;
  /**
   * The platform the request goes to (default `google`; `google-vertex` for
   * `GoogleGenAI({ vertexai: true })`): thought signatures and provider-run calls are sent back
   * only when minted there.
   */
  provider?: string;
  /**
   * The model the request goes to, as passed to the SDK (`gemini-3-pro-preview`,
   * `models/…`, `publishers/google/models/…`). Media in tool results goes inside the
   * `functionResponse` (`functionResponse.parts`) only for a model documented to take it (Gemini 3
   * and later); for any other model, and when this is absent, it goes as ordinary parts after the
   * function responses (`request.tool-media-moved`). `createGoogleProvider` passes its `model`.
   */
  model?: string;
  /**
   * The request goes to Vertex AI (default: when `provider` is `google-vertex`), whose
   * `fileData.mimeType` is required: a file or URL part without one gets the type its URI's
   * extension names, or is dropped (`request.file-without-mime-type`). `createGoogleProvider`
   * passes its client's `vertexai`.
   */
  vertexai?: boolean;
}

/** The request fields {@link toGenerateContentRequest} produces (add `model`, merge your config). */
export interface GenerateContentRequestParams {
  contents: Content[];
  config: Pick<GenerateContentConfig, "systemInstruction" | "tools">;
}

/** What {@link toGenerateContentRequest} returns. */
export interface GenerateContentRequestResult {
  params: GenerateContentRequestParams;
  /** Everything dropped on the way, in order. */
  warnings: BridgeWarning[];
}

/**
 * Converts AG-UI run input to `generateContentStream` params:
 * - system and developer messages, then `context` (rendered by core's `renderContext`), become
 *   `config.systemInstruction`;
 * - user messages become `user` contents (text, `inlineData`, `fileData`);
 * - assistant and reasoning messages become `model` contents, consecutive ones merged into one
 *   turn, with every thought signature Gemini minted restored on the part it came with (tool
 *   results a client filed between the messages of one response, `sameResponseAs`, move after it);
 * - tool messages become `functionResponse` parts named after the call they answer, in call order
 *   (results of calls Gemini ran itself go back into the model turn instead); their media goes in
 *   `functionResponse.parts` for Gemini 3 and later (`options.model`), otherwise after the
 *   function responses of the same user content;
 * - in the current turn, the first `functionCall` of each step that has no signature Gemini minted
 *   gets the documented placeholder signature (Gemini 3 refuses the request otherwise);
 * - `tools` become `functionDeclarations` with `parametersJsonSchema`.
 * Foreign file handles, foreign or unknown-origin encrypted values and anything Gemini cannot take
 * are dropped with a warning, never sent. Input that leaves no contents at all (only system or
 * developer messages, or nothing Gemini can take and no user message) throws
 * {@link EmptyRequestError} (code `empty_request`) instead of a request the API refuses.
 */
export function toGenerateContentRequest(
  input: Pick<RunAgentInput, "messages"> & Partial<Pick<RunAgentInput, "tools" | "context">>,
  options: GenerateContentRequestOptions = {},
): GenerateContentRequestResult {
  // Bad input gets the same typed error (RunInputError, naming the path) in every converter.
  parseRunAgentInput(input, { conversationOnly: true });
  // Every warning collected and told as it happens; a handler that throws is ignored.
  const sink = createWarningSink(options.onWarning);
  const warn = (warning: BridgeWarning): void => sink.warn(warning.code, warning.message, warning.details);
  assertToolNames(input.tools, GOOGLE_TOOL_NAME);
  const paired = pairToolResults(uniqueToolCallIds(input.messages, sink), sink, { isProviderRun: claimsProviderExecuted });
  const messages = orderToolResults(keepResponseTogether(paired));
  const context: ModelTurnContext = {
    results: resultsByCall(messages),
    consumed: new Set(),
    warn,
    platform: providerLabel(options.provider, GOOGLE_PROVIDER),
    vertexai: options.vertexai ?? options.provider === "google-vertex",
    ...(options.model !== undefined && { model: options.model }),
  };
  const calls = callsById(messages);
  let emptyUser: string | undefined;
  const system: string[] = [];
  const contents: Content[] = [];
  let lastKind: "user" | "model" | "tool" | undefined;
  // Tool result media the model takes no multimodal function responses for: after the function
  // responses of the user content being built (all of them: a step's responses stay together).
  const movedMedia = new Set<Part>();
  let pendingMedia: Part[] = [];
  const flushMedia = (): void => {
    if (pendingMedia.length > 0) contents[contents.length - 1]?.parts?.push(...pendingMedia);
    pendingMedia = [];
  };
  const push = (kind: "user" | "model" | "tool", parts: Part[]): void => {
    if (parts.length === 0) return;
    if (kind !== "tool") flushMedia();
    const last = contents[contents.length - 1];
    if (last !== undefined && lastKind === kind) last.parts?.push(...parts);
    else contents.push({ role: kind === "model" ? "model" : "user", parts });
    lastKind = kind;
  };

  for (const message of messages) {
    switch (message.role) {
      case "system":
      case "developer":
        if (message.content !== "") system.push(message.content);
        break;
      case "user": {
        const parts = userParts(message.content, message.id, sink, context);
        if (parts.length === 0) {
          emptyUser ??= message.id;
          sink.warn(REQUEST_WARNINGS.emptyMessage, `User message ${message.id} has nothing Gemini can take; dropped`, { messageId: message.id });
        }
        push("user", parts);
        break;
      }
      case "assistant":
        push("model", assistantParts(message, context));
        break;
      case "reasoning":
        push("model", reasoningParts(message, context));
        break;
      case "tool": {
        if (context.consumed.has(message.id)) break;
        const result = convertToolResult(message, { calls, warn, platform: context.platform, vertexai: context.vertexai, model: options.model });
        push("tool", result.response);
        for (const part of result.media) movedMedia.add(part);
        pendingMedia.push(...result.media);
        break;
      }
      default:
        warnUnknownRole(sink, message, "Gemini");
    }
  }
  flushMedia();
  // Thought signatures on model parts (assistant text, calls, provider-run results) go back or are
  // reported by signatureOf; a value on any other message has no place in a Gemini request.
  warnUnsentEncryptedValues(messages, sink, context.platform ?? GOOGLE_PROVIDER, (holder) => holder.kind === "tool-call" || holder.message.role === "assistant" || (holder.message.role === "tool" && context.consumed.has(holder.message.id)));
  keepTurnOrder(contents, emptyUser, sink);
  // The SDK throws a plain Error on `contents: []` and the API answers 400: a clear error instead,
  // before anything is sent (the run ends in RUN_ERROR `empty_request`, as with the other converters).
  if (contents.length === 0) {
    throw new EmptyRequestError("Nothing in the run input can be sent to Gemini: the request would have no contents");
  }
  orderFunctionResponses(contents);
  signCurrentTurnCalls(contents, movedMedia);

  const rendered = renderContext(input.context);
  if (rendered !== undefined) system.push(rendered);
  const declarations = uniqueTools(input.tools, sink).map((tool) => ({
    name: tool.name,
    description: tool.description,
    ...(tool.parameters !== undefined && { parametersJsonSchema: tool.parameters }),
  }));
  const config: GenerateContentRequestParams["config"] = {
    ...(system.length > 0 && { systemInstruction: { parts: system.map((text) => ({ text })) } }),
    ...(declarations.length > 0 && { tools: [{ functionDeclarations: declarations }] }),
  };
  // A lone surrogate (text cut through an emoji) makes the API refuse the whole body as invalid JSON.
  return { params: withWellFormedText({ contents, config }, sink), warnings: sink.warnings };
}

/**
 * Keeps the turn order Gemini accepts: contents never start with a `model` turn (a `functionCall`
 * there is rejected), and a conversation whose only user message was empty still has its user
 * turn. Where a user turn is needed and the input has none with content, one holding
 * {@link EMPTY_USER_TURN_TEXT} is put first (`request.empty-user-turn`).
 */
function keepTurnOrder(contents: Content[], emptyUser: string | undefined, sink: RequestWarn): void {
  if (contents.length > 0 && contents[0]?.role !== "model") return;
  if (contents.length === 0 && emptyUser === undefined) return;
  contents.unshift({ role: "user", parts: [{ text: EMPTY_USER_TURN_TEXT }] });
  sink.warn(REQUEST_WARNINGS.emptyUserTurn, `Gemini needs a user turn first; one holding ${JSON.stringify(EMPTY_USER_TURN_TEXT)} was put there`, {
    ...(emptyUser !== undefined && { messageId: emptyUser }),
  });
}

function userParts(content: string | ContentPart[], messageId: string, sink: RequestWarn, context: MediaContext): Part[] {
  if (typeof content === "string") return content === "" ? [] : [{ text: content }];
  const parts: Part[] = [];
  for (const [index, part] of content.entries()) {
    if (!KNOWN_PARTS.has(part.type) || (part.type !== "text" && !isRecord((part as { source?: unknown }).source))) {
      warnUnknownPart(sink, `user message ${messageId} part ${index}`, part, "Gemini");
      continue;
    }
    if (part.type === "text") {
      if (part.text !== "") parts.push({ text: part.text });
    } else {
      const media = convertMediaPart(part, `user message ${messageId}`, context);
      if (media !== undefined) parts.push(mediaAsPart(media));
    }
  }
  return parts;
}

const KNOWN_PARTS = new Set(["text", "image", "audio", "video", "document"]);

function callsById(messages: readonly Message[]): Map<string, AnsweredCall> {
  const out = new Map<string, AnsweredCall>();
  for (const message of messages) {
    if (message.role !== "assistant") continue;
    for (const call of message.toolCalls ?? []) {
      // The response carries the name the call was sent with (mapped when Gemini's rule rejects it).
      out.set(call.id, { name: mapToolName(call.function.name, GOOGLE_TOOL_NAME), providerId: asString(readBridgeMetadata(call.metadata)?.functionCallId) });
    }
  }
  return out;
}

function resultsByCall(messages: readonly Message[]): Map<string, ToolMessage> {
  const out = new Map<string, ToolMessage>();
  for (const message of messages) if (message.role === "tool" && !out.has(message.toolCallId)) out.set(message.toolCallId, message);
  return out;
}
