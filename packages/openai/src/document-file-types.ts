/**
 * The document types the Responses API reads from an `input_file` given as `file_data` (OpenAI's
 * "File inputs" guide: PDF; text and code; rich documents; presentations; spreadsheets), by MIME
 * type, with the extension a default filename gets. Chat Completions takes PDF only.
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

/**
 * The filename a document of `mimeType` goes with as Responses `file_data`: the one the part named,
 * else `document.<extension>` (`document.txt` for other `text/*` types, code files among them);
 * `undefined` when the API does not read that type (the part is dropped with a warning).
 */
export function responsesFileName(mimeType: string, named: string | undefined): string | undefined {
  const essence = mimeType.split(";")[0]?.trim().toLowerCase() ?? "";
  const extension = RESPONSES_FILE_EXTENSIONS[essence] ?? (essence.startsWith("text/") ? "txt" : undefined);
  if (extension === undefined) return undefined;
  return named ?? `document.${extension}`;
}
