/**
 * Azure OpenAI content filter annotations on a Chat stream. Azure's "Content filtering annotations"
 * page: annotations "can be enabled even for filters and severity levels that have been disabled
 * from blocking", and optional models set to annotate mode return "information when content is
 * flagged, but not filtered": prompt attack detected, protected material text / code detected
 * (with the "citation of public GitHub repository where code snippet was found" and its license).
 * Flagged results reach finishDetails.contentFilter (per choice, collected over the stream, also
 * from the asynchronous filter's annotation chunks after the finish) and the prompt's flagged
 * `prompt_filter_results` finishDetails.promptFilter. Through the real SDK and the raw-bytes path.
 */
import { readBridgeMetadata } from "@agui-bridge/core/adapter";
import { textOf } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { last } from "./support/collect.js";
import { chunk, run, type Rec } from "./support/chat-audit-helpers.js";

const safe = { hate: { filtered: false, severity: "safe" }, violence: { filtered: false, severity: "safe" } };
const code = { filtered: false, detected: true, citation: { URL: "https://github.com/example/repo", license: "MIT" } };

function finishDetails(events: readonly { metadata?: unknown }[]): Record<string, unknown> | undefined {
  return readBridgeMetadata(last(events as never).metadata)?.finishDetails as Record<string, unknown> | undefined;
}

/** The asynchronous filter's annotation chunk: no delta, empty id and model. */
const annotation = (results: Rec): Rec => ({ id: "", object: "", created: 0, model: "", choices: [{ index: 0, finish_reason: null, content_filter_offsets: { check_offset: 0, start_offset: 0, end_offset: 20 }, content_filter_results: results }] });

describe("Azure content filter annotations (Chat)", () => {
  it("protected material code detected mid-stream (annotate mode) → finishDetails.contentFilter with its citation, on a stop finish", async () => {
    const { events } = await run(
      [
        chunk({ delta: { role: "assistant", content: "def f():" }, content_filter_results: { ...safe, protected_material_code: code } }),
        chunk({ delta: { content: " pass" }, content_filter_results: { ...safe, protected_material_code: { filtered: false, detected: false } } }),
        chunk({ delta: {}, finish_reason: "stop" }),
      ],
      { provider: "azure-openai" },
    );
    expect(textOf(events as never)).toBe("def f(): pass");
    expect(finishDetails(events)).toEqual({
      contentFilter: { filtered: [], detected: ["protected_material_code"], results: { ...safe, protected_material_code: code } },
    });
  });

  it("an annotation chunk of the asynchronous filter after the finish still lands", async () => {
    const { events } = await run([
      chunk({ delta: { role: "assistant", content: "Hi" }, content_filter_results: safe }),
      chunk({ delta: {}, finish_reason: "stop" }),
      annotation({ ...safe, protected_material_text: { filtered: false, detected: true } }),
    ]);
    expect(finishDetails(events)).toMatchObject({ contentFilter: { filtered: [], detected: ["protected_material_text"] } });
  });

  it("a content_filter finish names the filtered categories, results as sent (nested fields kept)", async () => {
    const { events } = await run([
      chunk({ delta: { role: "assistant", content: "Part" }, content_filter_results: { ...safe, protected_material_code: code } }),
      chunk({ delta: {}, finish_reason: "content_filter", content_filter_results: { ...safe, violence: { filtered: true, severity: "medium" } } }),
    ]);
    const details = finishDetails(events);
    expect(readBridgeMetadata(last(events).metadata)).toMatchObject({ finishReason: "content-filter" });
    expect(details).toEqual({
      contentFilter: { filtered: ["violence"], detected: ["protected_material_code"], results: { hate: safe.hate, violence: { filtered: true, severity: "medium" }, protected_material_code: code } },
    });
  });

  it("unflagged severities on an ordinary finish add nothing", async () => {
    const { events } = await run([chunk({ delta: { role: "assistant", content: "Hi" }, content_filter_results: safe }), chunk({ delta: {}, finish_reason: "stop", content_filter_results: {} })]);
    expect(finishDetails(events)).toBeUndefined();
  });

  it("a flagged prompt_filter_results preamble (jailbreak detected, not filtered) → finishDetails.promptFilter; an unflagged one nothing", async () => {
    const prompt = [{ prompt_index: 0, content_filter_results: { ...safe, jailbreak: { filtered: false, detected: true } } }];
    const preamble = (results: unknown): Rec => ({ id: "", object: "", created: 0, model: "", choices: [], prompt_filter_results: results });
    const flagged = await run([preamble(prompt), chunk({ delta: { role: "assistant", content: "Hi" } }), chunk({ delta: {}, finish_reason: "stop" })]);
    expect(finishDetails(flagged.events)).toEqual({ promptFilter: { filtered: [], detected: ["jailbreak"], results: prompt } });
    const clean = await run([preamble([{ prompt_index: 0, content_filter_results: safe }]), chunk({ delta: { role: "assistant", content: "Hi" } }), chunk({ delta: {}, finish_reason: "stop" })]);
    expect(finishDetails(clean.events)).toBeUndefined();
  });
});
