/**
 * What the application sent must reach the target in the API's place for it, or be reported: the
 * request-side rules that need the run input beside the body (user-content-checks.ts has those the
 * body alone shows).
 *
 * - System and developer text reaches the API's place for instructions: Anthropic's top-level
 *   `system` (Messages API: "there is no `system` role for input messages"), Gemini's
 *   `config.systemInstruction`, a system/developer message on Chat, a system/developer message
 *   item on Responses.
 * - Every user part reaches the request (its bytes, URL or handle; a text document sent to
 *   Anthropic as the text it spells) or a drop warning accounts for it ("nothing lost silently":
 *   `request.unsupported-part`, `…-media-type`, `…foreign-file`, `…url-without-mime-type`,
 *   `…unknown-part`). A handle minted by another platform never reaches the target
 *   (`FileSource`: "Only the provider that minted the handle can resolve it"); a URL document
 *   whose stated type is not PDF never reaches Anthropic as a `url` source (`URLPDFSource`).
 * - Activity messages are not conversation content: never sent, and reported.
 * - A reasoning message whose encrypted value is not sent is reported (another provider's value
 *   must not be sent: swap-property.test.ts checks that).
 * - A failed tool result's `error` reaches the target with its result: Anthropic's `is_error` on the
 *   `tool_result`, Gemini's `functionResponse.response.error` ("Use 'output' key to specify
 *   function output and 'error' key to specify error details", `FunctionResponse.response`), the
 *   text of the Chat / Responses output (no error field there).
 */
import type { BridgeWarning, ContentPart, Message } from "@agui-bridge/core/adapter";
import type { SwapApi } from "./providers.js";

type Json = Record<string, unknown>;
const records = (value: unknown): Json[] => (Array.isArray(value) ? value.filter((v): v is Json => typeof v === "object" && v !== null) : []);
const escaped = (text: string): string => JSON.stringify(text).slice(1, -1);

const DROP_CODES = new Set(["request.unsupported-part", "request.unsupported-media-type", "request.foreign-file", "request.url-without-mime-type", "request.unknown-part"]);

/** The platform label a target's handles are minted on. */
export function platformOf(api: SwapApi, label: string): string {
  return api === "anthropic" ? "anthropic" : api === "google" ? "google" : api === "openai-responses" ? "openai" : label;
}

/** The strings that show `part` reached a request (any one will do). */
function payloads(part: Exclude<ContentPart, { type: "text" }>): string[] {
  const { source } = part;
  const match = source.type === "url" ? /^data:([^;,]+);base64,(.*)$/s.exec(source.value) : null;
  const data = match !== null ? match[2] ?? "" : source.type === "data" ? source.value : undefined;
  if (data === undefined) return [source.value];
  const mimeType = match !== null ? match[1] ?? "" : source.type === "data" ? source.mimeType : "";
  const text = mimeType.startsWith("text/") || mimeType === "application/json" ? Buffer.from(data, "base64").toString("utf8") : undefined;
  return [data, ...(text !== undefined ? [escaped(text), escaped(text.trim())] : [])];
}

/** Instruction texts in the API's place for them. */
function instructionTexts(api: SwapApi, body: Json): string {
  switch (api) {
    case "anthropic":
      return typeof body.system === "string" ? body.system : records(body.system).map((b) => String(b.text)).join("\n");
    case "google":
      return records(((body.config ?? {}) as Json).systemInstruction !== undefined ? (((body.config as Json).systemInstruction as Json).parts) : []).map((p) => String(p.text)).join("\n");
    case "openai-chat":
      return records(body.messages).filter((m) => m.role === "system" || m.role === "developer").map((m) => JSON.stringify(m.content)).join("\n");
    case "openai-responses":
      return records(body.input).filter((m) => m.role === "system" || m.role === "developer").map((m) => JSON.stringify(m.content)).join("\n");
  }
}

/**
 * The problems of `body` (sent to `api` under `label`, with `warnings`) against the run input
 * `messages`; `sentCalls`: ids of the calls whose results the target must get.
 */
