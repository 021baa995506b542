/**
 * Round trip over every recorded Responses stream: stream → AG-UI events → `defaultApplyEvents`
 * (through the conformance kit) → `toResponsesRequest`, and the carried-back turn compared item by
 * item with the output items the API sent: order, ids, encrypted values, arguments, results,
 * message `phase`. The expected input form of each item type is written here from the API
 * reference (the input item types), independently of the converter.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type BridgeWarning, type Message } from "@agui-bridge/core/adapter";
import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import { listSharedStreams, readJsonl, sharedSuiteTitle } from "../../../test-fixtures/support/shared-streams.js";
import { streamResponses, toResponsesRequest } from "../src/index.js";
import { collect, jsonlChunks } from "./support/collect.js";

type Rec = Record<string, unknown>;

/** Input fields of each output item type, per the API reference's input item types. */
const INPUT_FORM: Record<string, string[]> = {
  web_search_call: ["id", "action", "status"],
  file_search_call: ["id", "queries", "status", "results"],
  code_interpreter_call: ["id", "code", "container_id", "outputs", "status"],
  image_generation_call: ["id", "result", "status", "background", "output_format", "quality", "revised_prompt", "size", "action", "error", "svg_usage"],
  mcp_call: ["id", "arguments", "name", "server_label", "approval_request_id", "error", "output", "status"],
  mcp_list_tools: ["id", "server_label", "tools", "error"],
  shell_call: ["id", "action", "call_id", "environment", "status", "caller"],
  shell_call_output: ["id", "call_id", "output", "status", "max_output_length"],
  tool_search_call: ["id", "arguments", "call_id", "execution", "status"],
  tool_search_output: ["id", "call_id", "tools", "execution", "status"],
  function_call: ["id", "call_id", "name", "arguments", "namespace", "caller", "async"],
  custom_tool_call: ["id", "call_id", "name", "input", "caller", "async"],
  mcp_approval_request: ["id", "name", "arguments", "server_label"],
  compaction: ["id", "encrypted_content"],
  local_shell_call: ["id", "call_id", "action", "status"],
  apply_patch_call: ["id", "call_id", "operation", "status", "caller"],
  computer_call: ["id", "call_id", "action", "actions", "pending_safety_checks", "status"],
  program: ["id", "call_id", "code", "fingerprint"],
  program_output: ["id", "call_id", "result", "status"],
};

/** Provider items without an input form: they cannot be sent back. */
const NOT_SENT = new Set<string>();

/** The programs of the stream (`call_id`s): their outputs and the `caller`s naming them go back with them. */
let programs = new Set<string>();

/** Client-run call item types (their missing results are repaired by the request side). */
const CLIENT_CALLS = new Set(["local_shell_call", "shell_call", "apply_patch_call", "computer_call", "tool_search_call"]);

/** Output items the request side adds for client-run calls (their results; compared in client-tool-items.test.ts). */
const CLIENT_OUTPUTS = new Set(["local_shell_call_output", "shell_call_output", "apply_patch_call_output", "computer_call_output", "tool_search_output"]);

/** The text each message item streamed (the recordings shorten some deltas; the deltas, completed from a `.done` text they are a strict prefix of, are what the run saw). */
let streamed = new Map<string, string>();

/** The id each output index had when its item was added (what the stream saw; a proxy may rotate ids). */
let addedIds = new Map<number, string>();

/** The phase each output index's message had when it was added. */
let addedPhases = new Map<number, string>();

