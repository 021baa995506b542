import { decode } from "@ag-ui/proto";
import { BRIDGE_METADATA_KEY, EventType, OMITTED_VALUE, type BridgeWarning, type Event, type Provider } from "@agui-bridge/core/adapter";
import { afterEach, describe, expect, it } from "vitest";
import { PROTOBUF_MEDIA_TYPE } from "../src/index.js";
import { parseSSE, postJson, runInput, serveWith, type Running } from "./support.js";

let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

function nest(depth: number): unknown {
  let value: unknown = "leaf";
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** A provider that (against the contract) yields a value JSON cannot encode, then throws. */
function hostileProvider(): Provider {
  return {
    id: "hostile",
    async *stream(input) {
      yield { type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as Event;
      yield { type: EventType.CUSTOM, name: "deep", value: nest(20_000) } as Event;
      yield { type: EventType.CUSTOM, name: "big", value: { n: 1n } } as unknown as Event;
      throw new Error("secret internal detail");
    },
  };
}

describe("every event reaches the client encodable, whatever the agent yields", () => {
  it("SSE: deep and non-JSON values are replaced by a marker with a warning; a throwing agent ends in RUN_ERROR", async () => {
    const warnings: BridgeWarning[] = [];
    const errors: unknown[] = [];
    running = await serveWith("node:http", { agent: hostileProvider(), onWarning: (w) => warnings.push(w), onError: (e) => errors.push(e) });
    const res = await postJson(running.url, runInput());
    expect(res.status).toBe(200);
    const events = parseSSE(await res.text()) as Array<Event & { metadata?: Record<string, { omitted?: unknown[] }>; value?: unknown }>;
    expect(events.map((e) => e.type)).toEqual(["RUN_STARTED", "CUSTOM", "CUSTOM", "RUN_ERROR"]);
    expect(events[1]?.metadata?.[BRIDGE_METADATA_KEY]?.omitted).toEqual([{ field: "event", path: expect.stringMatching(/^value(\[0\])+$/), reason: "depth" }]);
    expect(events[2]?.value).toEqual({ n: OMITTED_VALUE });
    expect(events[3]).toEqual({ type: "RUN_ERROR", message: "The agent failed unexpectedly.", code: "internal_error" });
    expect(warnings.map((w) => w.code)).toEqual(["event.value-omitted", "event.value-omitted"]);
    expect(String(errors[0])).toContain("secret internal detail");
  });

  it("protobuf: the same events encode in the binary framing", async () => {
    running = await serveWith("hono", { agent: hostileProvider(), onError: () => undefined });
    const res = await postJson(running.url, runInput(), { accept: PROTOBUF_MEDIA_TYPE });
    const bytes = new Uint8Array(await res.arrayBuffer());
    const events: Event[] = [];
    for (let offset = 0; offset < bytes.length; ) {
      const length = new DataView(bytes.buffer, bytes.byteOffset + offset).getUint32(0, false);
      events.push(decode(bytes.subarray(offset + 4, offset + 4 + length)) as Event);
      offset += 4 + length;
    }
    expect(events.map((e) => e.type)).toEqual(["RUN_STARTED", "CUSTOM", "CUSTOM", "RUN_ERROR"]);
  });
});
