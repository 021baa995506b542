/**
 * Media in a tool message answering a client-run built-in call. The output items of those calls
 * hold text (`local_shell_call_output.output`, `apply_patch_call_output.output`: strings;
 * `shell_call_output.output`: `{ stdout, stderr, outcome }` entries; `tool_search_output.tools`:
 * tool definitions read from JSON text) or one screenshot (`computer_call_output.output`:
 * `{ type: "computer_screenshot", image_url | file_id }`), per the Responses API reference and the
 * SDK's input item types. A part they have no room for is reported (`request.unsupported-part`),
 * never dropped silently; the item is still sent.
 */
import { createSequentialIds, type BridgeWarning, type ContentPart, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses, toResponsesRequest } from "../src/index.js";
import { collect, jsonlChunks } from "./support/collect.js";
import { applyEvents } from "@agui-bridge/core/adapter";

type Rec = Record<string, unknown>;

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const image = (value = PNG): ContentPart => ({ type: "image", source: { type: "data", value, mimeType: "image/png" } });
const pdf: ContentPart = { type: "document", source: { type: "data", value: "JVBERi0xLjQK", mimeType: "application/pdf" } };
const text = (value: string): ContentPart => ({ type: "text", text: value });

/** The client-run call items one response streamed, each finished whole. */
const CALLS: Rec[] = [
  { id: "lsc_1", type: "local_shell_call", status: "completed", call_id: "call_ls", action: { type: "exec", command: ["ls"], env: {} } },
  { id: "sh_1", type: "shell_call", status: "completed", call_id: "call_sh", action: { commands: ["ls"], max_output_length: null, timeout_ms: null } },
  { id: "apc_1", type: "apply_patch_call", status: "completed", call_id: "call_ap", operation: { type: "delete_file", path: "a.txt" } },
  { id: "cu_1", type: "computer_call", status: "completed", call_id: "call_cu", action: { type: "screenshot" }, pending_safety_checks: [] },
  { id: "tsc_1", type: "tool_search_call", status: "completed", call_id: "call_ts", arguments: { goal: "weather" }, execution: "client" },
];

async function streamed(): Promise<Message[]> {
  const chunks: Rec[] = [
    { type: "response.created", response: { id: "resp_1", model: "gpt-5.4", output: [] } },
    ...CALLS.map((item, index) => ({ type: "response.output_item.done", output_index: index, item })),
    { type: "response.completed", response: { id: "resp_1", model: "gpt-5.4", status: "completed", output: CALLS } },
  ];
  const user: Message = { id: "u", role: "user", content: "go" };
  const events = await collect(streamResponses(jsonlChunks(chunks.map((value) => ({ ok: true as const, value }))), { generateId: createSequentialIds("id"), input: { threadId: "t", runId: "r", messages: [user] } }));
  return applyEvents([user], events);
}

function request(messages: Message[]): { items: Rec[]; warnings: BridgeWarning[] } {
  const warnings: BridgeWarning[] = [];
  const { params } = toResponsesRequest({ threadId: "t", runId: "r2", messages }, { model: "gpt-5.4", onWarning: (w) => warnings.push(w) });
  return { items: params.input as unknown as Rec[], warnings };
}

const output = (items: Rec[], type: string): Rec | undefined => items.find((item) => item.type === type);

