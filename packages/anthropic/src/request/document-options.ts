import type { DocumentBlockParam } from "@anthropic-ai/sdk/resources/messages";
import { citationsEnabled, partMetadataReader } from "./part-metadata.js";
import type { WarningSink } from "./request-warnings.js";

/** The longest `title` the Messages API takes on a document block. */
export const MAX_DOCUMENT_TITLE_LENGTH = 500;

/** The fields of a document block that describe the document rather than hold it. */
export type DocumentOptions = Pick<DocumentBlockParam, "title" | "context" | "citations">;

/**
 * What a document part asks of its `document` block, read from the part's `metadata` (or the same
 * keys under the `agui-bridge` key): `title` (else `filename`, the name other converters read),
 * `context` (text the model reads with the document but cannot cite) and `citations` (`true`, or
 * `{ enabled: boolean }` as the API spells it), which makes Claude cite the document's passages
 * (`char_location` for text, `page_location` for PDFs). Without them the block has none of these
 * fields and Claude cannot cite it. A title the API would reject (empty, over
 * {@link MAX_DOCUMENT_TITLE_LENGTH} characters) is left out with `request.document-title-dropped`.
 */
export function documentOptions(part: { metadata?: unknown }, sink: WarningSink, where: string): DocumentOptions {
  const read = partMetadataReader(part);
  const options: DocumentOptions = {};
  const title = read("title") ?? read("filename");
  if (typeof title === "string") {
    if (title.length > 0 && title.length <= MAX_DOCUMENT_TITLE_LENGTH) options.title = title;
    else {
      sink.warn("request.document-title-dropped", `${where}: a document title must be 1 to ${MAX_DOCUMENT_TITLE_LENGTH} characters; it was left out`, {
        length: title.length,
      });
    }
  }
  const context = read("context");
  if (typeof context === "string" && context.length > 0) options.context = context;
  const enabled = citationsEnabled(read("citations"));
  if (enabled !== undefined) options.citations = { enabled };
  return options;
}
