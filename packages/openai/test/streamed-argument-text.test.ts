/**
 * Built-in calls whose input streams as the model writes it: a code interpreter call's code
 * (`response.code_interpreter_call_code.delta`) and an apply_patch call's diff
 * (`response.apply_patch_call_operation_diff.delta`). Each delta becomes a TOOL_CALL_ARGS event as
 * it arrives, JSON-escaped inside the call's arguments (`{"code":"…","container_id":…}`,
 * `{"type":…,"path":…,"diff":"…"}`), and the finished item closes them, so the next request
 * rebuilds the same item.
 */
import { assertConformant, collectDeltas } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, type Event, type Message, type RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses, toResponsesRequest } from "../src/index.js";
import { collect, ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;

const CONTAINER = "cntr_1";
const input: RunAgentInput = { threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "Compute it." }] };

/** A response running code whose code arrives in `deltas`; the finished item carries `finalCode`. */
function codeResponse(deltas: string[], finalCode = deltas.join(""), end = true): Rec[] {
  const added = { id: "ci_1", type: "code_interpreter_call", status: "in_progress", code: "", container_id: CONTAINER, outputs: null };
  const done = { ...added, status: "completed", code: finalCode };
  return [
    { type: "response.created", response: { id: "resp_1", status: "in_progress", output: [] } },
    { type: "response.output_item.added", output_index: 0, item: added },
    { type: "response.code_interpreter_call.in_progress", output_index: 0, item_id: "ci_1" },
    ...deltas.map((delta) => ({ type: "response.code_interpreter_call_code.delta", output_index: 0, item_id: "ci_1", delta })),
    ...(end
      ? [
          { type: "response.code_interpreter_call_code.done", output_index: 0, item_id: "ci_1", code: finalCode },
          { type: "response.code_interpreter_call.completed", output_index: 0, item_id: "ci_1" },
          { type: "response.output_item.done", output_index: 0, item: done },
          { type: "response.completed", response: { id: "resp_1", status: "completed", output: [done], usage: { input_tokens: 5, output_tokens: 9, total_tokens: 14 } } },
        ]
      : []),
  ];
}

async function run(chunks: Rec[]): Promise<Event[]> {
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  const events = await collect(streamResponses(source(), { input, generateId: createSequentialIds("id") }));
  await assertConformant(events, { initialMessages: input.messages });
  return events;
}

const argsOf = (events: Event[]): string | undefined => collectDeltas(events as never).toolArgs.get("ci_1");

describe("code interpreter code deltas", () => {
  it("each code delta is a TOOL_CALL_ARGS event, before the next chunk is read", async () => {
    const log: string[] = [];
    const chunks = codeResponse(["import math", "\r\n", "print(math.pi)"]);
    async function* source(): AsyncGenerator<unknown> {
      for (const chunk of chunks) {
        log.push(`chunk ${String(chunk.type)}`);
        yield chunk;
      }
    }
    for await (const event of streamResponses(source(), { input, generateId: createSequentialIds("id") })) {
      if (event.type === "TOOL_CALL_ARGS") log.push(`args ${event.delta}`);
    }
    const deltaChunks = log.filter((entry) => entry === "chunk response.code_interpreter_call_code.delta").length;
    expect(deltaChunks).toBe(3);
    const firstArgs = log.findIndex((entry) => entry.startsWith("args "));
    expect(log[firstArgs - 1]).toBe("chunk response.code_interpreter_call_code.delta");
    expect(log[firstArgs]).toBe('args {"code":"import math');
    expect(log[firstArgs + 2]).toBe("args \\r\\n");
  });

  it("the arguments equal the finished item's input as JSON, CRLF and all", async () => {
    const code = "def fib(n):\r\n    a, b = 0, 1\r\n    return a\r\n\r\nfib(20)";
    const events = await run(codeResponse(["def", " fib", "(n", "):\r\n", "    a, b = 0, 1\r\n", "    return a", "\r\n\r\n", "fib(20)"]));
    expect(argsOf(events)).toBe(JSON.stringify({ code, container_id: CONTAINER }));
    expect(ofType(events, "TOOL_CALL_ARGS").length).toBeGreaterThan(1);
  });

  it("an emoji split between two deltas is escaped whole (its high surrogate waits for the low one)", async () => {
    const code = 'print("\u{1F600} done")';
    const events = await run(codeResponse(['print("\uD83D', '\uDE00 done")']));
    const deltas = ofType(events, "TOOL_CALL_ARGS").map((e) => e.delta);
    expect(deltas.every((delta) => !/\\ud83d|\\ude00/i.test(delta))).toBe(true);
    expect(JSON.parse(argsOf(events) ?? "")).toEqual({ code, container_id: CONTAINER });
  });

  it("a finished item whose code does not continue the streamed code keeps the arguments valid JSON", async () => {
    const events = await run(codeResponse(["x = 1", "\ny = 2"], "z = 3"));
    expect(JSON.parse(argsOf(events) ?? "")).toEqual({ code: "x = 1\ny = 2", container_id: CONTAINER });
  });

  it("the next request carries the code_interpreter_call item as it finished", async () => {
    const code = "import math\r\nprint(math.pi)";
    const events = await run(codeResponse(["import math", "\r\n", "print(math.pi)"]));
    const messages: Message[] = [...applyEvents(input.messages, events), { id: "u2", role: "user", content: "Again." }];
    const { params, warnings } = toResponsesRequest({ threadId: "t", runId: "r2", messages }, { model: "gpt-4.1", params: { store: false } });
    expect((params.input as unknown as Rec[])[1]).toEqual({ type: "code_interpreter_call", id: "ci_1", code, container_id: CONTAINER, outputs: null, status: "completed" });
    expect(warnings).toEqual([]);
  });

  it("a stream cut while the code streams ends in RUN_ERROR stream_truncated", async () => {
    const events = await run(codeResponse(["import math", "\r\nprint("], undefined, false));
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
    expect(argsOf(events)).toBe('{"code":"import math\\r\\nprint(');
  });
});

