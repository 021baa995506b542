import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type Event } from "@agui-bridge/core/adapter";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseReplayArgs, replay } from "../src/replay.js";

const fixtures = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "test-fixtures");
const options = () => ({ threadId: "t", runId: "r", generateId: createSequentialIds("id") });

async function collect(events: AsyncIterable<Event>): Promise<Event[]> {
  const out: Event[] = [];
  for await (const event of events) out.push(event);
  return out;
}

describe("replay --fast", () => {
  it("parses as the raw-bytes path and implies --input sse", () => {
    expect(parseReplayArgs(["--from", "anthropic", "--fast", "x.sse"])).toMatchObject({ from: "anthropic", input: "sse", fast: true });
    expect(parseReplayArgs(["--from", "anthropic", "x.jsonl"]).fast).toBeUndefined();
  });

  for (const format of ["openai-chat", "openai-responses", "anthropic", "google"]) {
    const names = readdirSync(join(fixtures, format)).filter((name) => name.endsWith(".sse"));
    it.each(names)(`${format} %s: the same events as --input sse (the SDK)`, async (name) => {
      const bytes = readFileSync(join(fixtures, format, name));
      const sdk = await collect(replay({ from: format, input: "sse" }, bytes, options()));
      const fast = await collect(replay({ from: format, input: "sse", fast: true }, bytes, options()));
      await assertConformant(fast);
      expect(fast).toEqual(sdk);
    });
  }
});
