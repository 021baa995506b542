import {
  decodeTextData,
  imageTypeOfBytes,
  inlineImageType,
  isRecord,
  isTextMediaType,
  mediaTypeEssence,
  isSourceUsableBy,
  REQUEST_WARNINGS,
  warnUnknownPart,
  withDataUrlAsData,
  type ContentPart,
  type PartSource,
} from "@agui-bridge/core/adapter";
import { askedImageDetail, imageDetail } from "./image-detail.js";
import { askedFileDetail } from "./file-detail.js";
import { withCacheBreakpoint } from "./cache-breakpoint.js";
import { responsesFileName } from "./document-file-types.js";
import { inlineImageRuleFor } from "./image-types.js";
import { asNonEmptyString, asRecord } from "../narrow.js";
import { targetOf, type WarningSink } from "./request-warnings.js";

/** Which API a part is converted for. */
export type TargetApi = "chat" | "responses";

/** A content part in the target API's wire shape. */
export type WirePart = Record<string, unknown> & { type: string };

/**
 * Converts AG-UI content parts to the target API's parts: text; image (data → data URL, url →
 * url, file handle → `file_id` on Responses); audio (data → `input_audio` with the format from the
 * mime type, Chat only); documents (data → `file_data`: PDF on Chat, on Responses also the text, code,
 * office and spreadsheet types it reads; other text documents → their decoded text as a text part,
 * see {@link documentAsText}; handle → `file_id`, url → `file_url` on Responses, →
 * `file.file_data` on Chat to OpenRouter; a base64 `data:` URL as the data it spells, core's
 * `withDataUrlAsData`). File handles minted by another provider are never sent; anything the API cannot
 * take is dropped with a warning, and so is image data of a type OpenAI's platforms do not take
 * (see {@link inlineImageRuleFor}; URL and `file_id` images are sent as they are, their type is not known here).
 * A part asking for a prompt cache breakpoint (metadata `promptCacheBreakpoint`) gets one where the
 * target takes it (see {@link withCacheBreakpoint}).
 */
export function convertContentParts(
  parts: readonly ContentPart[],
  api: TargetApi,
  sink: WarningSink,
  where: string,
): WirePart[] {
  const out: WirePart[] = [];
  parts.forEach((part, index) => {
    const at = `${where} part ${index}`;
    const converted = convertPart(part, api, sink, at);
    if (converted !== undefined) out.push(withCacheBreakpoint(converted, part, sink, at));
  });
  return out;
}

const KNOWN_PARTS = new Set(["text", "image", "audio", "video", "document"]);

