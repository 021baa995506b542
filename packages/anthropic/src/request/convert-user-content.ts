import { decodeTextData, inlineImageType, isRecord, isTextMediaType, mediaTypeEssence, isSourceUsableBy, REQUEST_WARNINGS, warnUnknownPart, withDataUrlAsData, type ContentPart, type PartSource } from "@agui-bridge/core/adapter";
import type {
  DocumentBlockParam,
  ImageBlockParam,
  SearchResultBlockParam,
  TextBlockParam,
} from "@anthropic-ai/sdk/resources/messages";
import type { WarningSink } from "./request-warnings.js";
import { isBlank, withoutBlankText } from "./blank-text.js";
import { documentOptions } from "./document-options.js";
import { searchResultBlock } from "./search-result-part.js";
import { ANTHROPIC_IMAGE_RULE } from "./image-media-type.js";

/** A block a user turn (or a tool result) may hold. */
export type UserContentBlock = TextBlockParam | ImageBlockParam | DocumentBlockParam | SearchResultBlockParam;

/** Reads a text part as a block of its own (a tool result's `tool_reference`, `browser_state`), or `undefined`. */
export type TextPartBlockReader<B> = (part: Extract<ContentPart, { type: "text" }>) => B | undefined;

/**
 * AG-UI content (a string or parts) → Anthropic content blocks. A text part whose metadata names a
 * search hit's `source` → `search_result` (see {@link searchResultBlock}). Images: data → base64
 * source (with the type its bytes are, see {@link ANTHROPIC_IMAGE_RULE}), url → url source, handle → file source. Documents: PDF data → base64, text data (any
 * `text` type, JSON, XML, YAML, …; see {@link isTextMediaType}) → text/plain text source
 * (decoded), url → url source (PDF or unstated type only: `URLPDFSource`), handle → file source; the part's metadata may give the document's
 * `title` (or `filename`), `context` and `citations` (see {@link documentOptions}). MIME types are
 * read without parameters or case. A handle is sent only when it names no provider or names
 * `platform`, the label the request goes to (default `anthropic`): the Files API is per platform,
 * so a handle minted on Bedrock or Vertex goes back only there. Audio, video and unsupported media
 * types are dropped with a warning. A URL source holding a base64 `data:` URL goes as the data it
 * spells (core's `withDataUrlAsData`: the `url` source fetches http(s) only). Content whose text is nothing but whitespace loses its text
 * blocks, which the API rejects ({@link withoutBlankText}). `readTextPart` reads a text part as a
 * block of its own first (a tool result's, see `toolResultPartReader`).
 */
export function convertUserContent<B extends { type: string } = never>(
  content: string | ContentPart[],
  sink: WarningSink,
  where: string,
  platform = "anthropic",
  readTextPart?: TextPartBlockReader<B>,
): Array<UserContentBlock | B> {
  if (typeof content === "string") return isBlank(content) ? [] : [{ type: "text", text: content }];
  const blocks: Array<UserContentBlock | B> = [];
  content.forEach((part, index) => {
    const block = part.type === "text" ? (readTextPart?.(part) ?? convertPart(part, sink, `${where} part ${index}`, platform)) : convertPart(part, sink, `${where} part ${index}`, platform);
    if (block !== undefined) blocks.push(block);
  });
  return withoutBlankText(blocks);
}

function convertPart(part: ContentPart, sink: WarningSink, where: string, platform: string): UserContentBlock | undefined {
  if (part.type !== "text" && !isRecord((part as { source?: unknown }).source)) {
    warnUnknownPart(sink, where, part, "Anthropic");
    return undefined;
  }
  switch (part.type) {
    case "text":
      if (part.text === "") return undefined;
      return searchResultBlock(part) ?? { type: "text", text: part.text };
    case "image":
      return convertImage(withDataUrlAsData(part.source), sink, where, platform);
    case "document":
      return withDocumentOptions(convertDocument(withDataUrlAsData(part.source), sink, where, platform), part, sink, where);
    case "audio":
    case "video":
      sink.warn(REQUEST_WARNINGS.unsupportedPart, `${where}: Anthropic Messages accepts no ${part.type} input; the part was dropped`, {
        type: part.type,
      });
      return undefined;
    default:
      warnUnknownPart(sink, where, part, "Anthropic");
      return undefined;
  }
}

function convertImage(source: PartSource, sink: WarningSink, where: string, platform: string): ImageBlockParam | undefined {
  if (!usable(source, sink, where, platform)) return undefined;
  if (source.type === "url") return { type: "image", source: { type: "url", url: source.value } };
  if (source.type === "file") return { type: "image", source: { type: "file", file_id: source.value } };
  const mediaType = inlineImageType(source.mimeType, source.value, ANTHROPIC_IMAGE_RULE, sink, where);
  if (mediaType === undefined) return undefined;
  return {
    type: "image",
    source: { type: "base64", media_type: mediaType as "image/png", data: source.value },
  };
}

function convertDocument(source: PartSource, sink: WarningSink, where: string, platform: string): DocumentBlockParam | undefined {
  if (!usable(source, sink, where, platform)) return undefined;
  // The `url` source is `URLPDFSource`: a URL stated to be anything but a PDF cannot go.
  if (source.type === "url" && source.mimeType !== undefined && mediaTypeEssence(source.mimeType) !== "application/pdf") return unsupportedDocument(source.mimeType, sink, where);
  if (source.type === "url") return { type: "document", source: { type: "url", url: source.value } };
  if (source.type === "file") return { type: "document", source: { type: "file", file_id: source.value } };
  if (mediaTypeEssence(source.mimeType) === "application/pdf") {
    return { type: "document", source: { type: "base64", media_type: "application/pdf", data: source.value } };
  }
  // The plain-text source takes only text/plain: CSV, Markdown, JSON, … go as the text they are.
  if (isTextMediaType(source.mimeType)) {
    return {
      type: "document",
      source: { type: "text", media_type: "text/plain", data: decodeTextData(source.value, source.mimeType) },
    };
  }
  return unsupportedDocument(source.mimeType, sink, where);
}

function unsupportedDocument(mimeType: string, sink: WarningSink, where: string): undefined {
  sink.warn(REQUEST_WARNINGS.unsupportedMediaType, `${where}: document type ${mimeType} is not accepted; the part was dropped`, { mimeType });
  return undefined;
}

/** The document block with what the part's metadata asks for (title, context, citations; see {@link documentOptions}). */
function withDocumentOptions(
  block: DocumentBlockParam | undefined,
  part: { metadata?: unknown },
  sink: WarningSink,
  where: string,
): DocumentBlockParam | undefined {
  return block === undefined ? undefined : { ...block, ...documentOptions(part, sink, where) };
}

function usable(source: PartSource, sink: WarningSink, where: string, platform: string): boolean {
  if (isSourceUsableBy(source, platform)) return true;
  sink.warn(REQUEST_WARNINGS.foreignFile, `${where}: a file handle minted by ${String(source.type === "file" ? source.provider : "")} cannot be sent to ${platform}; the part was dropped`, {
    provider: source.type === "file" ? source.provider : undefined,
  });
  return false;
}
