/**
 * The raw-bytes path's identity check, shared by the adapters: every recorded stream (our `.sse`
 * fixtures, the JSONL recordings in ../shared framed as the provider sends them, the raw Chat
 * bodies) goes through the SDK path and through the raw path, read in several read sizes, and the
 * two outputs must be equal and pass the conformance kit.
 */
import { checkEvents } from "@agui-bridge/conformance";
import type { Event } from "@agui-bridge/core/adapter";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { SharedFormat } from "./shared-streams.js";

const fixturesDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** The bytes in reads of `size` bytes (so frames, CRLF pairs and UTF-8 sequences straddle reads). */
export async function* inReads(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

/** Our `.sse` fixtures of a format, as [name, bytes]. */
export function sseFixtures(format: SharedFormat): Array<[string, Uint8Array]> {
  const dir = join(fixturesDir, format);
  return readdirSync(dir)
    .filter((name) => name.endsWith(".sse"))
    .sort()
    .map((name) => [name, new Uint8Array(readFileSync(join(dir, name)))]);
}

/**
 * A JSONL recording framed as the provider sends it: `event: <type>` lines for the formats that
 * name their events (Responses, Anthropic), CRLF frames for Gemini, `data: [DONE]` after a Chat
 * stream. Lines that are not JSON are framed as they are.
 */
export function framedRecording(format: SharedFormat, file: string): Uint8Array {
  const lines = readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "");
  const named = format === "openai-responses" || format === "anthropic";
  const eol = format === "google" ? "\r\n" : "\n";
  const frames = lines.map((line) => {
    if (!named) return `data: ${line}${eol}${eol}`;
    let type = "message";
    try {
      type = String((JSON.parse(line) as { type?: unknown }).type);
    } catch {
      // Not JSON: framed under a generic event name.
    }
    return `event: ${type}\ndata: ${line}\n\n`;
  });
  return new TextEncoder().encode(frames.join("") + (format === "openai-chat" ? "data: [DONE]\n\n" : ""));
}

/** Runs `bytes` through both paths (the raw path at several read sizes) and returns the SDK path's events. */
export async function expectSameOutput(
  bytes: Uint8Array,
  sdkPath: (bytes: Uint8Array) => AsyncIterable<Event>,
  rawPath: (body: AsyncIterable<Uint8Array>) => AsyncIterable<Event>,
  expectEqual: (actual: unknown, expected: unknown) => void,
): Promise<Event[]> {
  const expected = await collectAll(sdkPath(bytes));
  for (const size of [bytes.length, 4096, 7]) {
    const events = await collectAll(rawPath(inReads(bytes, Math.max(1, size))));
    expectEqual((await checkEvents(events)).issues, []);
    expectEqual(events, expected);
  }
  return expected;
}

async function collectAll(events: AsyncIterable<Event>): Promise<Event[]> {
  const out: Event[] = [];
  for await (const event of events) out.push(event);
  return out;
}
