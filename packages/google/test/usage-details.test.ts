/**
 * What a response's `usageMetadata` and `modelStatus` say beyond core's `TokenUsage` counts
 * (`@google/genai` `GenerateContentResponseUsageMetadata`, `GenerateContentResponse.modelStatus`):
 * - `promptTokensDetails`, `candidatesTokensDetails`, `cacheTokensDetails`,
 *   `toolUsePromptTokensDetails` ("A detailed breakdown of the token count for each modality",
 *   `ModalityTokenCount { modality, tokenCount }`) and `trafficType` (`ON_DEMAND`,
 *   `PROVISIONED_THROUGHPUT`, …) reach the terminal event as `usageDetails`, one entry per response;
 * - `modelStatus { modelStage, retirementTime, message }` (Gemini API) as `modelStatus`.
 * Both are set as terminal metadata, so they land on whatever ends the run.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type BridgeWarning, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamGenerateContent } from "../src/index.js";
import { collect } from "./support/collect.js";
import { recordedStreams } from "./support/recorded.js";

type Rec = Record<string, unknown>;
const chunk = (responseId: string, text: string, extra: Rec = {}, candidate: Rec = {}): Rec => ({
  candidates: [{ content: { role: "model", parts: [{ text }] }, index: 0, ...candidate }],
  modelVersion: "gemini-2.5-flash",
  responseId,
  ...extra,
});

async function run(chunks: readonly unknown[]): Promise<{ events: Event[]; terminal: Rec; warnings: BridgeWarning[] }> {
  const warnings: BridgeWarning[] = [];
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  const events = await collect(streamGenerateContent(source(), { generateId: createSequentialIds("g"), onWarning: (w) => warnings.push(w) }));
  await assertConformant(events);
  const last = events.at(-1) as { metadata?: Rec } | undefined;
  return { events, terminal: (last?.metadata?.["agui-bridge"] ?? {}) as Rec, warnings };
}

const prompt = [
  { modality: "TEXT", tokenCount: 12 },
  { modality: "AUDIO", tokenCount: 800 },
];

describe("usageDetails: the per-modality split and the traffic type of each response", () => {
  it("Vertex AI's `{ trafficType }` on every chunk, the split on the last: one entry with both", async () => {
    const { terminal, events } = await run([
      chunk("r1", "Hel", { usageMetadata: { trafficType: "ON_DEMAND" } }),
      chunk("r1", "lo", { usageMetadata: { trafficType: "ON_DEMAND" } }),
      chunk("r1", "", {
        usageMetadata: {
          promptTokenCount: 812,
          candidatesTokenCount: 2,
          totalTokenCount: 814,
          promptTokensDetails: prompt,
          candidatesTokensDetails: [{ modality: "TEXT", tokenCount: 2 }],
          trafficType: "ON_DEMAND",
        },
      }, { finishReason: "STOP" }),
    ]);
    expect(events.at(-1)?.type).toBe("RUN_FINISHED");
    expect(terminal.usageDetails).toEqual([
      { responseId: "r1", model: "gemini-2.5-flash", trafficType: "ON_DEMAND", promptTokensDetails: prompt, candidatesTokensDetails: [{ modality: "TEXT", tokenCount: 2 }] },
    ]);
  });

  it("the Gemini API's `serviceTier` (the tier that served the response, it decides the price) is kept beside the split, and in finishDetails as the other adapters put it", async () => {
    const usage = { promptTokenCount: 115, totalTokenCount: 185, thoughtsTokenCount: 70, serviceTier: "standard" };
    const { terminal, events } = await run([
      chunk("r1", "", { usageMetadata: usage }),
      chunk("r1", "Hi", { usageMetadata: { ...usage, candidatesTokenCount: 1, totalTokenCount: 186, promptTokensDetails: [{ modality: "TEXT", tokenCount: 115 }] } }, { finishReason: "STOP" }),
    ]);
    expect(terminal.usageDetails).toEqual([
      { responseId: "r1", model: "gemini-2.5-flash", serviceTier: "standard", promptTokensDetails: [{ modality: "TEXT", tokenCount: 115 }] },
    ]);
    expect(events.at(-1)?.type).toBe("RUN_FINISHED");
    expect(terminal).toMatchObject({ finishReason: "stop", rawFinishReason: "STOP", finishDetails: { serviceTier: "standard" } });
  });

  it("one entry per response, in order; a later report's field replaces the earlier one, a field it leaves out is kept", async () => {
    const { terminal } = await run([
      chunk("r1", "a", { usageMetadata: { promptTokenCount: 5, promptTokensDetails: [{ modality: "TEXT", tokenCount: 5 }], cacheTokensDetails: [{ modality: "TEXT", tokenCount: 4 }] } }),
      chunk("r1", "b", { usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 1, promptTokensDetails: [{ modality: "TEXT", tokenCount: 5 }] } }, { finishReason: "STOP" }),
      chunk("r2", "c", { usageMetadata: { promptTokenCount: 9, toolUsePromptTokensDetails: [{ modality: "IMAGE", tokenCount: 258 }], trafficType: "PROVISIONED_THROUGHPUT" } }, { finishReason: "STOP" }),
    ]);
    expect(terminal.usageDetails).toEqual([
      { responseId: "r1", model: "gemini-2.5-flash", promptTokensDetails: [{ modality: "TEXT", tokenCount: 5 }], cacheTokensDetails: [{ modality: "TEXT", tokenCount: 4 }] },
      { responseId: "r2", model: "gemini-2.5-flash", toolUsePromptTokensDetails: [{ modality: "IMAGE", tokenCount: 258 }], trafficType: "PROVISIONED_THROUGHPUT" },
    ]);
  });

  it("every list entry is narrowed: proto3's omitted zero values restored, an invalid count dropped with a warning", async () => {
    const { terminal, warnings } = await run([
      chunk("r1", "a", {
        usageMetadata: {
          promptTokensDetails: [{ modality: "TEXT" }, { tokenCount: 3 }, { modality: "AUDIO", tokenCount: -1 }, "TEXT", { modality: 7, tokenCount: 1 }, { modality: "IMAGE", tokenCount: 2.5 }],
          trafficType: "",
          candidatesTokensDetails: "TEXT",
        },
      }, { finishReason: "STOP" }),
    ]);
    expect(terminal.usageDetails).toEqual([
      { responseId: "r1", model: "gemini-2.5-flash", promptTokensDetails: [{ modality: "TEXT", tokenCount: 0 }, { modality: "MODALITY_UNSPECIFIED", tokenCount: 3 }] },
    ]);
    expect(warnings.filter((w) => w.code === "usage.invalid-count").map((w) => w.details?.field)).toEqual(["promptTokensDetails[2].tokenCount", "promptTokensDetails[5].tokenCount"]);
  });

  it("nothing when no response reports them", async () => {
    const { terminal } = await run([chunk("r1", "a", { usageMetadata: { promptTokenCount: 1, trafficType: 4 } }, { finishReason: "STOP" })]);
    expect(terminal).not.toHaveProperty("usageDetails");
  });

  it("on RUN_ERROR too: a stream cut off after the report still carries it", async () => {
    const { events, terminal } = await run([chunk("r1", "a", { usageMetadata: { promptTokenCount: 3, promptTokensDetails: [{ modality: "VIDEO", tokenCount: 3 }] } })]);
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "stream_truncated" });
    expect(terminal.usageDetails).toEqual([{ responseId: "r1", model: "gemini-2.5-flash", promptTokensDetails: [{ modality: "VIDEO", tokenCount: 3 }] }]);
  });

  it("every recorded stream: the last report of each response's split and traffic type, as the chunks carry them", async () => {
    for (const { name, chunks } of recordedStreams()) {
      const expected = new Map<string, Rec>();
      for (const c of chunks) {
        const usage = c.usageMetadata as Rec | undefined;
        if (usage === undefined) continue;
        const entry = { ...(expected.get(String(c.responseId)) ?? { responseId: c.responseId, model: c.modelVersion }) };
        for (const key of ["trafficType", "serviceTier", "promptTokensDetails", "candidatesTokensDetails", "cacheTokensDetails", "toolUsePromptTokensDetails"]) {
          if (usage[key] !== undefined) entry[key] = usage[key];
        }
        if (Object.keys(entry).length > 2) expected.set(String(c.responseId), entry);
      }
      const { terminal } = await run(chunks);
      expect(terminal.usageDetails, name).toEqual(expected.size > 0 ? [...expected.values()] : undefined);
    }
  });
});

describe("modelStatus", () => {
  const deprecated = { modelStage: "DEPRECATED", retirementTime: "2027-03-01T00:00:00Z", message: "Use gemini-3-flash instead." };

  it("reaches RUN_FINISHED as sent (the last one reported wins), narrowed", async () => {
    const { terminal } = await run([
      chunk("r1", "a", { modelStatus: { modelStage: "STABLE" } }),
      chunk("r1", "b", { modelStatus: { ...deprecated, extra: 1 } }, { finishReason: "STOP" }),
    ]);
    expect(terminal.modelStatus).toEqual(deprecated);
  });

  it("reaches RUN_ERROR too; a status with no usable field is ignored", async () => {
    const { events, terminal } = await run([chunk("r1", "a", { modelStatus: deprecated }), chunk("r1", "b", { modelStatus: { modelStage: 3 } })]);
    expect(events.at(-1)?.type).toBe("RUN_ERROR");
    expect(terminal.modelStatus).toEqual(deprecated);
  });
});
