import { mediaTypeEssence } from "@agui-bridge/core/adapter";
import { XAI_PROVIDER_LABEL } from "../responses-stream/classify-output-item.js";
import { DEFAULT_PROVIDER_LABEL } from "../provider-label.js";

/**
 * The document types OpenAI's Responses API reads from an `input_file` given as `file_data`
 * (OpenAI's "File inputs" guide: PDF; text and code; rich documents; presentations; spreadsheets),
 * by MIME type, with the extension a default filename gets. Chat Completions takes PDF only.
 */
const RESPONSES_FILE_EXTENSIONS: Readonly<Record<string, string>> = {
  "application/pdf": "pdf",
  "text/plain": "txt",
  "text/markdown": "md",
  "application/json": "json",
  "text/html": "html",
  "application/xml": "xml",
  "text/xml": "xml",
  "application/msword": "doc",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/rtf": "rtf",
  "text/rtf": "rtf",
  "application/vnd.oasis.opendocument.text": "odt",
  "application/vnd.ms-powerpoint": "ppt",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
  "text/csv": "csv",
  "text/tab-separated-values": "tsv",
  "application/vnd.ms-excel": "xls",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
};

/** xAI's Responses API takes files by `file_url` or `file_id` only ("Chat with Files"), never inline. */
const NO_INLINE_FILES: ReadonlySet<string> = new Set([XAI_PROVIDER_LABEL]);

/**
 * The filename a document of `mimeType` goes with as Responses `file_data` to the platform
 * `provider`: the one the part named, else `document.<extension>` (`document.txt` for other
 * `text/*` types, code files among them). OpenAI reads every type above; other platforms speaking
 * the Responses API are only known to read PDF (Azure OpenAI's file input), xAI no inline file at
 * all. `undefined` when the target does not read that type (the part is dropped with a warning).
 */
export function responsesFileName(mimeType: string, named: string | undefined, provider: string): string | undefined {
  if (NO_INLINE_FILES.has(provider)) return undefined;
  const essence = mediaTypeEssence(mimeType);
  const extension = RESPONSES_FILE_EXTENSIONS[essence] ?? (essence.startsWith("text/") ? "txt" : undefined);
  if (extension === undefined || (provider !== DEFAULT_PROVIDER_LABEL && extension !== "pdf")) return undefined;
  return named ?? `document.${extension}`;
}
