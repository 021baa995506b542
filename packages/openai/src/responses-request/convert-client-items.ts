import { readBridgeMetadata, type ContentPart, type ToolCall, type ToolMessage, REQUEST_WARNINGS } from "@agui-bridge/core/adapter";
import type { ResponseInputItem } from "openai/resources/responses/responses";
import type { ClientCallParam, ClientOutputParam, ComputerScreenshotParam } from "./client-item-params.js";
import { convertContentParts } from "../request/convert-content-parts.js";
import { asNonEmptyString, asNumber, asRecord, isRecord } from "../narrow.js";
import { targetOf, type WarningSink } from "../request/request-warnings.js";
import { recordedOutputId } from "./recorded-output-id.js";

/** A client-run call and the output answering it, as Responses input items. */
export interface ClientItemPair {
  call: ResponseInputItem;
  output: ResponseInputItem;
}

/**
 * A client-run built-in call streamed from this platform (metadata `itemType`, `itemId`,
 * `itemFields`) and the tool message answering it → the call item it came from (its input parsed
 * from the call's arguments, the recorded fields) and its `*_output` item built from the tool
 * message content (see the package README, "Client-run built-in tools", for each format).
 * `undefined` (with warning `request.client-item-dropped`) when either cannot be built: the
 * caller drops the call with its result, and the reasoning that led to it goes too.
 */
export function clientItemPair(call: ToolCall, result: ToolMessage | undefined, sink: WarningSink): ClientItemPair | undefined {
  const fields = readBridgeMetadata(call.metadata);
  const type = asNonEmptyString(fields?.itemType) ?? "";
  const recorded = asRecord(fields?.itemFields) ?? {};
  const callId = asNonEmptyString(recorded.call_id) ?? call.id;
  const item = callItem(type, asNonEmptyString(fields?.itemId), callId, call.function.arguments, recorded);
  const built = result === undefined ? undefined : outputItem(type, callId, result, sink);
  // An output the server returned for the call goes back with its own id (recorded-output-id.ts).
  const output = built === undefined ? undefined : { ...built, ...recordedOutputId(result, built.type, targetOf(sink)) };
  if (item === undefined || output === undefined) {
    sink.warn(
      "request.client-item-dropped",
      `Tool call ${call.id} (${type}) cannot be sent back as its item${item === undefined ? "" : ": its result is not in a form the item's output takes"}; dropped with its result`,
      { toolCallId: call.id, itemType: type },
    );
    return undefined;
  }
  if (result !== undefined) warnDroppedParts(result, output, sink);
  return { call: item as unknown as ResponseInputItem, output: output as unknown as ResponseInputItem };
}

/**
 * Parts of the tool message the output item has no room for, each reported as
 * `request.unsupported-part` (never dropped silently): `local_shell_call_output`, `shell_call_output`,
 * `apply_patch_call_output` and `tool_search_output` hold text (or JSON read from text) only, so every
 * image, audio, video or document part goes; `computer_call_output` holds one screenshot and the
 * acknowledged safety checks, nothing else (no text field in the Responses API's
 * `ComputerCallOutputItemParam`), so every part but the image sent as the screenshot (the first
 * image part) and the JSON text the screenshot or the checks were read from goes, text included,
 * and so does the message's `error`. Text parts are what the other items are built from.
 */
function warnDroppedParts(result: ToolMessage, output: ClientOutputParam, sink: WarningSink): void {
  const computer = output.type === "computer_call_output";
  const room = computer ? "one screenshot image and the acknowledged safety checks" : "text only";
  const drop = (where: string, partType: string): void =>
    sink.warn(REQUEST_WARNINGS.unsupportedPart, `${where}: a ${output.type} item holds ${room}; a ${partType} part was dropped`, { where, partType, itemType: output.type });
  if (typeof result.content !== "string") {
    const screenshot = computer ? result.content.findIndex((part) => part.type === "image") : -1;
    const carried = computer ? carriedComputerText(result.content, screenshot >= 0) : undefined;
    result.content.forEach((part, index) => {
      if (index === screenshot) return;
      if (part.type === "text" && (carried === undefined || carried.has(index) || part.text === "")) return;
      drop(`tool message ${result.id} part ${index}`, String(part.type));
    });
  }
  if (computer && result.error !== undefined && result.error !== "") drop(`tool message ${result.id} error`, "text");
}

