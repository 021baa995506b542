/**
 * Round trip part by part over every recorded Gemini stream: stream → AG-UI events →
 * `defaultApplyEvents` (conformance kit) → `toGenerateContentRequest`; the carried-back model turn
 * holds the recording's non-text parts in order (function calls with id, name, whole args and
 * signature; code execution; server tool parts), and the same text and thought text.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type Message } from "@agui-bridge/core/adapter";
import type { Part } from "@google/genai";
import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import { listSharedStreams, readJsonl, sharedSuiteTitle } from "../../../test-fixtures/support/shared-streams.js";
import { PLACEHOLDER_THOUGHT_SIGNATURE, streamGenerateContent, toGenerateContentRequest } from "../src/index.js";
import { collect } from "./support/collect.js";

type Rec = Record<string, any>;

/** The parts the recording sent, in order. */
function recordedParts(chunks: Rec[]): Rec[] {
  return chunks.flatMap((chunk) => (chunk.candidates?.[0]?.content?.parts ?? []) as Rec[]);
}

function nonText(parts: readonly Rec[]): Rec[] {
  return parts
    .filter((part) => typeof part.text !== "string")
    .map((part) => {
      if (part.functionCall !== undefined) {
        const { partialArgs: _p, willContinue: _w, ...call } = part.functionCall as Rec;
        return { functionCall: { name: call.name, ...(call.id !== undefined && { id: call.id }) }, ...(part.thoughtSignature !== undefined && { thoughtSignature: part.thoughtSignature }) };
      }
      return part;
    })
    // Continuation chunks of a streamed call (no name) belong to the call before them.
    .filter((part) => part.functionCall === undefined || part.functionCall.name !== undefined);
}

function text(parts: readonly Rec[], thought: boolean): string {
  return parts.filter((part) => typeof part.text === "string" && (part.thought === true) === thought).map((part) => part.text).join("");
}

const files = listSharedStreams("google").filter((file) => readJsonl(file).every((line) => line.ok));

describe(`part by part: ${sharedSuiteTitle("google")}`, () => {
  it.each(files.map((file) => [basename(file), file]))("%s", async (_name, file) => {
    const chunks = readJsonl(file).flatMap((line) => (line.ok ? [line.value as Rec] : []));
    const responses = new Set(chunks.map((chunk) => chunk.responseId).filter((id) => id !== undefined));
    if (responses.size > 1) return;
    async function* source(): AsyncGenerator<unknown> {
      yield* chunks;
    }
    const messages = (await assertConformant(await collect(streamGenerateContent(source(), { generateId: createSequentialIds("id") })))) as Message[];
    const { params } = toGenerateContentRequest({ messages: [{ id: "u", role: "user", content: "go" }, ...messages] });
    const model = params.contents.filter((content) => content.role === "model").flatMap((content) => content.parts ?? []) as Part[];
    const original = recordedParts(chunks);
    // The request's documented rule: the first call of each current-turn step with no signature of
    // its own gets the placeholder (a Gemini 2.x stream may sign the text before the call instead:
    // neuraxes/neurouter's internal/data/upstream/google/mock_test.go stream). It is not in the
    // recording, so it is set aside here; a signature the recording did carry still has to match.
    const firstCalls = new Set(params.contents.filter((content) => content.role === "model").map((content) => content.parts?.find((part) => part.functionCall !== undefined)));
    const unplaceheld = (model as Rec[]).map((part) => {
      if (!firstCalls.has(part as Part) || part.thoughtSignature !== PLACEHOLDER_THOUGHT_SIGNATURE) return part;
      const { thoughtSignature: _placeholder, ...rest } = part;
      return rest;
    });
    const sent = nonText(unplaceheld).map((part) => (part.functionCall !== undefined ? { ...part, functionCall: { name: part.functionCall.name, ...(part.functionCall.id !== undefined && { id: part.functionCall.id }) } } : part));
    expect(sent).toEqual(nonText(original));
    // Arguments: every call the recording sent whole comes back with exactly those args. Each sent
    // call answers one recorded call, in order: the Gemini API sends parallel calls of the same
    // function without ids (a recorded gemini-2.5-flash-lite turn calls best_country twice, Canada
    // then USA), so name and id alone do not tell them apart.
    const sentCalls = (model as Rec[]).filter((part) => part.functionCall !== undefined).map((part) => part.functionCall as Rec);
    const answered = new Set<Rec>();
    for (const part of original.filter((p) => p.functionCall?.args !== undefined && p.functionCall?.partialArgs === undefined && p.functionCall?.name !== undefined)) {
      const call = sentCalls.find((sentCall) => !answered.has(sentCall) && sentCall.name === part.functionCall.name && sentCall.id === part.functionCall.id);
      if (call !== undefined) answered.add(call);
      expect(call?.args).toEqual(part.functionCall.args);
    }
    expect(text(model as Rec[], false)).toBe(text(original, false));
    expect(text(model as Rec[], true)).toBe(text(original, true));
  });
});
