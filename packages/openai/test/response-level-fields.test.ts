/**
 * Fields of the response object itself (shapes from pydantic-ai's recorded Responses cassettes):
 * with `moderation` requested, the final response carries the moderation results of the input and
 * the output (flagged, categories, scores), which the run's finish details keep; a background
 * response's stream resumed with `starting_after` has no `response.created`; Azure OpenAI adds
 * `content_filters` (from the Vercel AI SDK's Azure recordings).
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses } from "../src/index.js";
import { collect, last } from "./support/collect.js";

type Rec = Record<string, unknown>;

const result = (flagged: boolean): Rec => ({ type: "moderation_result", flagged, categories: { violence: flagged }, category_scores: { violence: flagged ? 0.95 : 0.001 }, model: "omni-moderation-latest" });

async function finishDetails(response: Rec): Promise<Rec | undefined> {
  async function* source(): AsyncGenerator<unknown> {
    yield { type: "response.created", response: { id: "resp_m", status: "in_progress", moderation: null, output: [] } };
    yield { type: "response.output_item.added", output_index: 0, item: { id: "msg_m", type: "message", role: "assistant", status: "in_progress", content: [] } };
    yield { type: "response.output_text.delta", output_index: 0, item_id: "msg_m", content_index: 0, delta: "Paris." };
    yield { type: "response.completed", response: { id: "resp_m", status: "completed", service_tier: "default", output: [], usage: { input_tokens: 13, output_tokens: 59, total_tokens: 72 }, ...response } };
  }
  const events = await collect(streamResponses(source(), { generateId: createSequentialIds("id") }));
  await assertConformant(events);
  return readBridgeMetadata(last(events).metadata)?.finishDetails as Rec | undefined;
}

describe("moderation results", () => {
  it("land in the terminal event's finishDetails.moderation, as sent", async () => {
    const moderation = { input: result(true), output: result(false) };
    expect(await finishDetails({ moderation })).toEqual({ serviceTier: "default", moderation });
  });

  it("a response without them (moderation: null) adds nothing", async () => {
    expect(await finishDetails({ moderation: null })).toEqual({ serviceTier: "default" });
  });
});

describe("a background response's stream resumed with starting_after (it begins at response.queued)", () => {
  it("its items still record the response they belong to", async () => {
    async function* source(): AsyncGenerator<unknown> {
      yield { type: "response.queued", sequence_number: 1, response: { id: "resp_bg", status: "queued", model: "gpt-4o-2024-08-06", background: true, output: [] } };
      yield { type: "response.in_progress", sequence_number: 2, response: { id: "resp_bg", status: "in_progress", background: true, output: [] } };
      yield { type: "response.output_item.added", output_index: 0, item: { id: "msg_bg", type: "message", role: "assistant", status: "in_progress", content: [] } };
      yield { type: "response.output_text.delta", output_index: 0, item_id: "msg_bg", content_index: 0, delta: "2 + 2 equals 4." };
      yield { type: "response.completed", response: { id: "resp_bg", status: "completed", output: [], usage: { input_tokens: 15, output_tokens: 9, total_tokens: 24 } } };
    }
    const events = await collect(streamResponses(source(), { generateId: createSequentialIds("id") }));
    await assertConformant(events);
    const start = events.find((e) => e.type === "TEXT_MESSAGE_START");
    expect(readBridgeMetadata(start?.metadata)).toMatchObject({ responseId: "resp_bg", outputIndex: 0 });
    expect(last(events)).toMatchObject({ type: "RUN_FINISHED", usage: [{ model: "gpt-4o-2024-08-06", inputTokens: 15 }] });
  });
});

describe("Azure OpenAI content filter results (content_filters on the final response)", () => {
  it("land in finishDetails.contentFilters, as sent; an empty list adds nothing", async () => {
    const contentFilters = [{ blocked: false, source_type: "prompt", content_filter_raw: [], content_filter_results: {}, content_filter_offsets: { start_offset: 831, end_offset: 1868, check_offset: 0 } }];
    expect(await finishDetails({ content_filters: contentFilters })).toEqual({ serviceTier: "default", contentFilters });
    expect(await finishDetails({ content_filters: [] })).toEqual({ serviceTier: "default" });
  });
});