/**
 * The indexes of the text parts a `computer_call_output` is built from: all of them when their
 * joined text is the JSON the acknowledged checks (or, with no image part, the screenshot) are read
 * from, else the one part whose JSON gave the acknowledged checks ({@link acknowledgedChecks} reads
 * the first), if any.
 */
function carriedComputerText(content: ContentPart[], imageShot: boolean): Set<number> {
  const texts = content.flatMap((part, index) => (part.type === "text" ? [index] : []));
  const joined = asRecord(parseJson(textOf(content)));
  const joinedUsed = Array.isArray(joined?.acknowledged_safety_checks) || (!imageShot && screenshotRecord(joined) !== undefined);
  if (joinedUsed) return new Set(texts);
  const checks = texts.find((index) => {
    const part = content[index];
    return part?.type === "text" && Array.isArray(asRecord(parseJson(part.text))?.acknowledged_safety_checks);
  });
  return new Set(checks === undefined ? [] : [checks]);
}

function callItem(type: string, itemId: string | undefined, callId: string, args: string, recorded: Record<string, unknown>): ClientCallParam | undefined {
  const input = parseJson(args);
  if (input === undefined) return undefined;
  const status = asNonEmptyString(recorded.status) ?? "completed";
  const id = itemId === undefined ? {} : { id: itemId };
  const caller = isRecord(recorded.caller) ? { caller: recorded.caller } : {};
  switch (type) {
    case "local_shell_call":
      return itemId === undefined ? undefined : { type, id: itemId, call_id: callId, action: input, status };
    case "shell_call":
      return { type, call_id: callId, action: input, ...id, status, ...(isRecord(recorded.environment) && { environment: recorded.environment }), ...caller };
    case "apply_patch_call":
      return { type, call_id: callId, operation: input, status, ...id, ...caller };
    case "computer_call": {
      if (itemId === undefined) return undefined;
      const checks = Array.isArray(recorded.pending_safety_checks) ? recorded.pending_safety_checks.filter(isRecord) : [];
      const batched = isRecord(input) && Array.isArray(input.actions) && input.type === undefined;
      const action = batched ? (input.action ?? undefined) : input;
      return {
        type,
        id: itemId,
        call_id: callId,
        pending_safety_checks: checks,
        status,
        ...(action !== undefined && { action }),
        ...(batched && { actions: input.actions as unknown[] }),
      };
    }
    case "tool_search_call":
      return { type, arguments: input, ...id, call_id: callId, execution: "client", status };
    default:
      return undefined;
  }
}

