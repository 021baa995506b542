import { GEMINI_PLACEHOLDER_THOUGHT_SIGNATURE, type ToolNameRule } from "@agui-bridge/core/adapter";

/** The provider id stamped on everything this adapter produces and checked on what it sends back. */
export const GOOGLE_PROVIDER = "google";

/** The `encryptedKind` recorded for a Gemini `thoughtSignature`. */
export const GOOGLE_THOUGHT_SIGNATURE = "google-thought-signature";

/** Tool names (and `providerToolType`s) of the provider-run tool calls this adapter emits. */
export const PROVIDER_TOOL = {
  /** `executableCode` + `codeExecutionResult`. */
  codeExecution: "code_execution",
  /** `inlineData` output whose MIME type is `image/*`. */
  imageGeneration: "image_generation",
  /** `inlineData` output of any other MIME type. */
  inlineData: "inline_data",
  /** `fileData` output. */
  fileData: "file_data",
  /** A Gemini 3 server-side `toolCall` + `toolResponse` (a built-in tool run by the API). */
  serverTool: "server_tool",
} as const;

/** The provider-run tool types the request converter turns back into model parts. */
export type ProviderToolType = (typeof PROVIDER_TOOL)[keyof typeof PROVIDER_TOOL];

/**
 * Gemini's documented function name rule: starts with a letter or an underscore; a-z, A-Z, 0-9,
 * underscores, dots, colons and dashes; at most 64 characters (the Gemini API and Vertex AI references of
 * `FunctionDeclaration.name`; older Vertex pages and the SDK's types say 128; a name within both is sent).
 */
export const GOOGLE_TOOL_NAME: ToolNameRule = { provider: "Gemini", allowed: /[a-zA-Z0-9_.:-]/, maxLength: 64, first: /[a-zA-Z_]/ };

/** The text of the user turn put where Gemini needs one and the input has none (or only an empty one). */
export const EMPTY_USER_TURN_TEXT = ".";

/**
 * The thought signature Gemini documents for a function call it did not produce itself (history
 * from another model or provider, or a call whose signature could not be sent back): Gemini 3
 * answers 400 when the first `functionCall` of a step in the current turn carries no signature.
 * `skip_thought_signature_validator`, the value both the Gemini API and Vertex AI document (core's
 * `GEMINI_PLACEHOLDER_THOUGHT_SIGNATURE`, shared with the openai adapter's `gemini` dialect).
 */
export const PLACEHOLDER_THOUGHT_SIGNATURE: typeof GEMINI_PLACEHOLDER_THOUGHT_SIGNATURE = GEMINI_PLACEHOLDER_THOUGHT_SIGNATURE;

/**
 * The fields of a Gemini media `Part` (and, since `@google/genai` 3.6, of a `FunctionResponsePart`)
 * that say how to read the `inlineData` / `fileData` beside them: `videoMetadata`, `audioMetadata`,
 * `documentMetadata`, `spreadsheetMetadata`, the per-part `mediaResolution` and `mediaProcessing`. An AG-UI media part
 * carries them in its `metadata` (plain or under `agui-bridge`); the stream keeps them on the media
 * part of an output media result, and the request side checks and sends them (`media-metadata.ts`).
 */
export const MEDIA_METADATA_FIELDS = ["videoMetadata", "audioMetadata", "documentMetadata", "spreadsheetMetadata", "mediaResolution", "mediaProcessing"] as const;

/** One of {@link MEDIA_METADATA_FIELDS}. */
export type MediaMetadataField = (typeof MEDIA_METADATA_FIELDS)[number];
