import { REQUEST_WARNINGS } from "@agui-bridge/core/adapter";
import { asArray, asRecord, asString } from "../narrow.js";
import type { WarningSink } from "../request/request-warnings.js";

/**
 * Text helpers shared by the request fitters of servers that take fewer input shapes than OpenAI
 * (fit-agent-input.ts for Perplexity's Agent API, fit-groq-input.ts for Groq).
 */

/** The text of an assistant message's content: a string as it is, else its parts' `text` (a refusal's `refusal`) joined. */
export function assistantContentText(content: unknown): string {
  if (typeof content === "string") return content;
  return (asArray(content) ?? []).map((entry) => {
    const part = asRecord(entry);
    return asString(part?.text) ?? asString(part?.refusal) ?? "";
  }).join("");
}

/**
 * A `function_call_output`'s `output` as the string such a server takes: a string as it is, else its
 * `input_text` parts joined; any other part is dropped with `request.unsupported-part`, the warning
 * saying why (`reason`, e.g. "Groq's Responses API takes a string output").
 */
export function outputAsText(output: unknown, callId: string, reason: string, sink: WarningSink): string {
  if (typeof output === "string") return output;
  return (asArray(output) ?? [])
    .map((entry) => {
      const part = asRecord(entry);
      if (part?.type === "input_text" && typeof part.text === "string") return part.text;
      warnUnsupportedPart(sink, asString(part?.type), `the output of call ${callId}`, reason);
      return "";
    })
    .join("");
}

/** `request.unsupported-part`: a part of type `partType` in `where` was dropped, for `reason`. */
export function warnUnsupportedPart(sink: WarningSink, partType: string | undefined, where: string, reason: string): void {
  sink.warn(REQUEST_WARNINGS.unsupportedPart, `A ${partType ?? "(untyped)"} part in ${where}: ${reason}; dropped`, { partType: partType ?? null });
}