function convertPart(part: ContentPart, api: TargetApi, sink: WarningSink, where: string): WirePart | undefined {
  if (!KNOWN_PARTS.has(part.type) || (part.type !== "text" && !isRecord(part.source))) {
    warnUnknownPart(sink, where, part, api === "chat" ? "Chat Completions" : "Responses");
    return undefined;
  }
  if (part.type === "text") return api === "chat" ? { type: "text", text: part.text } : { type: "input_text", text: part.text };
  // A base64 data URL goes as the data it spells (Chat takes no document URL; Responses fetches `file_url`).
  const source = withDataUrlAsData(part.source);
  // DeepSeek's Chat API takes text parts only (400 "unknown variant `image_url`, expected `text`"):
  // a text document goes as its text, anything else is dropped.
  if (targetOf(sink) === "deepseek") {
    return part.type === "document" && source.type === "data" && isTextMediaType(source.mimeType)
      ? documentAsText(source.value, source.mimeType, api, sink, where)
      : unsupported(sink, where, part.type, part.source, api);
  }
  if (part.type === "video") return unsupported(sink, where, part.type, source, api);
  if (source.type === "file" && !isSourceUsableBy(source, targetOf(sink))) {
    sink.warn(REQUEST_WARNINGS.foreignFile, `${where}: a file handle minted by ${source.provider} cannot be sent to OpenAI; dropped`, {
      where,
      provider: source.provider ?? null,
    });
    return undefined;
  }
  if (part.type === "image") {
    if (source.type === "file") {
      return api === "responses"
        ? { type: "input_image", file_id: source.value, detail: imageDetail(part) }
        : unsupported(sink, where, part.type, source, api);
    }
    let url = source.value;
    if (source.type === "data") {
      const mimeType = inlineImageMimeType(source.mimeType, source.value, sink, where);
      if (mimeType === undefined) return undefined;
      url = dataUrl(mimeType, source.value);
    }
    const asked = api === "chat" ? askedImageDetail(part) : undefined;
    return api === "chat"
      ? { type: "image_url", image_url: { url, ...(asked !== undefined && { detail: asked }) } }
      : { type: "input_image", image_url: url, detail: imageDetail(part) };
  }
  if (part.type === "audio") {
    const format = audioFormat(source.mimeType);
    if (api === "chat" && source.type === "data" && format !== undefined) {
      return { type: "input_audio", input_audio: { data: source.value, format } };
    }
    return unsupported(sink, where, part.type, source, api);
  }
  // document
  const filename = asNonEmptyString(asRecord(part.metadata)?.filename);
  const detail = askedFileDetail(part);
  const fileDetail = detail === undefined ? {} : { detail };
  if (source.type === "file") {
    return api === "chat" ? { type: "file", file: { file_id: source.value } } : { type: "input_file", file_id: source.value, ...fileDetail };
  }
  if (source.type === "data") {
    // Chat reads PDF only (the type read without parameters or case: `Application/PDF; name=a.pdf`
    // is a PDF, sent as application/pdf); OpenAI's Responses also text, code, office documents and
    // spreadsheets (their parameters kept in the data URL: a text file's charset).
    const pdf = mediaTypeEssence(source.mimeType) === "application/pdf";
    const name = api === "chat" ? (pdf ? filename ?? "document.pdf" : undefined) : responsesFileName(source.mimeType, filename, targetOf(sink));
    if (name === undefined) return isTextMediaType(source.mimeType) ? documentAsText(source.value, source.mimeType, api, sink, where) : unsupported(sink, where, part.type, source, api);
    const file_data = dataUrl(api === "chat" ? "application/pdf" : source.mimeType, source.value);
    return api === "chat"
      ? { type: "file", file: { file_data, filename: name } }
      : { type: "input_file", file_data, filename: name, ...fileDetail };
  }
  if (api === "responses") return { type: "input_file", file_url: source.value, ...fileDetail };
  // OpenRouter's Chat endpoint fetches a document given by URL in `file.file_data` (OpenAI's does not).
  if (targetOf(sink) === "openrouter") return { type: "file", file: { filename: filename ?? urlFileName(source.value) ?? "document.pdf", file_data: source.value } };
  return unsupported(sink, where, part.type, source, api);
}

/**
 * The MIME type image data goes with in its data URL, as a bare lowercase type (`IMAGE/PNG` or
 * `image/png; charset=x` go as `image/png`: OpenAI reads no other spelling as an image URL): to
 * OpenAI's platforms the type core's `inlineImageType` decides (`undefined`: dropped, with
 * `request.unsupported-media-type`); to servers without a known image rule an `image/*` type as
 * declared. Data declared as no image type (`application/pdf`, `video/mp4`) is no image any server
 * reads (`image_url.url`: "either a URL of the image or the base64 encoded image data", API
 * reference; vLLM, Groq and the gateways decode it as an image and answer 400): it goes as the
 * type its bytes are when they are an image (`request.media-type-corrected`), else is dropped
 * (`request.unsupported-media-type`).
 */
