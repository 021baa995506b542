/**
 * Client-run built-in tools (local shell, shell, apply_patch, computer, client tool search), both
 * ways: the stream hands each to the application as a pending tool call (args = the item's input,
 * TOOL_CALL_END metadata with the rest of the item), and the next request rebuilds each call item
 * and its `*_output` item from the application's tool message, with the reasoning that led to it.
 * The expected items are written from the API reference's input item shapes and the fixture's own
 * `output_item.done` items, independently of the converter.
 */
import { assertConformant, collectDeltas } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type BridgeWarning, type Event, type Message } from "@agui-bridge/core/adapter";
import { typeCheckBodies } from "@agui-bridge/test-support";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import OpenAI from "openai";
import { createOpenAIResponsesProvider, streamResponses, toChatCompletionsRequest, toResponsesRequest } from "../src/index.js";
import { collect, jsonlChunks, last, ofType, toJsonl } from "./support/collect.js";
import { expectedPath, readFixture, sdkResponseEvents } from "./support/sdk-replay.js";
import { asPublishedInputTypes } from "./support/published-input-types.js";

type Rec = Record<string, unknown>;

const FORMAT = "openai-responses";
const NAME = "client-tools";
const SCREENSHOT = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

/** The `output_item.done` items of the fixture, in output order (the wire truth the round trip must restore). */
function doneItems(): Rec[] {
  const text = new TextDecoder().decode(readFixture(FORMAT, NAME));
  return text
    .split("\n")
    .filter((line) => line.startsWith("data: "))
    .map((line) => JSON.parse(line.slice("data: ".length)) as Rec)
    .filter((event) => event.type === "response.output_item.done")
    .map((event) => event.item as Rec);
}

async function run(): Promise<{ events: Event[]; messages: Message[] }> {
  const events = await collect(streamResponses(sdkResponseEvents(readFixture(FORMAT, NAME)), { generateId: createSequentialIds("id"), threadId: "thread-1", runId: "run-1" }));
  await expect(toJsonl(events)).toMatchFileSnapshot(expectedPath(FORMAT, NAME));
  return { events, messages: (await assertConformant(events)) as Message[] };
}

/** What the application answers each call with (the content formats the README documents). */
const ANSWERS: Message[] = [
  { id: "t-ls", role: "tool", toolCallId: "call_ls_1", content: '{"stdout":"README.md\\n","exit_code":0}' },
  {
    id: "t-sh",
    role: "tool",
    toolCallId: "call_sh_1",
    content: JSON.stringify({ output: [{ stdout: "", stderr: "", outcome: { type: "exit", exit_code: 0 } }, { stdout: "# Title\n", stderr: "", outcome: { type: "exit", exit_code: 0 } }], max_output_length: 4096 }),
  },
  { id: "t-ap", role: "tool", toolCallId: "call_ap_1", content: '{"status":"completed","output":"Updated README.md"}' },
  {
    id: "t-cu",
    role: "tool",
    toolCallId: "call_cu_1",
    content: [
      { type: "image", source: { type: "data", value: SCREENSHOT, mimeType: "image/png" } },
      { type: "text", text: '{"acknowledged_safety_checks":[{"id":"cu_sc_1","code":"malicious_instructions","message":"The page may contain instructions that try to steer the agent."}]}' },
    ],
  },
  { id: "t-ts", role: "tool", toolCallId: "call_ts_1", content: JSON.stringify([{ type: "function", name: "read_calendar", parameters: { type: "object", properties: {} }, strict: false }]) },
];

/** Each done item in its input form (API reference: the input item types), independently of the converter. */
function inputForm(item: Rec): Rec {
  switch (item.type) {
    case "reasoning":
      return { type: "reasoning", id: item.id, summary: item.summary, encrypted_content: item.encrypted_content };
    case "local_shell_call":
      return { type: item.type, id: item.id, call_id: item.call_id, action: item.action, status: item.status };
    case "shell_call":
      return { type: item.type, id: item.id, call_id: item.call_id, action: item.action, status: item.status, environment: item.environment, caller: item.caller };
    case "apply_patch_call":
      return { type: item.type, id: item.id, call_id: item.call_id, operation: item.operation, status: item.status };
    case "computer_call":
      return { type: item.type, id: item.id, call_id: item.call_id, action: item.action, pending_safety_checks: item.pending_safety_checks, status: item.status };
    case "tool_search_call":
      return { type: item.type, id: item.id, call_id: item.call_id, arguments: item.arguments, execution: item.execution, status: item.status };
    default:
      throw new Error(`unexpected item ${String(item.type)}`);
  }
}

