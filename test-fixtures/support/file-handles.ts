/**
 * Test helpers for provider file handles: where they sit in AG-UI output, in raw provider payloads,
 * and whether a request body carries them.
 */
import { readBridgeMetadata, type ContentPart, type Event, type FileSource } from "@agui-bridge/core/adapter";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const fixturesDir = join(dirname(fileURLToPath(import.meta.url)), "..");

/** A content part whose source is a provider file handle. */
export type FilePart = Extract<ContentPart, { source: unknown }> & { source: FileSource };

const isFilePart = (part: unknown): part is FilePart =>
  typeof part === "object" && part !== null && (part as { source?: { type?: unknown } }).source?.type === "file";

/** Every FileSource part in the events: TOOL_CALL_RESULT content and TEXT_MESSAGE_END `files`, with where it sat. */
export function fileParts(events: readonly Event[]): Array<{ where: "result" | "citation"; id: string; part: FilePart }> {
  const out: Array<{ where: "result" | "citation"; id: string; part: FilePart }> = [];
  for (const event of events) {
    if (event.type === "TOOL_CALL_RESULT" && Array.isArray(event.content)) {
      for (const part of event.content) if (isFilePart(part)) out.push({ where: "result", id: event.toolCallId, part });
    }
    if (event.type === "TEXT_MESSAGE_END") {
      const files = readBridgeMetadata(event.metadata)?.files;
      for (const part of Array.isArray(files) ? files : []) if (isFilePart(part)) out.push({ where: "citation", id: event.messageId, part });
    }
  }
  return out;
}

/** Every string under a `key` field anywhere in a JSON value (for reading handles out of raw payloads). */
export function stringsUnder(value: unknown, key: string, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const entry of value) stringsUnder(entry, key, out);
  else if (typeof value === "object" && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      if (k === key && typeof v === "string") out.add(v);
      else stringsUnder(v, key, out);
    }
  }
  return out;
}

/** The `data:` payloads of an SSE body, parsed. */
export function ssePayloads(bytes: Uint8Array): unknown[] {
  return new TextDecoder()
    .decode(bytes)
    .split("\n")
    .filter((line) => line.startsWith("data: "))
    .map((line) => JSON.parse(line.slice("data: ".length)) as unknown);
}

/** The expected AG-UI events another format's file-handle fixture produces (its `.events.jsonl`). */
export function foreignEvents(format: "openai-chat" | "openai-responses" | "anthropic" | "google", name: string): Event[] {
  const path = join(fixturesDir, format, `${name}.events.jsonl`);
  if (!existsSync(path)) throw new Error(`${path} is missing: the ${format} package's file-handle test writes it`);
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Event);
}