export function inputProblems(api: SwapApi, label: string, messages: readonly Message[], body: Json, warnings: readonly BridgeWarning[], sentCalls: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const sent = JSON.stringify(body);
  const platform = platformOf(api, label);
  const instructions = instructionTexts(api, body);
  let dropped = 0;
  for (const m of messages) {
    if ((m.role === "system" || m.role === "developer") && m.content.trim() !== "" && !instructions.includes(escaped(m.content).trim())) problems.push(`${m.role} text of ${m.id} is not in the API's instructions`);
    if (m.role === "activity") {
      if (sent.includes(String(m.content.step))) problems.push(`activity ${m.id} was sent`);
      // AG-UI: an activity is "structured progress that is not conversation content": never model
      // input, and not worth a warning on every request of the thread.
      if (warnings.some((w) => w.details?.messageId === m.id)) problems.push(`activity ${m.id} was warned about as if conversation content were lost`);
    }
    if (m.role === "user" && Array.isArray(m.content)) {
      for (const part of m.content) {
        if (part.type === "text") {
          if (part.text.trim() !== "" && !sent.includes(escaped(part.text))) problems.push(`text part of ${m.id} is lost`);
          continue;
        }
        const reached = payloads(part).some((p) => sent.includes(p));
        if (!reached) dropped++;
        const { source } = part;
        if (reached && source.type === "file" && source.provider !== undefined && source.provider !== platform) problems.push(`a ${part.type} handle minted by ${source.provider} (in ${m.id}) reaches ${platform}`);
        const urlDocument = api === "anthropic" && part.type === "document" && source.type === "url" && !source.value.startsWith("data:");
        if (reached && urlDocument && source.mimeType !== undefined && source.mimeType !== "application/pdf") problems.push(`a ${source.mimeType} document URL (in ${m.id}) reaches Anthropic as a url source, which is PDF only`);
      }
    }
    if (m.role === "reasoning" && m.encryptedValue !== undefined && !sent.includes(m.encryptedValue) && !reportsReasoning(warnings, m)) problems.push(`reasoning ${m.id}'s encrypted value was dropped without a warning`);
    if (m.role === "tool" && m.error !== undefined && sentCalls.has(m.toolCallId)) problems.push(...errorProblems(api, body, m.error));
  }
  const reported = warnings.filter((w) => DROP_CODES.has(w.code)).length;
  if (dropped > reported) problems.push(`${dropped} user parts dropped, ${reported} drop warnings`);
  return problems;
}

/**
 * A warning that accounts for a reasoning message left out: one naming it (or the item it came
 * from), or one about thinking / reasoning that counts what it dropped (Anthropic's
 * `request.thinking-not-leading`).
 */
function reportsReasoning(warnings: readonly BridgeWarning[], m: { id: string; metadata?: unknown }): boolean {
  const itemId = ((m.metadata as Record<string, Record<string, unknown>> | undefined)?.["agui-bridge"] ?? {}).itemId;
  return warnings.some((w) => {
    const details = JSON.stringify(w.details ?? {});
    return details.includes(JSON.stringify(m.id)) || (typeof itemId === "string" && details.includes(JSON.stringify(itemId))) || (/thinking|reasoning/.test(w.code) && w.details?.messageId === undefined && w.details?.itemId === undefined);
  });
}

function errorProblems(api: SwapApi, body: Json, error: string): string[] {
  const text = escaped(error);
  switch (api) {
    case "anthropic": {
      const results = records(body.messages).flatMap((m) => records(m.content)).filter((b) => b.type === "tool_result" && JSON.stringify(b).includes(text));
      return results.some((b) => b.is_error === true) ? [] : [`the error "${error}" is not on a tool_result with is_error`];
    }
    case "google": {
      const responses = records(body.contents).flatMap((c) => records(c.parts)).map((p) => p.functionResponse as Json | undefined);
      return responses.some((r) => String(((r?.response ?? {}) as Json).error ?? "").includes(error)) ? [] : [`the error "${error}" is not a functionResponse's response.error`];
    }
    default:
      return JSON.stringify(body).includes(text) ? [] : [`the error "${error}" is lost`];
  }
}