const OUTPUTS: Rec[] = [
  { type: "local_shell_call_output", call_id: "call_ls_1", output: '{"stdout":"README.md\\n","exit_code":0}' },
  {
    type: "shell_call_output",
    call_id: "call_sh_1",
    output: [{ stdout: "", stderr: "", outcome: { type: "exit", exit_code: 0 } }, { stdout: "# Title\n", stderr: "", outcome: { type: "exit", exit_code: 0 } }],
    max_output_length: 4096,
  },
  { type: "apply_patch_call_output", call_id: "call_ap_1", status: "completed", output: "Updated README.md" },
  {
    type: "computer_call_output",
    call_id: "call_cu_1",
    output: { type: "computer_screenshot", image_url: `data:image/png;base64,${SCREENSHOT}` },
    acknowledged_safety_checks: [{ id: "cu_sc_1", code: "malicious_instructions", message: "The page may contain instructions that try to steer the agent." }],
  },
  { type: "tool_search_output", call_id: "call_ts_1", execution: "client", tools: [{ type: "function", name: "read_calendar", parameters: { type: "object", properties: {} }, strict: false }] },
];

describe("client-run built-in tools: stream side", () => {
  it("each becomes a pending application tool call named after its tool, args = the item's input, the rest of the item on TOOL_CALL_END", async () => {
    const { events, messages } = await run();
    const items = doneItems().filter((item) => item.type !== "reasoning");
    const starts = ofType(events, "TOOL_CALL_START");
    expect(starts.map((e) => [e.toolCallId, e.toolCallName])).toEqual([
      ["call_ls_1", "local_shell"],
      ["call_sh_1", "shell"],
      ["call_ap_1", "apply_patch"],
      ["call_cu_1", "computer_use_preview"],
      ["call_ts_1", "tool_search"],
    ]);
    const args = collectDeltas(events as never).toolArgs;
    const inputs = items.map((item) => item.action ?? item.operation ?? item.arguments);
    expect(starts.map((e) => JSON.parse(args.get(e.toolCallId) ?? "null") as unknown)).toEqual(inputs);
    const ends = ofType(events, "TOOL_CALL_END").map((e) => readBridgeMetadata(e.metadata));
    expect(ends[3]).toMatchObject({ itemType: "computer_call", itemId: "cu_fixture_1", itemFields: { status: "completed", call_id: "call_cu_1", pending_safety_checks: items[3]?.pending_safety_checks } });
    expect(ends[1]).toMatchObject({ itemFields: { environment: { type: "local" }, caller: { type: "direct" } } });
    expect(ofType(events, "TOOL_CALL_RESULT")).toEqual([]);
    const end = last(events);
    expect(end).toMatchObject({ outcome: { type: "success", pendingToolCallIds: ["call_ls_1", "call_sh_1", "call_ap_1", "call_cu_1", "call_ts_1"] } });
    expect(readBridgeMetadata(end.metadata)?.finishReason).toBe("tool-calls");
    // The reasoning before them is kept with its encrypted value.
    expect(messages.filter((m) => m.role === "reasoning").map((m) => (m as { encryptedValue?: string }).encryptedValue)).toEqual(["gAAAAB-ct-reasoning-1==", "gAAAAB-ct-reasoning-2=="]);
  });
});

