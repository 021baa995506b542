import { asRecord, asString, isRecord } from "../narrow.js";

/** `itemType` metadata of a custom tool call (the name the Responses side uses for the same call). */
export const CUSTOM_TOOL_CALL_ITEM = "custom_tool_call";

/**
 * The `type` Kimi (Moonshot) streams its builtin function calls with (`$web_search`), kept as the
 * call's TOOL_CALL_START metadata `toolCallType`, so the call goes back to Kimi as it came.
 */
export const KIMI_BUILTIN_FUNCTION_TYPE = "builtin_function";

/** `encryptedKind` of a Gemini thought signature (the Google adapter's name for the same artefact). */
export const GOOGLE_THOUGHT_SIGNATURE_KIND = "google-thought-signature";

/**
 * The body of one `delta.tool_calls[]` fragment: `function` (`name`, `arguments`), or for a
 * custom tool call (`type: "custom"`, OpenAI's custom tools) `custom` (`name`, `input`).
 */
export function toolCallBody(record: Record<string, unknown>): { fn: Record<string, unknown> | undefined; custom: boolean } {
  const custom = asRecord(record.custom);
  if (custom !== undefined && (record.type === "custom" || record.function === undefined)) return { fn: custom, custom: true };
  return { fn: asRecord(record.function), custom: record.type === "custom" };
}

/**
 * A fragment's argument text: `function.arguments` (a string; servers that send the arguments as a
 * JSON object, such as llama.cpp's server and TGI, get its JSON text), or a custom call's `input`.
 */
export function toolCallArguments(fn: Record<string, unknown> | undefined, custom: boolean): string | undefined {
  const value = custom ? (fn?.input ?? fn?.arguments) : fn?.arguments;
  if (typeof value === "string") return value;
  if (isRecord(value) || Array.isArray(value)) return safeJson(value);
  return undefined;
}

/** Gemini's OpenAI-compatible endpoint: `tool_calls[].extra_content.google.thought_signature`. */
export function toolCallThoughtSignature(record: Record<string, unknown>): string | undefined {
  const signature = asString(asRecord(asRecord(record.extra_content)?.google)?.thought_signature);
  return signature === undefined || signature === "" ? undefined : signature;
}

/** The JSON text of a value read off the wire, or `undefined` when it cannot be written as JSON. */
export function safeJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}