function project(entry: Rec): Rec {
  const item: Rec = { ...entry, id: addedIds.get(entry.outputIndex as number) ?? entry.id };
  // A done message without `content` (a minimal server sends `{ id, type }` only: vercel/ai's
  // openai-compatible basic-text fixture) holds what streamed; one without `phase` keeps the phase
  // it was added with (the stream said it; an anonymised Azure fixture drops it from the done item).
  if (item.type === "message" && !Array.isArray(item.content)) item.content = [{ type: "output_text", text: streamed.get(item.id as string) ?? "" }];
  if (item.type === "message" && item.phase === undefined) item.phase = addedPhases.get(entry.outputIndex as number);
  const type = item.type as string;
  if (type === "message" && !String(item.id).startsWith("msg")) {
    const text = streamed.get(item.id as string) ?? (item.content as Rec[]).map((part) => part.text ?? "").join("");
    return { role: "assistant", content: text, ...(typeof item.phase === "string" && { phase: item.phase }) };
  }
  if (type === "message") {
    return {
      type,
      role: "assistant",
      id: item.id,
      status: "completed",
      content: (item.content as Rec[]).map((part) =>
        part.type === "refusal" ? { type: "refusal", refusal: part.refusal } : { type: "output_text", text: streamed.get(item.id as string) ?? part.text, annotations: part.annotations ?? [] },
      ),
      ...(typeof item.phase === "string" && { phase: item.phase }),
    };
  }
  if (type === "reasoning") {
    return { type, id: item.id, ...(typeof item.encrypted_content === "string" && { encrypted_content: item.encrypted_content }) };
  }
  const out: Rec = { type };
  for (const field of INPUT_FORM[type] ?? []) {
    const value = item[field];
    // `direct` is the default caller; a program caller goes back when its program does.
    if (field === "caller" && !((value as Rec | undefined)?.type === "program" && programs.has((value as Rec).caller_id as string))) continue;
    if (value !== undefined && value !== null) out[field] = value;
    else if (field === "outputs" && type === "code_interpreter_call") out[field] = null;
  }
  return out;
}

/** What the API output, as the next request must carry it back (reasoning before an unsent item goes too). */
function unsent(item: Rec): boolean {
  if (NOT_SENT.has(item.type as string)) return true;
  // A program's output for a program of an earlier turn (not in this stream) has no call to answer.
  if (item.type === "program_output" && !programs.has(item.call_id as string)) return true;
  if (item.type !== "message") return false;
  const id = addedIds.get(item.outputIndex as number) ?? (item.id as string);
  const text = streamed.get(id) ?? (item.content as Rec[]).map((part) => part.text ?? part.refusal ?? "").join("");
  return text === "";
}

/** A call the application runs: its result is the app's (here missing, so repaired by the request side). */
function isClientCall(item: Rec): boolean {
  if (item.type === "tool_search_call") return item.execution === "client";
  if (item.type === "shell_call") return !String((item.environment as Rec | undefined)?.type ?? "").startsWith("container");
  return CLIENT_CALLS.has(item.type as string);
}

/**
 * `storeDisabled`: with `store: false` a reasoning item the API sent without `encrypted_content`
 * cannot go back (the API could only look it up by id: "Items are not persisted when `store` is
 * set to false").
 */
function expectedInput(items: Rec[], storeDisabled: boolean): Rec[] {
  const sent = items.filter((item) => !unsent(item) && !(storeDisabled && item.type === "reasoning" && typeof item.encrypted_content !== "string"));
  const kept = sent.filter((item, i) => item.type !== "reasoning" || (sent[i + 1] !== undefined && sent[i + 1]?.type !== "reasoning" && items[items.indexOf(item) + 1] === sent[i + 1]));
  // An item sent with its id needs the reasoning it followed ("… was provided without its
  // required 'reasoning' item"): when an output index between it and the nearest sent reasoning
  // item before it is not sent, function calls and messages go back without their ids.
  const typeAt = new Map(kept.map((item) => [item.outputIndex as number, item.type as string]));
  const afterGap = (item: Rec): boolean => {
    for (let index = (item.outputIndex as number) - 1; index >= 0; index--) {
      const type = typeAt.get(index);
      if (type === undefined) return true;
      if (type === "reasoning") return false;
    }
    return false;
  };
  return kept.map((item) => {
    const out = project(item);
    if (!afterGap(item) || typeof out.id !== "string") return out;
    if (out.type === "function_call" || out.type === "custom_tool_call") {
      const { id: _id, ...rest } = out;
      return rest;
    }
    if (out.type === "message") {
      const text = (out.content as Rec[]).map((part) => (part.text ?? part.refusal ?? "") as string).join("");
      return { role: "assistant", content: text, ...(typeof out.phase === "string" && { phase: out.phase }) };
    }
    return out;
  });
}

