import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type BridgeWarning, type Event } from "@agui-bridge/core/adapter";
import { expectSameOutput } from "@agui-bridge/test-support";
import { expect } from "vitest";
import { streamResponses, streamResponsesFromResponse, type ResponsesStreamOptions } from "../../src/index.js";
import { sdkResponseEvents } from "./sdk-replay.js";

/** An SSE body of these Responses events (`event:` line named by each event's `type`). */
export function responsesSse(events: readonly Record<string, unknown>[]): Uint8Array {
  return new TextEncoder().encode(events.map((e) => `event: ${String(e.type)}\ndata: ${JSON.stringify(e)}\n\n`).join(""));
}

/**
 * The events as an SSE body through the real SDK and through the raw-bytes path (both must give
 * the same AG-UI events and the same warnings), then the conformance kit.
 */
export async function runResponsesBothPaths(
  events: readonly Record<string, unknown>[],
  options: ResponsesStreamOptions = {},
): Promise<{ events: Event[]; warnings: BridgeWarning[] }> {
  const runs: BridgeWarning[][] = [];
  const opts = (): ResponsesStreamOptions => {
    const warnings: BridgeWarning[] = [];
    runs.push(warnings);
    return { generateId: createSequentialIds("id"), threadId: "t", runId: "r", onWarning: (w) => warnings.push(w), ...options };
  };
  const out = await expectSameOutput(
    responsesSse(events),
    (b) => streamResponses(sdkResponseEvents(b), opts()),
    (body) => streamResponsesFromResponse(body, opts()),
    (a, b) => expect(a).toEqual(b),
  );
  await assertConformant(out);
  for (const other of runs.slice(1)) expect(other).toEqual(runs[0]);
  return { events: out, warnings: runs[0] ?? [] };
}
