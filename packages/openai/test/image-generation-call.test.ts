/**
 * `image_generation_call` items as openai-node 7.60 describes them (`ResponseOutputItem.ImageGenerationCall`):
 * `output_format` may be `svg`; a moderation block fails the call with `error` (`code`,
 * `message`, `moderation_details: { categories, moderation_stage }`); an SVG generation reports
 * its own `svg_usage` (kept as the result's metadata `svgUsage`, outside the run's TokenUsage: the
 * API reference says neither that it is billed nor whether `usage` holds it). The input item
 * (`ResponseInputItem.ImageGenerationCall`) takes `error` and `svg_usage` back.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, type BridgeWarning, type Event, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses, toResponsesRequest } from "../src/index.js";
import { collect, ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;

const input: Message[] = [{ id: "u1", role: "user", content: "Draw a logo." }];

function response(item: Rec): Rec[] {
  return [
    { type: "response.created", response: { id: "resp_1", model: "gpt-5.5", status: "in_progress", output: [] } },
    { type: "response.output_item.added", output_index: 0, item: { id: item.id, type: "image_generation_call", status: "in_progress", result: null } },
    { type: "response.image_generation_call.in_progress", item_id: item.id, output_index: 0, sequence_number: 2 },
    { type: "response.image_generation_call.generating", item_id: item.id, output_index: 0, sequence_number: 3 },
    { type: "response.output_item.done", output_index: 0, item },
    { type: "response.completed", response: { id: "resp_1", model: "gpt-5.5", status: "completed", output: [item], usage: { input_tokens: 5, output_tokens: 6, total_tokens: 11 } } },
  ];
}

async function run(chunks: Rec[]): Promise<{ events: Event[]; messages: Message[] }> {
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  const events = await collect(streamResponses(source(), { input: { threadId: "t", runId: "r", messages: input }, generateId: createSequentialIds("id") }));
  await assertConformant(events, { initialMessages: input });
  return { events, messages: applyEvents(input, events) };
}

function nextRequest(messages: Message[]): { items: Rec[]; warnings: BridgeWarning[] } {
  const warnings: BridgeWarning[] = [];
  const { params } = toResponsesRequest({ threadId: "t", runId: "r2", messages: [...messages, { id: "u2", role: "user", content: "Again." }] }, { model: "gpt-5.5", onWarning: (w) => warnings.push(w) });
  return { items: params.input as unknown as Rec[], warnings };
}

const svgBase64 = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString("base64");
const svgUsage = { input_tokens: 40, output_tokens: 900, reasoning_tokens: 100, total_tokens: 940, model: "gpt-image-svg" };

describe("image_generation_call (openai 7.60)", () => {
  it("a call finished at status generating (Azure OpenAI) goes back with that status, its image as the result", async () => {
    const item = { id: "ig_1", type: "image_generation_call", status: "generating", result: svgBase64, output_format: "png" };
    const { events, messages } = await run(response(item));
    const [result] = ofType(events, "TOOL_CALL_RESULT");
    expect(((result?.metadata as Rec)["agui-bridge"] as Rec).itemStatus).toBe("generating");
    expect(nextRequest(messages).items.find((entry) => entry.type === "image_generation_call")).toEqual(item);
  });

  it("an SVG image is an image part of media type image/svg+xml", async () => {
    const item = { id: "ig_1", type: "image_generation_call", status: "completed", result: svgBase64, output_format: "svg", svg_usage: svgUsage };
    const { events } = await run(response(item));
    const [result] = ofType(events, "TOOL_CALL_RESULT");
    expect(result?.content).toEqual([{ type: "image", source: { type: "data", value: svgBase64, mimeType: "image/svg+xml" } }]);
  });

  it("the next request sends the SVG call back with its format and svg_usage", async () => {
    const item = { id: "ig_1", type: "image_generation_call", status: "completed", result: svgBase64, output_format: "svg", svg_usage: svgUsage };
    const { items, warnings } = nextRequest((await run(response(item))).messages);
    expect(items.find((entry) => entry.type === "image_generation_call")).toEqual(item);
    expect(warnings).toEqual([]);
  });

  it("svg_usage is the result's metadata svgUsage (narrowed), not a TokenUsage entry of the run", async () => {
    const item = { id: "ig_1", type: "image_generation_call", status: "completed", result: svgBase64, output_format: "svg", svg_usage: { ...svgUsage, output_tokens: -1 } };
    const { events } = await run(response(item));
    const [result] = ofType(events, "TOOL_CALL_RESULT");
    // A count that is not a safe non-negative integer is left out; the others as sent.
    expect((result?.metadata as Rec)["agui-bridge"]).toMatchObject({ svgUsage: { model: "gpt-image-svg", input_tokens: 40, reasoning_tokens: 100, total_tokens: 940 } });
    expect(((result?.metadata as Rec)["agui-bridge"] as Rec).svgUsage).not.toHaveProperty("output_tokens");
    // The run's usage is the response's own (`usage`), one entry, the SVG model's counts not added.
    const [finished] = ofType(events, "RUN_FINISHED");
    expect(finished?.usage).toEqual([{ provider: "openai", model: "gpt-5.5", inputTokens: 5, outputTokens: 6, totalTokens: 11 }]);
  });

  it("a call blocked by moderation: its error (moderation_details included) is the result, and goes back with the failed call", async () => {
    const error = { code: "moderation_blocked", message: "Blocked by the safety system.", param: null, type: "image_generation_user_error", moderation_details: { categories: ["violence"], moderation_stage: "input" } };
    const item = { id: "ig_2", type: "image_generation_call", status: "failed", result: null, error };
    const { events, messages } = await run(response(item));
    const [result] = ofType(events, "TOOL_CALL_RESULT");
    expect(JSON.parse(result?.content as string)).toEqual({ status: "failed", error });
    const { items, warnings } = nextRequest(messages);
    expect(items.find((entry) => entry.type === "image_generation_call")).toEqual({ type: "image_generation_call", id: "ig_2", status: "failed", result: null, error });
    expect(warnings).toEqual([]);
  });
});
