/**
 * The application side of a swap-property conversation, as real AG-UI clients send it (the spec's
 * Messages and Run Input sections): user messages whose `content` is an array of ContentParts
 * (text, image, audio, video, document) from every PartSource kind (data with its `mimeType`, a
 * URL, a provider's file handle; a URL spelling a base64 `data:` URL too) with optional metadata;
 * system and developer messages in the middle of the conversation; activity messages; reasoning
 * messages from a provider none of the targets is (with and without an `encryptedValue`); tool
 * results with an `error`.
 *
 * Every payload is unique to its part (the bytes carry the part's id after their signature), so a
 * check can tell whether that very part reached the request.
 */
import type { ContentPart, Message, PartSource } from "@agui-bridge/core/adapter";
import fc from "fast-check";
import { PDF_BASE64, PNG_BASE64 } from "./tool-media.js";

export type PartKind = "text" | "image" | "audio" | "video" | "document";
export type SourceKind = "data" | "url" | "file" | "data-url";

/** One generated part: its kind, source kind, which MIME type of the kind, who minted a handle, which metadata. */
export interface PartSpec {
  kind: PartKind;
  source: SourceKind;
  variant: number;
  provider: number;
  metadata: number;
}

/** What the application adds before a model turn. */
export interface AppSpec {
  /** The user message's parts (its content is plain text when absent). */
  parts: PartSpec[] | undefined;
  instructions: "system" | "developer" | undefined;
  activity: boolean;
  reasoning: "none" | "plain" | "encrypted";
  /** Tool results of this step fail: `error` beside content, or with empty content. */
  toolError: "none" | "with-content" | "only";
}

/** MIME types per kind: accepted somewhere, and some accepted nowhere or only by some. */
const MIME: Record<Exclude<PartKind, "text">, readonly string[]> = {
  image: ["image/png", "image/jpeg", "image/gif", "image/webp", "image/heic", "image/svg+xml"],
  audio: ["audio/wav", "audio/mpeg", "audio/ogg", "audio/flac"],
  video: ["video/mp4", "video/webm"],
  document: ["application/pdf", "text/plain", "text/csv", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "application/json"],
};

/** Handle minters: the three vendors (as the spec asks `FileSource.provider` to name them) and no name at all. */
const MINTERS = ["openai", "anthropic", "google", undefined] as const;

/** Signatures so a type sniffer reads the bytes as what they are declared (PNG from tool-media, the rest minimal). */
const SIGNATURE: Record<string, Buffer> = {
  "image/png": Buffer.from(PNG_BASE64, "base64"),
  "image/jpeg": Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
  "image/gif": Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"),
  "image/webp": Buffer.from("RIFF\x1a\x00\x00\x00WEBPVP8 ", "latin1"),
  "audio/wav": Buffer.from("RIFF$\x00\x00\x00WAVEfmt ", "latin1"),
  "audio/mpeg": Buffer.from("ID3\x04\x00\x00\x00\x00\x00\x00", "latin1"),
  "application/pdf": Buffer.from(PDF_BASE64, "base64"),
};

/** The inline bytes of a part of `mimeType`, unique to `id` (text types: the text itself). */
function bytesFor(mimeType: string, id: string): string {
  if (mimeType.startsWith("text/") || mimeType === "application/json") return Buffer.from(mimeType === "application/json" ? `{"doc":"${id}"}` : `doc ${id}, line 1\n`).toString("base64");
  return Buffer.concat([SIGNATURE[mimeType] ?? Buffer.from("\x00\x01\x02\x03", "latin1"), Buffer.from(` part ${id} `)]).toString("base64");
}

const EXTENSION: Record<string, string> = { "application/pdf": "pdf", "text/plain": "txt", "text/csv": "csv", "application/json": "json", "image/png": "png", "image/jpeg": "jpg" };

function source(spec: PartSpec, kind: Exclude<PartKind, "text">, id: string): PartSource {
  const list = MIME[kind];
  const mimeType = list[spec.variant % list.length] ?? "application/octet-stream";
  switch (spec.source) {
    case "data":
      return { type: "data", value: bytesFor(mimeType, id), mimeType };
    case "data-url":
      return { type: "url", value: `data:${mimeType};base64,${bytesFor(mimeType, id)}` };
    case "url":
      // Half of them say what the resource is (UrlSource.mimeType is optional).
      return { type: "url", value: `https://files.example/${id}.${EXTENSION[mimeType] ?? "bin"}`, ...(spec.variant % 2 === 0 && { mimeType }) };
    case "file": {
      const provider = MINTERS[spec.provider % MINTERS.length];
      const value = provider === "google" ? `https://generativelanguage.googleapis.com/v1beta/files/${id}` : provider === "anthropic" ? `file_011${id}` : `file-${id}`;
      return { type: "file", value, ...(provider !== undefined && { provider }), ...(spec.metadata % 2 === 0 && { mimeType }) };
    }
  }
}

