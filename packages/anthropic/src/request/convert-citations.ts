import { isMintedBy, readBridgeMetadata, type AssistantMessage } from "@agui-bridge/core/adapter";
import type { TextCitationParam } from "@anthropic-ai/sdk/resources/messages";
import { asArray, isRecord, type JsonRecord } from "../narrow.js";
import type { WarningSink } from "./request-warnings.js";

/**
 * The fields of each citation param (`TextCitationParam` of the Messages API), by type: the
 * response's citation without its output-only fields (`file_id` of document citations). `null`able
 * fields are sent as `null` when the recording lacks them; a citation missing another field, or of
 * a type not listed, cannot be sent.
 */
const CITATION_FIELDS: Record<string, { strings: string[]; numbers: string[]; nullable: string[] }> = {
  char_location: { strings: ["cited_text"], numbers: ["document_index", "start_char_index", "end_char_index"], nullable: ["document_title"] },
  page_location: { strings: ["cited_text"], numbers: ["document_index", "start_page_number", "end_page_number"], nullable: ["document_title"] },
  content_block_location: { strings: ["cited_text"], numbers: ["document_index", "start_block_index", "end_block_index"], nullable: ["document_title"] },
  web_search_result_location: { strings: ["cited_text", "encrypted_index", "url"], numbers: [], nullable: ["title"] },
  search_result_location: { strings: ["cited_text", "source"], numbers: ["search_result_index", "start_block_index", "end_block_index"], nullable: ["title"] },
};

/** A recorded citation as the request param of its type, or `undefined` when it cannot be one. */
function citationParam(citation: JsonRecord): TextCitationParam | undefined {
  const type = typeof citation.type === "string" ? citation.type : "";
  const fields = Object.hasOwn(CITATION_FIELDS, type) ? CITATION_FIELDS[type] : undefined;
  if (fields === undefined) return undefined;
  const out: JsonRecord = { type };
  for (const key of fields.strings) {
    if (typeof citation[key] !== "string") return undefined;
    out[key] = citation[key];
  }
  for (const key of fields.numbers) {
    if (!Number.isSafeInteger(citation[key])) return undefined;
    out[key] = citation[key];
  }
  for (const key of fields.nullable) {
    const value = citation[key];
    if (value !== undefined && value !== null && typeof value !== "string") return undefined;
    out[key] = value ?? null;
  }
  return out as unknown as TextCitationParam;
}

/**
 * The citations of one text block of an assistant message, as `TextBlockParam.citations`: the
 * citations its span lists (`citationIndexes`, recorded by the stream side), only when the message
 * was made on `platform` (core's `isMintedBy`: Anthropic citations point into the documents and
 * search results of Anthropic's own requests; another platform's are never sent). The API takes
 * them back on assistant turns (their `cited_text` is not counted as input). A citation that cannot
 * be a param is dropped with `request.citation-dropped`.
 */
export function blockCitations(
  message: AssistantMessage,
  span: JsonRecord,
  platform: string,
  sink: WarningSink,
): TextCitationParam[] | undefined {
  const indexes = asArray(span.citationIndexes);
  if (indexes === undefined || indexes.length === 0 || !isMintedBy(message, platform)) return undefined;
  const citations = asArray(readBridgeMetadata(message.metadata)?.citations) ?? [];
  const out: TextCitationParam[] = [];
  for (const index of indexes) {
    const citation = typeof index === "number" ? citations[index] : undefined;
    const param = isRecord(citation) ? citationParam(citation) : undefined;
    if (param === undefined) {
      sink.warn("request.citation-dropped", `assistant message ${message.id}: citation ${String(index)} has no Messages API form; dropped`, {
        messageId: message.id,
        citationIndex: typeof index === "number" ? index : null,
        type: isRecord(citation) && typeof citation.type === "string" ? citation.type : null,
      });
      continue;
    }
    out.push(param);
  }
  return out.length > 0 ? out : undefined;
}
