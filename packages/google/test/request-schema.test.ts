/**
 * Request bodies built from random mixed-provider conversations and from every recorded Gemini
 * stream carried back type-check against `@google/genai`'s `GenerateContentParameters` (the SDK's
 * types follow Gemini's published API description). The SDK types enum fields as TypeScript
 * enums; the JSON wire form is their string values, so enums are read as their value unions here.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, EmptyRequestError, type Message } from "@agui-bridge/core/adapter";
import { conversation, typeCheckBodies } from "@agui-bridge/test-support";
import fc from "fast-check";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { listSharedStreams, readJsonl } from "../../../test-fixtures/support/shared-streams.js";
import { streamGenerateContent, toGenerateContentRequest } from "../src/index.js";
import { collect } from "./support/collect.js";

const dir = fileURLToPath(new URL(".", import.meta.url));
const samples = fc.sample(conversation, { numRuns: 40, seed: Number(process.env.FC_SEED ?? 15) });

function body(input: Parameters<typeof toGenerateContentRequest>[0]): unknown {
  return { model: "gemini-3-pro-preview", ...toGenerateContentRequest(input).params };
}

async function recordedRequests(): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const file of listSharedStreams("google")) {
    const lines = readJsonl(file);
    if (!lines.every((line) => line.ok)) continue;
    async function* source(): AsyncGenerator<unknown> {
      for (const line of lines) if (line.ok) yield line.value;
    }
    const events = await collect(streamGenerateContent(source(), { generateId: createSequentialIds("id") }));
    const messages = (await assertConformant(events)) as Message[];
    out.push(body({ messages: [{ id: "u", role: "user", content: "hi" }, ...messages] }));
  }
  return out;
}

const PRELUDE = `
type Wire<T> = T extends string ? \`\${T}\` : T extends readonly (infer U)[] ? Wire<U>[] : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;
`;

describe("generateContent request bodies match the published schema", () => {
  it("random conversations and every recorded stream carried back type-check as GenerateContentParameters", async () => {
    const random = samples.flatMap((conv) => {
      try {
        return [body(conv.input)];
      } catch (error) {
        // Nothing Gemini can take: the converter fails clearly instead of building `contents: []`.
        expect(error).toBeInstanceOf(EmptyRequestError);
        return [];
      }
    });
    const bodies = [...random, ...(await recordedRequests())];
    const bad = { model: "gemini-3-pro-preview", contents: [{ role: "user", parts: [{ txt: "x" }] }] };
    const diagnostics = typeCheckBodies({
      dir,
      imports: 'import type { GenerateContentParameters } from "@google/genai";',
      prelude: PRELUDE,
      type: "Wire<GenerateContentParameters>",
      bodies: [...bodies, bad],
    });
    expect(diagnostics.slice(0, -1)).toEqual([]);
    // Exactly the deliberately wrong body is reported: the check is not vacuous.
    expect(diagnostics).toHaveLength(1);
    expect(random.length).toBeGreaterThan(0);
  }, 90_000);
});
