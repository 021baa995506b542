import { REQUEST_WARNINGS, type BridgeWarning, type ToolMessage } from "@agui-bridge/core/adapter";
import type { Part } from "@google/genai";
import { parseObject, textOf } from "./convert-model-turn.js";
import { convertMediaPart, mediaAsFunctionResponsePart, mediaAsPart, type MediaPart } from "./convert-media.js";
import { FUNCTION_RESPONSE_MEDIA_TYPES, takesFunctionResponseMediaType, takesMultimodalFunctionResponses } from "./multimodal-function-responses.js";

/** The call a tool message answers, as the request sends it. */
export interface AnsweredCall {
  /** The name the call was sent with. */
  name: string;
  /** Gemini's call `id`, when it issued one. */
  providerId: string | undefined;
}

/** What one tool message becomes. */
export interface ConvertedToolResult {
  /** The `functionResponse` part (none when the message was dropped). */
  response: Part[];
  /**
   * The result's media when the model takes no multimodal function responses: ordinary
   * `inlineData` / `fileData` parts, to go after the function responses of the same user content.
   */
  media: Part[];
}

/** What {@link convertToolResult} needs besides the message. */
export interface ToolResultContext {
  calls: ReadonlyMap<string, AnsweredCall>;
  warn: (warning: BridgeWarning) => void;
  /** The platform label (file handles minted elsewhere are dropped). */
  platform: string | undefined;
  /** The request goes to Vertex AI (its `fileData` needs a MIME type). */
  vertexai?: boolean | undefined;
  /** The model the request goes to (decides where the media goes). */
  model: string | undefined;
}

/**
 * A tool message as a `functionResponse`: `name` from the call it answers, the provider's call
 * `id` when it had one, `response` = the content when it is a JSON object with neither an
 * `output` nor an `error` key, else `{ output }` ({@link successResponse}; `{ error, output? }`
 * when the tool failed). This is the one place that decides where a result's media
 * goes: inside the `functionResponse` (`functionResponse.parts`) when the model takes multimodal
 * function responses ({@link takesMultimodalFunctionResponses}) and the media is of a type Gemini
 * takes there ({@link FUNCTION_RESPONSE_MEDIA_TYPES}: PNG, JPEG, WEBP, PDF, plain text); anything
 * else is returned as `media`, ordinary parts for after the function responses (where every
 * multimodal model takes it), with a `request.tool-media-moved` warning (the `response` is the
 * same either way).
 */
export function convertToolResult(message: ToolMessage, context: ToolResultContext): ConvertedToolResult {
  const { warn } = context;
  const call = context.calls.get(message.toolCallId);
  if (call === undefined) {
    warn({
      code: REQUEST_WARNINGS.orphanToolResult,
      message: `Tool message ${message.id} answers call ${message.toolCallId}, which no assistant message holds; Gemini needs the call's name, so it was dropped`,
      details: { messageId: message.id, toolCallId: message.toolCallId },
    });
    return { response: [], media: [] };
  }
  const output = textOf(message.content);
  let response: Record<string, unknown>;
  if (message.error !== undefined) response = { error: message.error, ...(output !== "" && { output }) };
  else response = successResponse(output);
  const media: MediaPart[] = [];
  if (typeof message.content !== "string") {
    for (const part of message.content) {
      if (part.type === "text") continue;
      const converted = convertMediaPart(part, `tool message ${message.id}`, context);
      if (converted !== undefined) media.push(converted);
    }
  }
  const multimodal = takesMultimodalFunctionResponses(context.model);
  const inside = multimodal ? media.filter((part) => takesFunctionResponseMediaType(mimeTypeOf(part))) : [];
  const moved = media.filter((part) => !inside.includes(part));
  if (moved.length > 0) warnMoved(message, context, multimodal, moved);
  return {
    response: [
      {
        functionResponse: {
          ...(call.providerId !== undefined && { id: call.providerId }),
          name: call.name,
          response,
          // With the metadata beside the data: `FunctionResponsePart` takes the same fields as a `Part`
          // (`@google/genai` 3.6); for the types that go inside, a `documentMetadata` or a `mediaResolution`.
          ...(inside.length > 0 && { parts: inside.map(mediaAsFunctionResponsePart) }),
        },
      },
    ],
    media: moved.map(mediaAsPart),
  };
}

/**
 * A successful result as `functionResponse.response`. The API reads the keys `output` (the
 * function's output) and `error` ("error details"), and only "if "output" and "error" keys are not
 * specified" takes the whole object as the output. So a JSON object goes as it is only when it has
 * neither key; one that has (`{ "result": …, "error": null }`, `{ "output": …, "exitCode": 1 }`)
 * goes whole under `output`, never read as a failure or cut to one field; anything else (plain
 * text, an array, a number) is `{ output: text }`.
 */
function successResponse(output: string): Record<string, unknown> {
  const parsed = parseObject(output);
  if (parsed === undefined) return { output };
  return Object.hasOwn(parsed, "output") || Object.hasOwn(parsed, "error") ? { output: parsed } : parsed;
}

function warnMoved(message: ToolMessage, context: ToolResultContext, multimodal: boolean, moved: readonly MediaPart[]): void {
  const details = { messageId: message.id, toolCallId: message.toolCallId, ...(context.model !== undefined && { model: context.model }) };
  if (!multimodal) {
    context.warn({
      code: "request.tool-media-moved",
      message: `The media of tool message ${message.id} went as parts after its function response: ${context.model === undefined ? "no model was named, and only" : `${context.model} is not documented to take multimodal function responses; only`} Gemini 3 and later models take media inside one`,
      details,
    });
    return;
  }
  const mimeTypes = moved.map((part) => mimeTypeOf(part) ?? "none");
  context.warn({
    code: "request.tool-media-moved",
    message: `Media of tool message ${message.id} (${mimeTypes.join(", ")}) went as parts after its function response: a function response takes only ${[...FUNCTION_RESPONSE_MEDIA_TYPES].join(", ")}`,
    details: { ...details, mimeTypes },
  });
}

function mimeTypeOf(media: MediaPart): string | undefined {
  return media.inlineData?.mimeType ?? media.fileData?.mimeType;
}