/** A response with one apply_patch call whose diff arrives in `deltas` (`announced`: the operation's fields on its added item). */
function patchResponse(deltas: string[], end = true, announced: Rec = { type: "update_file", diff: "", path: "notes/todo.md" }): Rec[] {
  const operation = { type: "update_file", diff: "", path: "notes/todo.md" };
  const added = { id: "apc_1", type: "apply_patch_call", status: "in_progress", call_id: "call_patch", operation: announced };
  const done = { ...added, status: "completed", operation: { ...operation, diff: deltas.join("") } };
  return [
    { type: "response.created", response: { id: "resp_2", status: "in_progress", output: [] } },
    { type: "response.output_item.added", output_index: 0, item: added },
    ...deltas.map((delta) => ({ type: "response.apply_patch_call_operation_diff.delta", output_index: 0, item_id: "apc_1", delta })),
    ...(end
      ? [
          { type: "response.apply_patch_call_operation_diff.done", output_index: 0, item_id: "apc_1", diff: deltas.join("") },
          { type: "response.output_item.done", output_index: 0, item: done },
          { type: "response.completed", response: { id: "resp_2", status: "completed", output: [done], usage: { input_tokens: 5, output_tokens: 9, total_tokens: 14 } } },
        ]
      : []),
  ];
}

describe("apply_patch diff deltas", () => {
  it("each diff delta is a TOOL_CALL_ARGS event; the arguments are the operation, diff last", async () => {
    // The emoji's surrogate pair is split between two deltas, as a byte-level tokenizer can.
    const events = await run(patchResponse(["@@\r\n", "- [ ] milk\r\n", "+- [x] milk \uD83D", "\uDE00\r\n"]));
    const deltas = ofType(events, "TOOL_CALL_ARGS").map((e) => e.delta);
    expect(deltas[0]).toBe('{"type":"update_file","path":"notes/todo.md","diff":"@@\\r\\n');
    expect(deltas.length).toBe(5);
    expect(deltas.every((delta) => !/\\ud83d|\\ude00/i.test(delta))).toBe(true);
    const args = collectDeltas(events as never).toolArgs.get("call_patch") ?? "";
    expect(JSON.parse(args)).toEqual({ type: "update_file", path: "notes/todo.md", diff: "@@\r\n- [ ] milk\r\n+- [x] milk \u{1F600}\r\n" });
  });

  it("fields the added item did not announce (the path) come after the streamed diff", async () => {
    const events = await run(patchResponse(["@@\n", "+x\n"], true, { type: "update_file", diff: "" }));
    const args = collectDeltas(events as never).toolArgs.get("call_patch") ?? "";
    expect(args).toBe('{"type":"update_file","diff":"@@\\n+x\\n","path":"notes/todo.md"}');
  });

  it("a field the finished operation adds is appended after the diff whatever its name (an index-like key sorts first in an object; an Object.prototype name is a field like any other)", async () => {
    const chunks = patchResponse(["@@\n", "+x\n"]);
    const done = chunks.find((chunk) => chunk.type === "response.output_item.done") as Rec;
    done.item = { ...(done.item as Rec), operation: { ...((done.item as Rec).operation as Rec), "0": "extra", constructor: "kept" } };
    const events = await run(chunks);
    const args = collectDeltas(events as never).toolArgs.get("call_patch") ?? "";
    expect(JSON.parse(args)).toEqual({ type: "update_file", path: "notes/todo.md", diff: "@@\n+x\n", "0": "extra", constructor: "kept" });
  });

  it("the next request rebuilds the apply_patch_call item with the streamed operation", async () => {
    const events = await run(patchResponse(["@@\n", "- [ ] milk\n", "+- [x] milk\n"]));
    const messages: Message[] = [
      ...applyEvents(input.messages, events),
      { id: "out", role: "tool", toolCallId: "call_patch", content: "Done." },
    ];
    const { params } = toResponsesRequest({ threadId: "t", runId: "r2", messages }, { model: "gpt-5.4" });
    const item = (params.input as unknown as Rec[]).find((entry) => entry.type === "apply_patch_call");
    expect(item).toMatchObject({ id: "apc_1", call_id: "call_patch", operation: { type: "update_file", path: "notes/todo.md", diff: "@@\n- [ ] milk\n+- [x] milk\n" } });
  });
});