describe("client-run built-in tools: request side", () => {
  it("the next request rebuilds every item, in output order, then the *_output items from the tool messages", async () => {
    const { messages } = await run();
    const warnings: BridgeWarning[] = [];
    const { params } = toResponsesRequest({ threadId: "t", runId: "r", messages: [...messages, ...ANSWERS] }, { model: "gpt-5.4", params: { store: false }, onWarning: (w) => warnings.push(w) });
    const input = params.input as unknown as Rec[];
    const expected = [...doneItems().map(inputForm), ...OUTPUTS];
    expect(input).toHaveLength(expected.length);
    expected.forEach((item, index) => expect(input[index]).toEqual(item));
    expect(warnings).toEqual([]);
  });

  it.runIf(process.env.AGUI_SDK_MATRIX === undefined)("the body type-checks against the pinned SDK's request types", async () => {
    const { messages } = await run();
    const { params } = toResponsesRequest({ threadId: "t", runId: "r", messages: [...messages, ...ANSWERS] }, { model: "gpt-5.4" });
    const diagnostics = typeCheckBodies({
      dir: fileURLToPath(new URL(".", import.meta.url)),
      imports: 'import type { ResponseCreateParamsStreaming } from "openai/resources/responses/responses";',
      type: "ResponseCreateParamsStreaming",
      bodies: [asPublishedInputTypes(params)],
    });
    expect(diagnostics).toEqual([]);
  }, 60_000);

  it("a result with both text and an error keeps both: local shell output, apply_patch log", async () => {
    const { messages } = await run();
    const answers: Message[] = [
      { id: "t-ls", role: "tool", toolCallId: "call_ls_1", content: "partial listing", error: "exit status 2: permission denied" },
      ANSWERS[1] as Message,
      { id: "t-ap", role: "tool", toolCallId: "call_ap_1", content: "hunk 1 applied", error: "hunk 2 does not apply" },
      ...ANSWERS.slice(3),
    ];
    const { params } = toResponsesRequest({ threadId: "t", runId: "r", messages: [...messages, ...answers] }, { model: "gpt-5.4" });
    const outputs = (params.input as unknown as Rec[]).filter((item) => String(item.type).endsWith("_output"));
    expect(outputs).toContainEqual({ type: "local_shell_call_output", call_id: "call_ls_1", output: "partial listing\nexit status 2: permission denied" });
    expect(outputs).toContainEqual({ type: "apply_patch_call_output", call_id: "call_ap_1", status: "failed", output: "hunk 1 applied\nhunk 2 does not apply" });
  });

  it("plain-text results: shell stdout, apply_patch log (failed with an error), a missing local shell result repaired", async () => {
    const { messages } = await run();
    const answers: Message[] = [
      { id: "t-sh", role: "tool", toolCallId: "call_sh_1", content: "clean\n" },
      { id: "t-ap", role: "tool", toolCallId: "call_ap_1", content: "", error: "patch does not apply" },
      ...ANSWERS.slice(3),
    ];
    const warnings: BridgeWarning[] = [];
    const { params } = toResponsesRequest({ threadId: "t", runId: "r", messages: [...messages, ...answers] }, { model: "gpt-5.4", onWarning: (w) => warnings.push(w) });
    const outputs = (params.input as unknown as Rec[]).filter((item) => String(item.type).endsWith("_output"));
    // The app's results in the order it sent them; the repaired one after them (core's pairing
    // rule puts it after the response's reasoning and the tool messages that follow).
    expect(outputs.slice(0, 2)).toEqual([
      { type: "shell_call_output", call_id: "call_sh_1", output: [{ stdout: "clean\n", stderr: "", outcome: { type: "exit", exit_code: 0 } }] },
      { type: "apply_patch_call_output", call_id: "call_ap_1", status: "failed", output: "patch does not apply" },
    ]);
    expect(outputs.at(-1)).toEqual({ type: "local_shell_call_output", call_id: "call_ls_1", output: "No result was provided for this tool call." });
    // Both reasoning items still precede their items: nothing else is dropped.
    const input = params.input as unknown as Rec[];
    const reasoning = input.filter((item) => item.type === "reasoning");
    expect(reasoning).toHaveLength(2);
    for (const item of reasoning) expect(input[input.indexOf(item) + 1]?.type).not.toBe("reasoning");
    expect(warnings.map((w) => w.code)).toEqual(["request.missing-tool-result"]);
  });

  it("a computer call answered without a screenshot is dropped with its result and the reasoning that led to it", async () => {
    const { messages } = await run();
    const answers = ANSWERS.map((m) => (m.id === "t-cu" ? { ...m, content: "done" } : m)) as Message[];
    const warnings: BridgeWarning[] = [];
    const { params } = toResponsesRequest({ threadId: "t", runId: "r", messages: [...messages, ...answers] }, { model: "gpt-5.4", onWarning: (w) => warnings.push(w) });
    const types = (params.input as unknown as Rec[]).map((item) => item.type);
    expect(types).not.toContain("computer_call");
    expect(types).not.toContain("computer_call_output");
    expect(types).toEqual(["reasoning", "local_shell_call", "shell_call", "reasoning", "apply_patch_call", "tool_search_call", "local_shell_call_output", "shell_call_output", "apply_patch_call_output", "tool_search_output"]);
    expect(warnings.map((w) => w.code)).toEqual(["request.client-item-dropped"]);
  });

  it("the GA computer tool's batched actions: name computer, args {actions}, rebuilt with actions", async () => {
    const actions = [{ type: "click", button: "left", x: 10, y: 20 }, { type: "type", text: "hello" }];
    const chunks = [
      { type: "response.created", response: { id: "resp_ga", model: "gpt-5.4", output: [] } },
      { type: "response.output_item.added", output_index: 0, item: { id: "cu_ga", type: "computer_call", status: "in_progress", call_id: "call_ga", actions: [], pending_safety_checks: [] } },
      { type: "response.output_item.done", output_index: 0, item: { id: "cu_ga", type: "computer_call", status: "completed", call_id: "call_ga", actions, pending_safety_checks: [] } },
      { type: "response.completed", response: { id: "resp_ga", model: "gpt-5.4", status: "completed", output: [] } },
    ];
    const events = await collect(streamResponses(jsonlChunks(chunks.map((value) => ({ ok: true as const, value }))), { generateId: createSequentialIds("id") }));
    const messages = (await assertConformant(events)) as Message[];
    expect(ofType(events, "TOOL_CALL_START").map((e) => e.toolCallName)).toEqual(["computer"]);
    expect(JSON.parse(collectDeltas(events as never).toolArgs.get("call_ga") ?? "null")).toEqual({ actions });
    const answer: Message = { id: "t", role: "tool", toolCallId: "call_ga", content: '{"type":"computer_screenshot","file_id":"file-shot"}' };
    const { params } = toResponsesRequest({ threadId: "t", runId: "r", messages: [...messages, answer] }, { model: "gpt-5.4" });
    expect(params.input).toEqual([
      { type: "computer_call", id: "cu_ga", call_id: "call_ga", actions, pending_safety_checks: [], status: "completed" },
      { type: "computer_call_output", call_id: "call_ga", output: { type: "computer_screenshot", file_id: "file-shot" } },
    ]);
  });

  it("other targets: Chat drops them with their reasoning (warning); another OpenAI platform gets ordinary function calls", async () => {
    const { messages } = await run();
    const conversation = [...messages, ...ANSWERS];
    const chatWarnings: BridgeWarning[] = [];
    const chat = toChatCompletionsRequest({ threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "go" }, ...conversation] }, { model: "gpt-5", onWarning: (w) => chatWarnings.push(w) });
    expect(JSON.stringify(chat.params)).not.toContain("call_ls_1");
    expect(chatWarnings.filter((w) => w.code === "request.unsupported-tool-call")).toHaveLength(5);
    const azure = toResponsesRequest({ threadId: "t", runId: "r", messages: conversation }, { model: "gpt-5.4", provider: "azure-openai" });
    const items = azure.params.input as unknown as Rec[];
    expect(items.filter((item) => item.type === "function_call").map((item) => item.name)).toEqual(["local_shell", "shell", "apply_patch", "computer_use_preview", "tool_search"]);
    expect(items.some((item) => item.type === "reasoning" || item.type === "local_shell_call")).toBe(false);
  });
});

