/**
 * Shell calls as they stream (OpenAI SDK 7.59's `ResponseShellCallCommand{Added,Delta,Done}Event`,
 * `ResponseShellCallOutputContent{Delta,Done}Event`; event shapes as in the SDK's `responses.d.ts`
 * and OpenAI's recorded shell streams): each command fragment is a TOOL_CALL_ARGS event of the
 * call the `shell_call` item opened, JSON-escaped inside its arguments (`{"commands":["…"],…}`
 * client-run, `{"action":{"commands":["…"],…},…}` hosted), and the finished item closes them with
 * the same JSON as when only the finished item is read. A hosted call's output arrives as deltas
 * and then whole in its `shell_call_output` item: one TOOL_CALL_RESULT, from the item.
 */
import { assertConformant, collectDeltas } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, readBridgeMetadata, type Event, type Message, type RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses, toResponsesRequest } from "../src/index.js";
import { collect, ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;

const input: RunAgentInput = { threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "Look around." }] };
const CONTAINER = { type: "container_reference", container_id: "cntr_1" };
const CALL = "call_sh_1";

interface ShellStream {
  /** The deltas of each command, in order. */
  deltas: string[][];
  /** The finished item's commands (default: each command's deltas joined). */
  final?: string[];
  /** Hosted (container environment), with a `shell_call_output` item streamed after the call. */
  hosted?: boolean;
  /** Send `response.shell_call_command.added` / `.done` around each command's deltas (default true). */
  bracket?: boolean;
  /** Cut the stream after this many command events (no `output_item.done`, no `response.completed`). */
  cutAfter?: number;
  /** The call item's fields as `output_item.added` announces them (over the defaults). */
  announced?: Rec;
}

const outputOf = (command: string): Rec => ({ outcome: { type: "exit", exit_code: 0 }, stderr: "", stdout: `out of ${command}\n` });

/** A response with one shell call whose commands stream as `deltas` (a hosted call's output streams after it). */
function shellResponse(spec: ShellStream): Rec[] {
  const final = spec.final ?? spec.deltas.map((parts) => parts.join(""));
  const added: Rec = {
    id: "sh_1",
    type: "shell_call",
    status: "in_progress",
    action: { commands: [], max_output_length: null, timeout_ms: null },
    call_id: CALL,
    environment: spec.hosted === true ? CONTAINER : { type: "local" },
    ...spec.announced,
  };
  const done = { ...added, status: "completed", action: { commands: final, max_output_length: 4096, timeout_ms: null } };
  const commandEvents = spec.deltas.flatMap((parts, index) => [
    ...(spec.bracket === false ? [] : [{ type: "response.shell_call_command.added", output_index: 0, command_index: index, command: "" }]),
    ...parts.map((delta) => ({ type: "response.shell_call_command.delta", output_index: 0, command_index: index, delta, obfuscation: "pad" })),
    ...(spec.bracket === false ? [] : [{ type: "response.shell_call_command.done", output_index: 0, command_index: index, command: final[index] ?? parts.join("") }]),
  ]);
  const head = [
    { type: "response.created", response: { id: "resp_1", status: "in_progress", output: [] } },
    { type: "response.output_item.added", output_index: 0, item: added },
  ];
  if (spec.cutAfter !== undefined) return [...head, ...commandEvents.slice(0, spec.cutAfter)];
  const output: Rec[] = [done];
  const tail: Rec[] = [{ type: "response.output_item.done", output_index: 0, item: done }];
  if (spec.hosted === true) {
    const out = { id: "sho_1", type: "shell_call_output", status: "in_progress", call_id: CALL, max_output_length: null, output: [] };
    const outDone = { ...out, status: "completed", output: final.map(outputOf) };
    output.push(outDone);
    tail.push(
      { type: "response.output_item.added", output_index: 1, item: out },
      ...final.flatMap((command, index) => [
        { type: "response.shell_call_output_content.delta", output_index: 1, item_id: "sho_1", command_index: index, delta: { stdout: "out of " } },
        { type: "response.shell_call_output_content.delta", output_index: 1, item_id: "sho_1", command_index: index, delta: { stdout: `${command}\n` } },
        { type: "response.shell_call_output_content.done", output_index: 1, item_id: "sho_1", command_index: index, output: [outputOf(command)] },
      ]),
      { type: "response.output_item.done", output_index: 1, item: outDone },
    );
  }
  const completed = { type: "response.completed", response: { id: "resp_1", status: "completed", output, usage: { input_tokens: 9, output_tokens: 7, total_tokens: 16 } } };
  return [...head, ...commandEvents, ...tail, completed];
}