function inlineImageMimeType(declared: string, base64: string, sink: WarningSink, where: string): string | undefined {
  const rule = inlineImageRuleFor(targetOf(sink));
  if (rule !== undefined) return inlineImageType(declared, base64, rule, sink, where);
  const essence = mediaTypeEssence(declared);
  if (essence.startsWith("image/")) return essence;
  const actual = imageTypeOfBytes(base64);
  if (actual !== undefined) {
    sink.warn(REQUEST_WARNINGS.mediaTypeCorrected, `${where}: the image is ${actual}, not ${declared} as declared; sent as ${actual}`, { mimeType: declared, sentAs: actual });
    return actual;
  }
  sink.warn(REQUEST_WARNINGS.unsupportedMediaType, `${where}: image data declared as ${declared || "no type"} is no image type; the part was dropped`, { mimeType: declared });
  return undefined;
}

/** The last path segment of a URL, if it names a file. */
function urlFileName(url: string): string | undefined {
  try {
    const name = decodeURIComponent(new URL(url).pathname.split("/").pop() ?? "");
    return name.includes(".") ? name : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A text document (core's `isTextMediaType`: any `text/*` type, JSON, XML, YAML, …) the target
 * takes no file of, as a text part holding its decoded text. OpenAI's "File inputs" guide: Chat
 * Completions takes PDF only as a `file` part, and "to use text from a file in Chat Completions,
 * read the file in your application and send its contents as a text content part"; on the
 * Responses API the same for the types `input_file` does not list (YAML, TOML, …) and for the
 * platforms known to read PDF only (Azure OpenAI) or no inline file (xAI): the API extracts only
 * the text of a non-PDF text file anyway. The text goes as it is, with no filename or wrapper
 * (the guide shows none); `request.document-as-text` says so.
 */
/**
 * The decoded text of a text document part given as data (or a base64 `data:` URL), with
 * `request.document-as-text`, for a place that takes text only (Chat tool results); `undefined`
 * for any other part.
 */
export function textDocumentText(part: ContentPart, sink: WarningSink, where: string): string | undefined {
  if (part.type !== "document" || !isRecord(part.source)) return undefined;
  const source = withDataUrlAsData(part.source);
  if (source.type !== "data" || !isTextMediaType(source.mimeType)) return undefined;
  const wire = documentAsText(source.value, source.mimeType, "chat", sink, where);
  return typeof wire.text === "string" ? wire.text : undefined;
}

function documentAsText(base64: string, mimeType: string, api: TargetApi, sink: WarningSink, where: string): WirePart {
  const label = api === "chat" ? "Chat Completions" : "Responses";
  sink.warn(REQUEST_WARNINGS.documentAsText, `${where}: a ${mimeType} document cannot be sent to the ${label} API as a file; sent as a text part with its decoded text`, { where, mimeType });
  const text = decodeTextData(base64, mimeType);
  return api === "chat" ? { type: "text", text } : { type: "input_text", text };
}

function unsupported(sink: WarningSink, where: string, type: string, source: PartSource, api: TargetApi): undefined {
  const label = api === "chat" ? "Chat Completions" : "Responses";
  sink.warn(
    REQUEST_WARNINGS.unsupportedPart,
    `${where}: a ${type} part from a ${source.type} source${source.mimeType !== undefined ? ` (${source.mimeType})` : ""} cannot be sent to the ${label} API; dropped`,
    { where, partType: type, sourceType: source.type, ...(source.mimeType !== undefined && { mimeType: source.mimeType }) },
  );
  return undefined;
}

function dataUrl(mimeType: string, base64: string): string {
  return `data:${mimeType};base64,${base64}`;
}

/**
 * The `input_audio.format` of an audio MIME type: `wav` or `mp3`, the two Chat takes (API
 * reference, `ChatCompletionContentPartInputAudio.format`), the type read without parameters or
 * case (`Audio/WAV; codecs=1` is WAV), as images and documents are; `undefined` for any other.
 */
function audioFormat(mimeType: string | undefined): "wav" | "mp3" | undefined {
  switch (mimeType === undefined ? undefined : mediaTypeEssence(mimeType)) {
    case "audio/wav":
    case "audio/x-wav":
    case "audio/wave":
    case "audio/vnd.wave":
      return "wav";
    case "audio/mpeg":
    case "audio/mp3":
    case "audio/x-mp3":
      return "mp3";
    default:
      return undefined;
  }
}