describe("client-run built-in tools end to end through the provider and the SDK client", () => {
  it("turn 1 hands the calls to the app; turn 2 (the app's results appended) sends the items back over the wire", async () => {
    const bodies: Rec[] = [];
    const fixtures = [NAME, "text"];
    const client = new OpenAI({
      apiKey: "sk-test",
      baseURL: "http://replay.invalid/v1",
      maxRetries: 0,
      fetch: async (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)) as Rec);
        return new Response(readFixture(FORMAT, fixtures[bodies.length - 1] ?? "text"), { headers: { "content-type": "text/event-stream" } });
      },
    });
    const provider = createOpenAIResponsesProvider({ client, model: "gpt-5.4", params: { store: false, tools: [{ type: "local_shell" }] }, generateId: createSequentialIds("id") });
    const user: Message = { id: "u", role: "user", content: "Tidy the README" };
    const first = await collect(provider.stream({ threadId: "t", runId: "r1", messages: [user] }));
    const messages = (await assertConformant(first)) as Message[];
    expect(last(first)).toMatchObject({ outcome: { type: "success", pendingToolCallIds: ["call_ls_1", "call_sh_1", "call_ap_1", "call_cu_1", "call_ts_1"] } });
    // The fold of the run starts from its input, so `messages` already holds the user message.
    const second = await collect(provider.stream({ threadId: "t", runId: "r2", messages: [...messages, ...ANSWERS] }));
    await assertConformant(second);
    const input = bodies[1]?.input as Rec[];
    expect(input).toEqual([{ role: "user", content: "Tidy the README" }, ...doneItems().map(inputForm), ...OUTPUTS]);
    expect(bodies[1]?.tools).toEqual([{ type: "local_shell" }]);
  });
});
