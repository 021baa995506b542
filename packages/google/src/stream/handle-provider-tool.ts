import { bridgeMetadata, type ContentPart, type PartSource, STREAM_WARNINGS } from "@agui-bridge/core/adapter";
import { MEDIA_METADATA_FIELDS, PROVIDER_TOOL } from "../constants.js";
import { asNonEmptyString, asString, isRecord } from "../narrow.js";
import type { StreamState } from "./stream-state.js";
import { startCall } from "./tool-calls.js";

/**
 * `executableCode`: a provider-executed `code_execution` tool call whose arguments are
 * `{"language":…,"code":…}`; its result arrives with the matching `codeExecutionResult`. Code run
 * while thinking comes marked `thought: true`: the mark is kept as `thought: true` in the call's
 * metadata (and the result's), so it goes back marked.
 */
export function handleExecutableCode(state: StreamState, code: Record<string, unknown>, signature: string | undefined, thought = false): void {
  const providerId = asNonEmptyString(code.id);
  const args: Record<string, string> = {};
  const language = asString(code.language);
  if (language !== undefined) args.language = language;
  const source = asString(code.code);
  if (source !== undefined) args.code = source;
  const toolCallId = startCall(state, {
    providerId,
    name: PROVIDER_TOOL.codeExecution,
    providerExecuted: true,
    metadata: { providerToolType: PROVIDER_TOOL.codeExecution, ...(thought && { thought: true }) },
    signature,
  });
  state.run.toolCallArgs(toolCallId, JSON.stringify(args));
  state.run.endToolCall(toolCallId);
  state.pendingCode.push({ toolCallId, ...(providerId !== undefined && { providerId }) });
}

/**
 * `codeExecutionResult`: TOOL_CALL_RESULT of the `executableCode` call it answers (by `id`, else
 * the oldest one still waiting); `outcome` lands in the result's metadata. A result with no
 * call to answer gets a `code_execution` call of its own, so it is not lost. A signature on the
 * result part attaches to the result message (subtype `message`).
 */
export function handleCodeExecutionResult(
  state: StreamState,
  result: Record<string, unknown>,
  signature: string | undefined,
  thought = false,
): void {
  const providerId = asNonEmptyString(result.id);
  const index = providerId === undefined
    ? 0
    : state.pendingCode.findIndex((pending) => pending.providerId === providerId);
  const pending = index >= 0 ? state.pendingCode.splice(index, 1)[0] : undefined;
  let toolCallId = pending?.toolCallId;
  if (toolCallId === undefined) {
    toolCallId = startCall(state, {
      providerId,
      name: PROVIDER_TOOL.codeExecution,
      providerExecuted: true,
      metadata: { providerToolType: PROVIDER_TOOL.codeExecution, ...(thought && { thought: true }) },
    });
    state.run.toolCallArgs(toolCallId, "{}");
  }
  const outcome = asString(result.outcome);
  const messageId = state.run.toolCallResult({
    toolCallId,
    content: asString(result.output) ?? "",
    metadata: {
      providerExecuted: true,
      providerToolType: PROVIDER_TOOL.codeExecution,
      ...(outcome !== undefined && { outcome }),
      ...(thought && { thought: true }),
    },
  });
  if (signature !== undefined) state.run.encryptedValue("message", messageId, signature);
}

/**
 * Output media (`inlineData`, e.g. generated images, or `fileData`): a provider-executed call named
 * `image_generation` (image MIME types), `inline_data` or `file_data`, arguments `{}`, and a
 * TOOL_CALL_RESULT whose content is one media part: a DataSource for inline bytes, a FileSource
 * labelled with the platform (`{ provider: "google" }`, `google-vertex` on Vertex AI) for a file URI. A signature on the part attaches to the call.
 * A media part marked `thought: true` (an interim image an image model drew while thinking) keeps
 * the mark as `thought: true` in the call's and the result's metadata, so it goes back as a thought.
 * The fields of the part that say how to read its data ({@link MEDIA_METADATA_FIELDS}:
 * `videoMetadata`, `audioMetadata`, `documentMetadata`, `spreadsheetMetadata`, `mediaResolution`,
 * `mediaProcessing`; the API documents them as input metadata, only beside the data) are kept on
 * the media part, `metadata["agui-bridge"].<field>`, as sent, and go back beside it (checked there).
 */
export function handleOutputMedia(
  state: StreamState,
  kind: "inline" | "file",
  media: Record<string, unknown>,
  signature: string | undefined,
  thought = false,
  part?: Record<string, unknown>,
): void {
  const mimeType = asNonEmptyString(media.mimeType);
  const source = mediaSource(kind, media, mimeType, state.provider);
  if (source === undefined) {
    state.options.onWarning?.({
      code: STREAM_WARNINGS.emptyMediaPart,
      message: `An ${kind === "inline" ? "inlineData" : "fileData"} part without data was ignored`,
    });
    return;
  }
  const name =
    kind === "file"
      ? PROVIDER_TOOL.fileData
      : mimeType?.startsWith("image/") === true
        ? PROVIDER_TOOL.imageGeneration
        : PROVIDER_TOOL.inlineData;
  const toolCallId = startCall(state, {
    providerId: undefined,
    name,
    providerExecuted: true,
    metadata: { providerToolType: name, ...(thought && { thought: true }) },
    signature,
  });
  state.run.toolCallArgs(toolCallId, "{}");
  const displayName = asNonEmptyString(media.displayName);
  state.run.toolCallResult({
    toolCallId,
    content: [withMediaMetadata(mediaPart(source, mimeType), part)],
    metadata: { providerExecuted: true, providerToolType: name, ...(displayName !== undefined && { displayName }), ...(thought && { thought: true }) },
  });
}

function mediaSource(kind: "inline" | "file", media: Record<string, unknown>, mimeType: string | undefined, provider: string): PartSource | undefined {
  if (kind === "inline") {
    const data = asString(media.data);
    if (data === undefined) return undefined;
    return { type: "data", value: data, mimeType: mimeType ?? "application/octet-stream" };
  }
  const uri = asNonEmptyString(media.fileUri);
  if (uri === undefined) return undefined;
  return { type: "file", value: uri, provider, ...(mimeType !== undefined && { mimeType }) };
}

/** The media part with the part's {@link MEDIA_METADATA_FIELDS} (each an object; `mediaProcessing`, or the resolution level alone, a string) under `agui-bridge`. */
function withMediaMetadata(media: ContentPart, part: Record<string, unknown> | undefined): ContentPart {
  if (part === undefined) return media;
  let fields: Record<string, unknown> | undefined;
  for (const field of MEDIA_METADATA_FIELDS) {
    const value = part[field];
    if (isRecord(value) || ((field === "mediaResolution" || field === "mediaProcessing") && typeof value === "string")) (fields ??= {})[field] = value;
  }
  return fields === undefined ? media : { ...media, metadata: bridgeMetadata(fields) };
}

/** The AG-UI part type for a MIME type. */
export function mediaPart(source: PartSource, mimeType: string | undefined): ContentPart {
  const type = mimeType?.split("/")[0];
  if (type === "image") return { type: "image", source };
  if (type === "audio") return { type: "audio", source };
  if (type === "video") return { type: "video", source };
  return { type: "document", source };
}