describe("media in the result of a client-run built-in call", () => {
  it("text-only output items: the text goes, each media part is reported", async () => {
    const answers: Message[] = [
      { id: "t-ls", role: "tool", toolCallId: "call_ls", content: [text("a.txt\n"), image()] },
      { id: "t-sh", role: "tool", toolCallId: "call_sh", content: [pdf, text("a.txt\n")] },
      { id: "t-ap", role: "tool", toolCallId: "call_ap", content: [text("Deleted a.txt"), image(), pdf] },
      { id: "t-cu", role: "tool", toolCallId: "call_cu", content: [image()] },
      { id: "t-ts", role: "tool", toolCallId: "call_ts", content: [text("[]"), image()] },
    ];
    const { items, warnings } = request([...(await streamed()), ...answers]);
    expect(output(items, "local_shell_call_output")).toEqual({ type: "local_shell_call_output", call_id: "call_ls", output: "a.txt\n" });
    expect(output(items, "shell_call_output")).toEqual({
      type: "shell_call_output",
      call_id: "call_sh",
      output: [{ stdout: "a.txt\n", stderr: "", outcome: { type: "exit", exit_code: 0 } }],
    });
    expect(output(items, "apply_patch_call_output")).toEqual({ type: "apply_patch_call_output", call_id: "call_ap", status: "completed", output: "Deleted a.txt" });
    expect(output(items, "tool_search_output")).toEqual({ type: "tool_search_output", call_id: "call_ts", execution: "client", tools: [] });
    expect(warnings.map((w) => [w.code, w.details])).toEqual([
      ["request.unsupported-part", { where: "tool message t-ls part 1", partType: "image", itemType: "local_shell_call_output" }],
      ["request.unsupported-part", { where: "tool message t-sh part 0", partType: "document", itemType: "shell_call_output" }],
      ["request.unsupported-part", { where: "tool message t-ap part 1", partType: "image", itemType: "apply_patch_call_output" }],
      ["request.unsupported-part", { where: "tool message t-ap part 2", partType: "document", itemType: "apply_patch_call_output" }],
      ["request.unsupported-part", { where: "tool message t-ts part 1", partType: "image", itemType: "tool_search_output" }],
    ]);
  });

  it("computer_call_output: the first image is the screenshot; further images and documents are reported", async () => {
    const second = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR42mP8z8DAwMjAAAAKAAMB";
    const answers: Message[] = [{ id: "t-cu", role: "tool", toolCallId: "call_cu", content: [text('{"acknowledged_safety_checks":[]}'), image(), image(second), pdf] }];
    const messages = (await streamed()).map((message) =>
      message.role === "assistant" ? { ...message, toolCalls: message.toolCalls?.filter((call) => call.id === "call_cu") } : message,
    );
    const { items, warnings } = request([...messages, ...answers]);
    expect(output(items, "computer_call_output")).toEqual({
      type: "computer_call_output",
      call_id: "call_cu",
      output: { type: "computer_screenshot", image_url: `data:image/png;base64,${PNG}` },
      acknowledged_safety_checks: [],
    });
    expect(warnings.map((w) => [w.code, w.details])).toEqual([
      ["request.unsupported-part", { where: "tool message t-cu part 2", partType: "image", itemType: "computer_call_output" }],
      ["request.unsupported-part", { where: "tool message t-cu part 3", partType: "document", itemType: "computer_call_output" }],
    ]);
  });

  it("a screenshot given as JSON text: every media part beside it is reported", async () => {
    const answers: Message[] = [{ id: "t-cu", role: "tool", toolCallId: "call_cu", content: [text('{"type":"computer_screenshot","file_id":"file-shot"}'), pdf] }];
    const messages = (await streamed()).map((message) =>
      message.role === "assistant" ? { ...message, toolCalls: message.toolCalls?.filter((call) => call.id === "call_cu") } : message,
    );
    const { items, warnings } = request([...messages, ...answers]);
    expect(output(items, "computer_call_output")).toEqual({ type: "computer_call_output", call_id: "call_cu", output: { type: "computer_screenshot", file_id: "file-shot" } });
    expect(warnings.map((w) => [w.code, w.details])).toEqual([["request.unsupported-part", { where: "tool message t-cu part 1", partType: "document", itemType: "computer_call_output" }]]);
  });

  it("computer_call_output: text beside the screenshot has no field in the item and is reported, as is the error", async () => {
    // ComputerCallOutputItemParam (Responses API reference / openapi): call_id, output
    // (ComputerScreenshotImage), acknowledged_safety_checks, id, status; no text or error field.
    const answers: Message[] = [
      {
        id: "t-cu",
        role: "tool",
        toolCallId: "call_cu",
        content: [text("Clicked the Submit button."), image(), text('{"acknowledged_safety_checks":[{"id":"sc_1"}]}'), text("")],
        error: "The page did not change.",
      },
    ];
    const messages = (await streamed()).map((message) =>
      message.role === "assistant" ? { ...message, toolCalls: message.toolCalls?.filter((call) => call.id === "call_cu") } : message,
    );
    const { items, warnings } = request([...messages, ...answers]);
    expect(output(items, "computer_call_output")).toEqual({
      type: "computer_call_output",
      call_id: "call_cu",
      output: { type: "computer_screenshot", image_url: `data:image/png;base64,${PNG}` },
      acknowledged_safety_checks: [{ id: "sc_1" }],
    });
    expect(warnings.map((w) => [w.code, w.details])).toEqual([
      ["request.unsupported-part", { where: "tool message t-cu part 0", partType: "text", itemType: "computer_call_output" }],
      ["request.unsupported-part", { where: "tool message t-cu error", partType: "text", itemType: "computer_call_output" }],
    ]);
  });

  it("computer_call_output: a screenshot JSON text beside an image part is a second screenshot, reported", async () => {
    const answers: Message[] = [{ id: "t-cu", role: "tool", toolCallId: "call_cu", content: [image(), text('{"type":"computer_screenshot","file_id":"file-shot"}')] }];
    const messages = (await streamed()).map((message) =>
      message.role === "assistant" ? { ...message, toolCalls: message.toolCalls?.filter((call) => call.id === "call_cu") } : message,
    );
    const { items, warnings } = request([...messages, ...answers]);
    expect(output(items, "computer_call_output")).toMatchObject({ output: { type: "computer_screenshot", image_url: `data:image/png;base64,${PNG}` } });
    expect(warnings.map((w) => [w.code, w.details])).toEqual([["request.unsupported-part", { where: "tool message t-cu part 1", partType: "text", itemType: "computer_call_output" }]]);
  });

  it("computer_call_output: JSON text holding the screenshot and the checks is carried whole, no warning", async () => {
    const json = '{"output":{"type":"computer_screenshot","file_id":"file-shot"},"acknowledged_safety_checks":[{"id":"sc_1"}]}';
    const answers: Message[] = [{ id: "t-cu", role: "tool", toolCallId: "call_cu", content: [text(json.slice(0, 20)), text(json.slice(20))] }];
    const messages = (await streamed()).map((message) =>
      message.role === "assistant" ? { ...message, toolCalls: message.toolCalls?.filter((call) => call.id === "call_cu") } : message,
    );
    const { items, warnings } = request([...messages, ...answers]);
    expect(output(items, "computer_call_output")).toEqual({
      type: "computer_call_output",
      call_id: "call_cu",
      output: { type: "computer_screenshot", file_id: "file-shot" },
      acknowledged_safety_checks: [{ id: "sc_1" }],
    });
    expect(warnings).toEqual([]);
  });

  it("string content and text-only parts give no warning", async () => {
    const answers: Message[] = [
      { id: "t-ls", role: "tool", toolCallId: "call_ls", content: "a.txt\n" },
      { id: "t-sh", role: "tool", toolCallId: "call_sh", content: [text("a.txt\n")] },
      { id: "t-ap", role: "tool", toolCallId: "call_ap", content: "Deleted a.txt" },
      { id: "t-cu", role: "tool", toolCallId: "call_cu", content: [image()] },
      { id: "t-ts", role: "tool", toolCallId: "call_ts", content: "[]" },
    ];
    const { warnings } = request([...(await streamed()), ...answers]);
    expect(warnings).toEqual([]);
  });
});
