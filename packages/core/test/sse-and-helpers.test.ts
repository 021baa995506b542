import { describe, expect, it } from "vitest";
import {
  encodeSSE,
  encodeSSEStream,
  entityProvider,
  EventType,
  isMintedBy,
  isSourceUsableBy,
  readBridgeMetadata,
  redactSecrets,
  renderContext,
  SSE_CONTENT_TYPE,
  toSSEReadableStream,
  withBridgeMetadata,
  type Event,
} from "../src/adapter.js";

const events: Event[] = [
  { type: EventType.RUN_STARTED, threadId: "t", runId: "r" },
  { type: EventType.TEXT_MESSAGE_START, messageId: "m", role: "assistant" },
  { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "m", delta: "line1\nline2 \u2028 done" },
];

async function* from<T>(items: T[]): AsyncGenerator<T> {
  yield* items;
}

describe("SSE encoding", () => {
  it("frames each event as one data line of JSON", () => {
    const frame = encodeSSE(events[2] as Event);
    expect(frame.startsWith("data: ")).toBe(true);
    expect(frame.endsWith("\n\n")).toBe(true);
    expect(frame.slice(6, -2)).not.toContain("\n");
    expect(JSON.parse(frame.slice(6, -2))).toEqual(events[2]);
    expect(SSE_CONTENT_TYPE).toBe("text/event-stream");
  });

  it("encodes a stream and a ReadableStream that decode back to the events", async () => {
    const frames: string[] = [];
    for await (const frame of encodeSSEStream(from(events))) frames.push(frame);
    expect(frames.join("")).toBe(events.map(encodeSSE).join(""));

    const text = await new Response(toSSEReadableStream(from(events))).text();
    const decoded = text.split("\n\n").filter(Boolean).map((frame) => JSON.parse(frame.replace(/^data: /, "")) as Event);
    expect(decoded).toEqual(events);
  });

  it("releases the event iterator when the reader cancels", async () => {
    let released = false;
    async function* endless(): AsyncGenerator<Event> {
      try {
        for (;;) yield events[0] as Event;
      } finally {
        released = true;
      }
    }
    const reader = toSSEReadableStream(endless()).getReader();
    await reader.read();
    await reader.cancel();
    expect(released).toBe(true);
  });
});

describe("request helpers", () => {
  it("lets a file handle through only to the provider that minted it", () => {
    expect(isSourceUsableBy({ type: "file", value: "file-1", provider: "openai" }, "openai")).toBe(true);
    expect(isSourceUsableBy({ type: "file", value: "file-1" }, "anthropic")).toBe(true);
    expect(isSourceUsableBy({ type: "file", value: "file-1", provider: "openai" }, "anthropic")).toBe(false);
    expect(isSourceUsableBy({ type: "url", value: "https://x" }, "google")).toBe(true);
    expect(isSourceUsableBy({ type: "data", value: "AA==", mimeType: "image/png" }, "google")).toBe(true);
  });

  it("reads who minted an entity from bridge metadata, treating unknown origin as foreign", () => {
    const mine = { metadata: withBridgeMetadata({ other: 1 }, { provider: "anthropic" }) };
    expect(entityProvider(mine)).toBe("anthropic");
    expect(isMintedBy(mine, "anthropic")).toBe(true);
    expect(isMintedBy(mine, "openai")).toBe(false);
    expect(isMintedBy({}, "openai")).toBe(false);
    expect(readBridgeMetadata({ "agui-bridge": [1] })).toBeUndefined();
    expect(readBridgeMetadata(null)).toBeUndefined();
    expect(mine.metadata.other).toBe(1);
  });

  it("renders context the same way for every provider", () => {
    expect(renderContext(undefined)).toBeUndefined();
    expect(renderContext([])).toBeUndefined();
    expect(renderContext([{ description: "User timezone", value: "Europe/Paris" }])).toBe(
      "Context for this run:\n- User timezone: Europe/Paris",
    );
  });

  it("redacts credentials but keeps the rest of a message", () => {
    const text = redactSecrets("401: key sk-ant-api03-AAAAAAAAAAAA rejected; header x-api-key: secret123456; Bearer abc.def.ghijklmn; AIzaSyA1234567890abcdefghijklmnop");
    expect(text).not.toMatch(/AAAAAAAAAAAA|secret123456|ghijklmn|AIzaSy/);
    expect(text).toContain("401: key");
    expect(text).toContain("rejected");
  });
});