function outputItem(type: string, callId: string, result: ToolMessage, sink: WarningSink): ClientOutputParam | undefined {
  const text = textOf(result.content);
  const error = result.error;
  const json = parseJson(text);
  switch (type) {
    case "local_shell_call":
      return { type: "local_shell_call_output", call_id: callId, output: textAndError(text, error) };
    case "shell_call": {
      const record = asRecord(json);
      const entries = Array.isArray(json) ? json : Array.isArray(record?.output) ? record.output : undefined;
      const maxLength = asNumber(record?.max_output_length);
      if (entries !== undefined && entries.every(isRecord)) {
        return { type: "shell_call_output", call_id: callId, output: entries, ...(maxLength !== undefined && { max_output_length: maxLength }) };
      }
      const outcome = { type: "exit", exit_code: error === undefined ? 0 : 1 };
      return { type: "shell_call_output", call_id: callId, output: [{ stdout: text, stderr: error ?? "", outcome }] };
    }
    case "apply_patch_call": {
      const record = asRecord(json);
      if (record?.status === "completed" || record?.status === "failed") {
        const log = asNonEmptyString(record.output);
        return { type: "apply_patch_call_output", call_id: callId, status: record.status, ...(log !== undefined && { output: log }) };
      }
      const log = textAndError(text, error);
      return { type: "apply_patch_call_output", call_id: callId, status: error === undefined ? "completed" : "failed", ...(log !== undefined && log !== "" && { output: log }) };
    }
    case "computer_call": {
      const screenshot = screenshotOf(result, json, sink);
      if (screenshot === undefined) return undefined;
      const acknowledged = acknowledgedChecks(result.content, json);
      return { type: "computer_call_output", call_id: callId, output: screenshot, ...(acknowledged !== undefined && { acknowledged_safety_checks: acknowledged }) };
    }
    case "tool_search_call": {
      const record = asRecord(json);
      const tools = Array.isArray(json) ? json : Array.isArray(record?.tools) ? record.tools : undefined;
      // A failed search (the tool message's `error`, e.g. a repaired missing result) loaded no tools.
      const loaded = tools ?? (error === undefined ? undefined : []);
      return loaded === undefined ? undefined : { type: "tool_search_output", tools: loaded, call_id: callId, execution: "client" };
    }
    default:
      return undefined;
  }
}

/** An output that is one string: the tool message's text, then its `error` on a line of its own (neither is dropped). */
function textAndError(text: string, error: string | undefined): string {
  if (error === undefined || error === "") return text;
  return text === "" ? error : `${text}\n${error}`;
}

/**
 * The screenshot answering a computer call: an image content part (data → data URL, url, or an
 * OpenAI file handle → `file_id`), else JSON text `{ "type": "computer_screenshot", "image_url" |
 * "file_id" }` or `{ "output": <that>, … }`.
 */
function screenshotOf(result: ToolMessage, json: unknown, sink: WarningSink): ComputerScreenshotParam | undefined {
  if (typeof result.content !== "string") {
    const image = result.content.find((part) => part.type === "image");
    if (image !== undefined) {
      const [wire] = convertContentParts([image], "responses", sink, `tool message ${result.id}`);
      const url = asNonEmptyString(wire?.image_url);
      const fileId = asNonEmptyString(wire?.file_id);
      if (url !== undefined) return { type: "computer_screenshot", image_url: url };
      if (fileId !== undefined) return { type: "computer_screenshot", file_id: fileId };
      return undefined;
    }
  }
  const shot = screenshotRecord(asRecord(json));
  if (shot === undefined) return undefined;
  const url = asNonEmptyString(shot.image_url);
  const fileId = asNonEmptyString(shot.file_id);
  if (url === undefined && fileId === undefined) return undefined;
  return { type: "computer_screenshot", ...(url !== undefined && { image_url: url }), ...(fileId !== undefined && { file_id: fileId }) };
}

/** The screenshot record of JSON text: the record itself, or its `output`. */
function screenshotRecord(record: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  const shot = record?.type === "computer_screenshot" ? record : asRecord(record?.output);
  return shot?.type === "computer_screenshot" ? shot : undefined;
}

/** `acknowledged_safety_checks` from the JSON text (the whole content, or a text part beside the image). */
function acknowledgedChecks(content: string | ContentPart[], json: unknown): unknown[] | undefined {
  const candidates = typeof content === "string" ? [json] : [json, ...content.map((part) => (part.type === "text" ? parseJson(part.text) : undefined))];
  for (const candidate of candidates) {
    const checks = asRecord(candidate)?.acknowledged_safety_checks;
    if (Array.isArray(checks)) return checks.filter(isRecord);
  }
  return undefined;
}

function textOf(content: string | ContentPart[]): string {
  return typeof content === "string" ? content : content.map((part) => (part.type === "text" ? part.text : "")).join("");
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