async function run(chunks: readonly Rec[], options: Rec = {}): Promise<Event[]> {
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  const events = await collect(streamResponses(source(), { input, generateId: createSequentialIds("id"), ...options }));
  await assertConformant(events, { initialMessages: input.messages });
  return events;
}

const argsOf = (events: Event[]): string | undefined => collectDeltas(events as never).toolArgs.get(CALL);
const withoutCommandEvents = (chunks: Rec[]): Rec[] => chunks.filter((chunk) => !String(chunk.type).startsWith("response.shell_call_command."));
const withoutOutputEvents = (chunks: Rec[]): Rec[] => chunks.filter((chunk) => !String(chunk.type).startsWith("response.shell_call_output_content."));

describe("shell command deltas", () => {
  it("each command delta is a TOOL_CALL_ARGS event of the call the shell_call item opened, before the next chunk is read", async () => {
    const log: string[] = [];
    const chunks = shellResponse({ deltas: [["git", " status", " --short"], ["cat", " README.md"]] });
    async function* source(): AsyncGenerator<unknown> {
      for (const chunk of chunks) {
        log.push(`chunk ${String(chunk.type)}${chunk.delta === undefined ? "" : ` ${String(chunk.delta)}`}`);
        yield chunk;
      }
    }
    for await (const event of streamResponses(source(), { input, generateId: createSequentialIds("id") })) {
      if (event.type === "TOOL_CALL_START") log.push(`start ${event.toolCallId}`);
      if (event.type === "TOOL_CALL_ARGS") log.push(`args ${event.toolCallId} ${event.delta}`);
    }
    const calls = log.slice(log.indexOf(`start ${CALL}`), log.indexOf("chunk response.output_item.done"));
    expect(calls).toEqual([
      `start ${CALL}`,
      "chunk response.shell_call_command.added",
      `args ${CALL} {"commands":["`,
      "chunk response.shell_call_command.delta git",
      `args ${CALL} git`,
      "chunk response.shell_call_command.delta  status",
      `args ${CALL}  status`,
      "chunk response.shell_call_command.delta  --short",
      `args ${CALL}  --short`,
      "chunk response.shell_call_command.done",
      "chunk response.shell_call_command.added",
      `args ${CALL} ","`,
      "chunk response.shell_call_command.delta cat",
      `args ${CALL} cat`,
      "chunk response.shell_call_command.delta  README.md",
      `args ${CALL}  README.md`,
      "chunk response.shell_call_command.done",
    ]);
  });

  for (const hosted of [false, true]) {
    it(`${hosted ? "hosted" : "client-run"}: the arguments are byte for byte those of the finished item read alone; the commands are the deltas in order`, async () => {
      const deltas = [["echo", ' "a\\b"', "\tdone\r\n"], ["printf", " '%s\\n'", " ✓"]];
      const chunks = shellResponse({ deltas, hosted });
      const streamed = await run(chunks);
      const whole = await run(withoutCommandEvents(chunks));
      expect(ofType(whole, "TOOL_CALL_ARGS")).toHaveLength(1);
      expect(ofType(streamed, "TOOL_CALL_ARGS").length).toBe(2 + deltas.flat().length + 1);
      expect(argsOf(streamed)).toBe(argsOf(whole));
      const args = JSON.parse(argsOf(streamed) ?? "") as Rec;
      const action = (hosted ? args.action : args) as Rec;
      expect(action).toEqual({ commands: ['echo "a\\b"\tdone\r\n', "printf '%s\\n' ✓"], max_output_length: 4096, timeout_ms: null });
      if (hosted) expect(args.environment).toEqual(CONTAINER);
      // Everything but the arguments' fragments is the same as without the command events.
      const other = (events: Event[]): Event[] => events.filter((e) => e.type !== "TOOL_CALL_ARGS");
      expect(other(streamed)).toEqual(other(whole));
    });
  }

  it("an emoji split between two deltas is escaped whole; a lone high surrogate ending a command goes as it came", async () => {
    const events = await run(shellResponse({ deltas: [["echo \uD83D", "\uDE00"], ["x\uD83D"], ["y"]] }));
    const deltas = ofType(events, "TOOL_CALL_ARGS").map((e) => e.delta);
    expect(deltas.slice(0, 6)).toEqual(['{"commands":["', "echo ", "\u{1F600}", '","', "x", '\\ud83d","']);
    expect(deltas.every((delta) => !/\\ude00/i.test(delta))).toBe(true);
    expect((JSON.parse(argsOf(events) ?? "") as Rec).commands).toEqual(["echo \u{1F600}", "x\uD83D", "y"]);
  });

  it("without deltas, each command goes out at its .added (its start, if any) and .done (the rest)", async () => {
    const chunks = shellResponse({ deltas: [["ls -la"], ["pwd"]] }).filter((chunk) => chunk.type !== "response.shell_call_command.delta");
    const added = chunks.find((chunk) => chunk.type === "response.shell_call_command.added") as Rec;
    added.command = "ls";
    const events = await run(chunks);
    expect(ofType(events, "TOOL_CALL_ARGS").map((e) => e.delta)).toEqual([
      '{"commands":["ls',
      " -la",
      '","',
      "pwd",
      '"],"max_output_length":4096,"timeout_ms":null}',
    ]);
  });

  it("a .done that goes beyond the deltas adds the rest of the command; one that does not continue them adds nothing", async () => {
    const chunks = shellResponse({ deltas: [["git", " sta"], ["rm", " -r"]], final: ["git status", "ls"] });
    const events = await run(chunks);
    expect(ofType(events, "TOOL_CALL_ARGS").map((e) => e.delta)).toContain("tus");
    // The finished item's second command does not continue the streamed one: what went out stands.
    expect(JSON.parse(argsOf(events) ?? "")).toEqual({ commands: ["git status", "rm -r"], max_output_length: 4096, timeout_ms: null });
  });

  it("a finished item with fewer commands than streamed keeps the streamed ones, its other fields after them", async () => {
    const events = await run(shellResponse({ deltas: [["ls"], ["pwd"]], final: ["ls"] }));
    expect(JSON.parse(argsOf(events) ?? "")).toEqual({ commands: ["ls", "pwd"], max_output_length: 4096, timeout_ms: null });
  });

  it("a field before the commands that changed since the call was announced: the announced one stays (what went out began with it)", async () => {
    const chunks = shellResponse({ deltas: [["ls"]], announced: { action: { timeout_ms: 5, commands: [] } } });
    const events = await run(chunks);
    expect(ofType(events, "TOOL_CALL_ARGS")[0]?.delta).toBe('{"timeout_ms":5,"commands":["');
    expect(JSON.parse(argsOf(events) ?? "")).toEqual({ timeout_ms: 5, commands: ["ls"] });
  });

  it("command events for a finished command, a skipped one or no command at all add nothing (and a huge index costs nothing)", async () => {
    const chunks = shellResponse({ deltas: [["ls"], ["pwd"]] });
    const at = chunks.findIndex((chunk) => chunk.type === "response.shell_call_command.done" && chunk.command_index === 1);
    chunks.splice(
      at,
      0,
      { type: "response.shell_call_command.delta", output_index: 0, command_index: 0, delta: " late" },
      { type: "response.shell_call_command.delta", output_index: 0, command_index: 3, delta: "skipped" },
      { type: "response.shell_call_command.delta", output_index: 0, command_index: 1e9, delta: "far" },
      { type: "response.shell_call_command.delta", output_index: 0, command_index: -1, delta: "negative" },
      { type: "response.shell_call_command.delta", output_index: 0, command_index: "1", delta: "text" },
      { type: "response.shell_call_command.delta", output_index: 7, command_index: 1, delta: "no such item" },
      { type: "response.shell_call_command.added", output_index: 0, command_index: 5 },
    );
    const events = await run(chunks);
    expect(JSON.parse(argsOf(events) ?? "")).toEqual({ commands: ["ls", "pwd"], max_output_length: 4096, timeout_ms: null });
  });

  for (const hosted of [false, true]) {
    it(`${hosted ? "hosted" : "client-run"}: a stream cut mid-command ends in RUN_ERROR stream_truncated, a valid sequence, the command so far in the arguments`, async () => {
      const events = await run(shellResponse({ deltas: [["ls", " -la", " /tmp"]], hosted, cutAfter: 3 }));
      expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
      expect(argsOf(events)).toBe(hosted ? '{"action":{"commands":["ls -la' : '{"commands":["ls -la');
      expect(ofType(events, "TOOL_CALL_RESULT")).toEqual([]);
    });
  }

  it("every prefix of a client-run and a hosted stream is a valid sequence whose arguments so far begin the complete arguments", async () => {
    for (const hosted of [false, true]) {
      const chunks = shellResponse({ deltas: [["ls", " -la"], ["echo", ' "\uD83D', '\uDE00"']], hosted });
      const complete = argsOf(await run(chunks)) ?? "";
      for (let length = 0; length <= chunks.length; length += 1) {
        const events = await run(chunks.slice(0, length));
        expect(complete.startsWith(argsOf(events) ?? ""), `${hosted ? "hosted" : "client-run"} prefix ${length}`).toBe(true);
        if (length < chunks.length) expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
      }
    }
  });

  it("client-run: the next request rebuilds the shell_call item with the streamed commands, the application's output after it", async () => {
    const chunks = shellResponse({ deltas: [["git", " status"], ["cat", " README.md"]] });
    const events = await run(chunks);
    const answer = JSON.stringify([outputOf("git status"), outputOf("cat README.md")]);
    const messages: Message[] = [...applyEvents(input.messages, events), { id: "out", role: "tool", toolCallId: CALL, content: answer }];
    const { params, warnings } = toResponsesRequest({ threadId: "t", runId: "r2", messages }, { model: "gpt-5.4" });
    const items = params.input as unknown as Rec[];
    const done = (chunks.find((chunk) => chunk.type === "response.output_item.done") as Rec).item as Rec;
    expect(items.find((item) => item.type === "shell_call")).toMatchObject({ id: "sh_1", call_id: CALL, action: done.action, environment: { type: "local" } });
    expect(items.find((item) => item.type === "shell_call_output")).toMatchObject({ call_id: CALL, output: JSON.parse(answer) as unknown });
    expect(warnings).toEqual([]);
  });
});