/** Part metadata as clients attach it: none, a filename, an image detail, a document title, an opaque note. */
function metadataFor(kind: PartKind, n: number, id: string): { metadata?: unknown } {
  switch (n % 5) {
    case 1:
      return kind === "document" ? { metadata: { filename: `report-${id}.pdf` } } : {};
    case 2:
      return kind === "image" ? { metadata: { detail: "low" } } : kind === "document" ? { metadata: { title: `Report ${id}`, citations: true } } : {};
    case 3:
      return { metadata: `note ${id}` };
    case 4:
      // A text part naming a search hit's source (Anthropic sends it as a search_result block).
      return kind === "text" ? { metadata: { source: `https://kb.example/${id}`, title: `KB ${id}` } } : { metadata: { origin: "upload" } };
    default:
      return {};
  }
}

function part(spec: PartSpec, id: string): ContentPart {
  if (spec.kind === "text") return { type: "text", text: `Part text ${id}.`, ...metadataFor("text", spec.metadata, id) };
  return { type: spec.kind, source: source(spec, spec.kind, id), ...metadataFor(spec.kind, spec.metadata, id) } as ContentPart;
}

/** Reasoning from a provider no target is (xAI over Responses, Bedrock's Claude). */
const FOREIGN_REASONERS = ["xai", "bedrock"] as const;

/** The messages the application adds before step `i`'s model turn (`user`: whether a user message comes). */
export function appMessages(spec: AppSpec, i: number, user: boolean): Message[] {
  const out: Message[] = [];
  if (spec.instructions !== undefined) out.push({ id: `in-${i}`, role: spec.instructions, content: `Instruction ${i}: answer briefly.` });
  if (user) {
    const content: string | ContentPart[] = spec.parts === undefined ? `Next question ${i}.` : [...spec.parts.map((p, k) => part(p, `${i}-${k}`))];
    out.push({ id: `u-${i}`, role: "user", content });
  }
  if (spec.activity) out.push({ id: `act-${i}`, role: "activity", activityType: "progress", content: { step: `activity-marker-${i}`, done: i } });
  if (spec.reasoning !== "none") {
    const provider = FOREIGN_REASONERS[i % FOREIGN_REASONERS.length] ?? "xai";
    out.push({
      id: `rs-${i}`,
      role: "reasoning",
      content: `Foreign reasoning ${i}.`,
      ...(spec.reasoning === "encrypted" && { encryptedValue: `foreign-encrypted-${provider}-${i}-opaque` }),
      metadata: { "agui-bridge": { provider } },
    });
  }
  return out;
}

/** A tool result of step `i` with the step's error. */
export function withToolError<T extends Extract<Message, { role: "tool" }>>(result: T, spec: AppSpec): T {
  if (spec.toolError === "none") return result;
  const error = `tool failed: ${result.id}`;
  return spec.toolError === "only" ? { ...result, content: "", error } : { ...result, error };
}

const partArb: fc.Arbitrary<PartSpec> = fc.record({
  kind: fc.constantFrom<PartKind>("text", "image", "image", "audio", "video", "document", "document"),
  source: fc.constantFrom<SourceKind>("data", "data", "url", "file", "data-url"),
  variant: fc.nat({ max: 11 }),
  provider: fc.nat({ max: 3 }),
  metadata: fc.nat({ max: 4 }),
});

/** Mostly plain steps, as today; some with parts, instructions, activity, foreign reasoning, failed tools. */
export const appArb: fc.Arbitrary<AppSpec> = fc.record({
  parts: fc.option(fc.array(partArb, { minLength: 1, maxLength: 4 }), { nil: undefined, freq: 2 }),
  instructions: fc.option(fc.constantFrom<"system" | "developer">("system", "developer"), { nil: undefined, freq: 4 }),
  activity: fc.boolean(),
  reasoning: fc.constantFrom<AppSpec["reasoning"]>("none", "none", "none", "plain", "encrypted"),
  toolError: fc.constantFrom<AppSpec["toolError"]>("none", "none", "none", "with-content", "only"),
});