function comparable(item: Rec): Rec {
  if (item.type !== "reasoning") return item;
  return { type: item.type, id: item.id, ...(item.encrypted_content !== undefined && { encrypted_content: item.encrypted_content }) };
}

const files = listSharedStreams("openai-responses").filter((file) => {
  const lines = readJsonl(file);
  return lines.every((line) => line.ok) && lines.filter((line) => line.ok && (line.value as Rec).type === "response.created").length === 1;
});

describe(`round trip item by item: ${sharedSuiteTitle("openai-responses")}`, () => {
  it.each(files.map((file) => [basename(file), file]))("%s: the next request carries the turn back as it came", async (_name, file) => {
    const lines = readJsonl(file);
    const events = lines.flatMap((line) => (line.ok ? [line.value as Rec] : []));
    // In output order: a server may finish an item after a later one (OpenRouter closes its reasoning item after the message).
    const doneItems = events
      .filter((e) => e.type === "response.output_item.done")
      .map((e): Rec => ({ ...(e.item as Rec), outputIndex: e.output_index }))
      .sort((a, b) => (typeof a.outputIndex === "number" && typeof b.outputIndex === "number" ? a.outputIndex - b.outputIndex : 0));
    programs = new Set(doneItems.filter((item) => item.type === "program").map((item) => item.call_id as string));
    addedIds = new Map(events.filter((e) => e.type === "response.output_item.added").map((e) => [e.output_index as number, (e.item as Rec).id as string]));
    addedPhases = new Map(events.filter((e) => e.type === "response.output_item.added" && typeof (e.item as Rec).phase === "string").map((e) => [e.output_index as number, (e.item as Rec).phase as string]));
    const completed = events.find((e) => e.type === "response.completed");
    if (completed === undefined || doneItems.length === 0) return;
    streamed = new Map();
    for (const e of events) {
      if (e.type === "response.output_text.delta") streamed.set(e.item_id as string, (streamed.get(e.item_id as string) ?? "") + (e.delta as string));
      // Deltas a strict prefix of the part's `.done` text: the mapper writes the rest after them.
      const sent = streamed.get(e.item_id as string);
      if (e.type === "response.output_text.done" && sent !== undefined && sent !== "" && typeof e.text === "string" && e.text.length > sent.length && e.text.startsWith(sent)) streamed.set(e.item_id as string, e.text);
    }
    const warnings: BridgeWarning[] = [];
    const out = await collect(streamResponses(jsonlChunks(lines), { generateId: createSequentialIds("id"), onWarning: (w) => warnings.push(w) }));
    const messages = (await assertConformant(out)) as Message[];
    const pendingClientCalls = new Set(doneItems.filter(isClientCall).map((item) => item.call_id));
    for (const storeDisabled of [false, true]) {
      const { params } = toResponsesRequest(
        { threadId: "t", runId: "r", messages },
        { model: "m", params: storeDisabled ? { store: false } : {}, onWarning: (w) => warnings.push(w) },
      );
      const input = (params.input as unknown as Rec[]).filter(
        (item) => item.type !== "function_call_output" && item.type !== "custom_tool_call_output" && !(CLIENT_OUTPUTS.has(item.type as string) && (pendingClientCalls.has(item.call_id) || pendingClientCalls.has(item.id))),
      );
      expect(input.map(comparable), storeDisabled ? "store: false" : "stored").toEqual(expectedInput(doneItems, storeDisabled));
    }
    // Nothing the API sent is lost silently: every item left out is reported (stream or request side).
    if (doneItems.some(unsent)) expect(warnings.length).toBeGreaterThan(0);
  });

  it("the corpus has the item kinds this suite is about", () => {
    const names = files.map((file) => basename(file));
    for (const name of ["openai-web-search-tool.1.jsonl", "openai-code-interpreter-tool.1.jsonl", "openai-compaction.1.jsonl", "openai-phase.1.jsonl", "openai-mcp-tool.1.jsonl"]) {
      if (names.length > 0) expect(names).toContain(name);
    }
  });
});
