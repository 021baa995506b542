/**
 * Mistral's ReferenceChunk in `delta.content` arrays: `{ type: "reference", reference_ids }` names
 * the tool results or documents the text cites (Mistral's API spec lists it among the assistant
 * content chunks). Mistral also opens JSON-mode answers with an empty one,
 * `[{ type: "reference", reference_ids: [] }, { type: "text", text: "{\"index" }]` (seen from
 * mistral-large-latest). Hand-written chunks in that shape.
 */
import { readBridgeMetadata } from "@agui-bridge/core/adapter";
import { textOf } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { chatChunk, runChatBothPaths } from "./support/chat-both-paths.js";
import { ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;
const content = (parts: unknown): Rec => chatChunk({ index: 0, delta: { content: parts }, finish_reason: null }, {}, { model: "mistral-large-latest" });
const stop = chatChunk({ index: 0, delta: { content: "" }, finish_reason: "stop" }, {}, { model: "mistral-large-latest" });

describe("mistral: reference chunks", () => {
  it("a reference with ids is an annotation of the text it follows, verbatim; nothing reported as dropped (both paths)", async () => {
    const warnings: string[] = [];
    const chunks = [
      content([{ type: "text", text: "Paris is the capital" }]),
      content([{ type: "text", text: " of France." }, { type: "reference", reference_ids: [0, 2] }]),
      content([{ type: "text", text: " It has 2.1M people." }, { type: "reference", reference_ids: [1] }]),
      content([{ type: "reference", reference_ids: [1] }]),
      stop,
    ];
    const { events } = await runChatBothPaths(chunks, { provider: "mistral", onWarning: (w) => warnings.push(w.code) });
    expect(textOf(events as never)).toBe("Paris is the capital of France. It has 2.1M people.");
    const end = ofType(events, "TEXT_MESSAGE_END");
    expect(end).toHaveLength(1);
    expect(readBridgeMetadata(end[0]?.metadata)?.annotations).toEqual([
      { type: "reference", reference_ids: [0, 2] },
      { type: "reference", reference_ids: [1] },
    ]);
    expect(warnings).not.toContain("stream.unknown-content");
  });

  it("JSON mode's empty reference before the text cites nothing: no annotation, no warning, the text byte for byte (both paths)", async () => {
    const warnings: string[] = [];
    const chunks = [content([{ type: "reference", reference_ids: [] }, { type: "text", text: "{\"index" }]), content("\":1}"), stop];
    const { events } = await runChatBothPaths(chunks, { provider: "mistral", onWarning: (w) => warnings.push(w.code) });
    expect(textOf(events as never)).toBe("{\"index\":1}");
    expect(readBridgeMetadata(ofType(events, "TEXT_MESSAGE_END")[0]?.metadata)?.annotations).toBeUndefined();
    expect(warnings).toEqual([]);
  });

  it("a reference whose ids are not a list stays unmodelled: reported, the text intact", async () => {
    const warnings: string[] = [];
    const chunks = [content([{ type: "text", text: "A" }, { type: "reference", reference_ids: "0" }]), stop];
    const { events } = await runChatBothPaths(chunks, { provider: "mistral", onWarning: (w) => warnings.push(w.code) });
    expect(textOf(events as never)).toBe("A");
    expect(readBridgeMetadata(ofType(events, "TEXT_MESSAGE_END")[0]?.metadata)?.annotations).toBeUndefined();
    expect(warnings).toContain("stream.unknown-content");
  });
});
