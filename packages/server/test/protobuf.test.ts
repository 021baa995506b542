import { HttpAgent, type RunAgentInput as ClientInput } from "@ag-ui/client";
import { EventSchemas } from "@ag-ui/core/schemas";
import { decode } from "@ag-ui/proto";
import { assertConformant } from "@agui-bridge/conformance";
import type { Event } from "@agui-bridge/core/adapter";
import { afterEach, describe, expect, it } from "vitest";
import { createAgUiHandler, encodeProtobufFrame, negotiateTransport, PROTOBUF_MEDIA_TYPE } from "../src/index.js";
import { EVERY_EVENT } from "./every-event.js";
import { postJson, runInput, serveWith, textProvider, type Running } from "./support.js";

let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** HttpAgent asking for the protobuf encoding. */
class ProtoHttpAgent extends HttpAgent {
  protected override requestInit(input: ClientInput): RequestInit {
    const init = super.requestInit(input);
    return { ...init, headers: { ...(init.headers as Record<string, string>), accept: PROTOBUF_MEDIA_TYPE } };
  }
}

/**
 * The one difference protobuf makes: repeated fields have no "absent", so an echoed input's absent
 * `tools`, `context` and `resume` come back as `[]` (which AG-UI defines to mean the same).
 */
function protoDefaults(event: Event): Event {
  if (event.type !== "RUN_STARTED" || event.input === undefined) return event;
  return { ...event, input: { tools: [], context: [], resume: [], ...event.input } };
}

describe("protobuf transport (@ag-ui/proto 1.0)", () => {
  it("the reference encoder round-trips every one of the 31 event types", () => {
    expect(new Set(EVERY_EVENT.map((e) => e.type)).size).toBe(31);
    for (const event of EVERY_EVENT) {
      expect(() => EventSchemas.parse(event)).not.toThrow();
      const frame = encodeProtobufFrame(event);
      const length = new DataView(frame.buffer, frame.byteOffset).getUint32(0, false);
      expect(length).toBe(frame.length - 4);
      expect(decode(frame.subarray(4))).toEqual(EventSchemas.parse(protoDefaults(event)));
    }
  });

  it("Accept decides: protobuf when asked for at least as strongly as SSE", () => {
    expect(negotiateTransport(null)).toBe("sse");
    expect(negotiateTransport("*/*")).toBe("sse");
    expect(negotiateTransport("text/event-stream")).toBe("sse");
    expect(negotiateTransport(PROTOBUF_MEDIA_TYPE)).toBe("protobuf");
    expect(negotiateTransport(`text/event-stream;q=0.5, ${PROTOBUF_MEDIA_TYPE}`)).toBe("protobuf");
    expect(negotiateTransport(`text/event-stream, ${PROTOBUF_MEDIA_TYPE};q=0.2`)).toBe("sse");
    expect(negotiateTransport(`${PROTOBUF_MEDIA_TYPE};q=0`)).toBe("sse");
    expect(negotiateTransport(PROTOBUF_MEDIA_TYPE, false)).toBe("sse");
  });

  it("@ag-ui/client's HttpAgent reads a run sent as protobuf", async () => {
    const agent = textProvider(4, 3);
    running = await serveWith("hono", { agent });
    const probe = await postJson(running.url, runInput(), { accept: PROTOBUF_MEDIA_TYPE });
    expect(probe.headers.get("content-type")).toBe(PROTOBUF_MEDIA_TYPE);
    await probe.arrayBuffer();

    const client = new ProtoHttpAgent({ url: running.url, threadId: "t1", initialMessages: [{ id: "u1", role: "user", content: "hi" }] });
    const events: Event[] = [];
    await client.runAgent({ runId: "r2" }, { onEvent: ({ event }) => void events.push(event as Event) });
    await assertConformant(events, { initialMessages: [{ id: "u1", role: "user", content: "hi" }] });
    expect(events.map((e) => e.type)).toEqual(["RUN_STARTED", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END", "RUN_FINISHED"]);
    expect(client.messages.at(-1)).toMatchObject({ role: "assistant", content: "xxx".repeat(4) });
  });

  it("a value the encoder cannot take is recorded and warned about as over SSE (the omission was silent)", async () => {
    const warnings: string[] = [];
    const agent = {
      id: "bigint",
      async *stream(input: { threadId: string; runId: string }) {
        yield { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId } as Event;
        yield { type: "CUSTOM", name: "x", value: { big: 10n } } as unknown as Event;
        yield { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId } as Event;
      },
    };
    const handler = createAgUiHandler({ agent, onWarning: (warning) => warnings.push(warning.code) });
    const res = await handler(
      new Request("http://localhost/agent", { method: "POST", headers: { "content-type": "application/json", accept: PROTOBUF_MEDIA_TYPE }, body: JSON.stringify(runInput()) }),
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    const events: unknown[] = [];
    for (let at = 0; at < bytes.length; ) {
      const length = new DataView(bytes.buffer, bytes.byteOffset + at).getUint32(0, false);
      events.push(decode(bytes.subarray(at + 4, at + 4 + length)));
      at += 4 + length;
    }
    expect(events[1]).toMatchObject({
      type: "CUSTOM",
      value: { big: "[omitted by agui-bridge]" },
      metadata: { "agui-bridge": { omitted: [{ field: "event", path: "value.big", reason: "not-json" }] } },
    });
    expect(warnings).toEqual(["event.value-omitted"]);
  });
});