describe("hosted shell output (response.shell_call_output_content.*)", () => {
  it("output deltas and the finished output item: one TOOL_CALL_RESULT, the finished item's output, the same as without the deltas", async () => {
    const chunks = shellResponse({ deltas: [["ls"], ["uname", " -a"]], hosted: true });
    const events = await run(chunks);
    const results = ofType(events, "TOOL_CALL_RESULT");
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ toolCallId: CALL });
    expect(JSON.parse(results[0]?.content as string)).toEqual({ status: "completed", output: [outputOf("ls"), outputOf("uname -a")] });
    expect(readBridgeMetadata(results[0]?.metadata)).toMatchObject({ providerExecuted: true, providerToolType: "shell_call_output", itemId: "sho_1" });
    expect(events).toEqual(await run(withoutOutputEvents(chunks)));
    const end = events.at(-1) as { type: string; outcome?: { pendingToolCallIds?: string[] } };
    expect(end.type).toBe("RUN_FINISHED");
    expect(end.outcome?.pendingToolCallIds).toBeUndefined();
  });

  it("with emitRawEvents the output deltas come as RAW events (a live view can show them), the command events as arguments only", async () => {
    const events = await run(shellResponse({ deltas: [["ls"]], hosted: true }), { emitRawEvents: true });
    const raw = ofType(events, "RAW").map((e) => (e.event as Rec).type);
    expect(raw).toEqual(["response.shell_call_output_content.delta", "response.shell_call_output_content.delta", "response.shell_call_output_content.done"]);
    expect(ofType(events, "TOOL_CALL_RESULT")).toHaveLength(1);
  });

  it("an output item whose output_item.done never came: response.completed's output gives the result, once", async () => {
    const chunks = shellResponse({ deltas: [["ls"]], hosted: true });
    const events = await run(chunks.filter((chunk) => !(chunk.type === "response.output_item.done" && chunk.output_index === 1)));
    expect(ofType(events, "TOOL_CALL_RESULT")).toEqual(ofType(await run(chunks), "TOOL_CALL_RESULT"));
  });

  it("a stream cut inside the output: the call is closed with its arguments, no result, RUN_ERROR stream_truncated", async () => {
    const chunks = shellResponse({ deltas: [["ls"]], hosted: true });
    const events = await run(chunks.slice(0, chunks.findIndex((chunk) => chunk.type === "response.shell_call_output_content.done")));
    expect(JSON.parse(argsOf(events) ?? "")).toMatchObject({ action: { commands: ["ls"] } });
    expect(ofType(events, "TOOL_CALL_END").map((e) => e.toolCallId)).toEqual([CALL]);
    expect(ofType(events, "TOOL_CALL_RESULT")).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
  });

  it("the next request sends the hosted shell_call and its shell_call_output back as they finished", async () => {
    const chunks = shellResponse({ deltas: [["echo", " hi"]], hosted: true });
    const events = await run(chunks);
    const messages: Message[] = [...applyEvents(input.messages, events), { id: "u2", role: "user", content: "And now?" }];
    const { params, warnings } = toResponsesRequest({ threadId: "t", runId: "r2", messages }, { model: "gpt-5.4" });
    const items = (params.input as unknown as Rec[]).filter((item) => String(item.type).startsWith("shell_call"));
    const finished = chunks.filter((chunk) => chunk.type === "response.output_item.done").map((chunk) => chunk.item as Rec);
    expect(items).toEqual([
      { type: "shell_call", id: "sh_1", call_id: CALL, action: finished[0]?.action, environment: CONTAINER, status: "completed" },
      expect.objectContaining({ type: "shell_call_output", id: "sho_1", call_id: CALL, output: finished[1]?.output }),
    ]);
    expect(warnings).toEqual([]);
  });
});
