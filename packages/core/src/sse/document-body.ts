import type { SseFrame } from "./decode-sse-stream.js";

/**
 * How much text at the start of a body is kept while no frame has come, to tell at the end whether
 * the body was a document (an error object) rather than an event stream.
 */
export const DOCUMENT_HEAD_LIMIT = 64 * 1024;

/** The message of {@link SseNotEventStreamError}, by what the body held. */
const NOT_EVENT_STREAM_MESSAGES = {
  json: "The provider answered with a JSON document, not an event stream: was the request sent with streaming on (for Gemini, `alt=sse`)?",
  html: "The provider answered with an HTML page, not an event stream (a proxy's or gateway's page?).",
} as const;

/**
 * Thrown when a body read as SSE held no event but a whole JSON document that is not an error the
 * adapter knows (a non-streamed answer), or an HTML page; RUN_ERROR `not_event_stream`
 * (`invalid_response`, not retryable: the same request gets the same answer).
 */
export class SseNotEventStreamError extends Error {
  override readonly name = "SseNotEventStreamError";
  readonly code = "not_event_stream";
  constructor(kind: keyof typeof NOT_EVENT_STREAM_MESSAGES) {
    super(NOT_EVENT_STREAM_MESSAGES[kind]);
  }
}

/**
 * The first {@link DOCUMENT_HEAD_LIMIT} characters of a body, kept only until its first frame
 * comes (a stream's first read usually holds one, so an event stream keeps at most one read's
 * text, briefly).
 */
export interface DocumentHead {
  /** Keeps `text` while no frame has come and the head is within the limit. */
  add(text: string): void;
  /** A frame came: the body is an event stream, nothing more is kept. */
  framed(): void;
  /**
   * At the end of a body that held no frame: what to throw when it was a document. A JSON error
   * document (an object with a truthy `error`; in a JSON array, its first element that is one)
   * goes to `decode` as one `event: error` frame, so the adapter throws the same error an in-band
   * error frame gets, whichever provider's shape it has (OpenAI's and Gemini's `{"error": …}`,
   * Anthropic's `{"type": "error", "error": …}`); any other JSON document, or an HTML page, is
   * {@link SseNotEventStreamError}. Undefined for anything else (the caller's truncation rules apply).
   */
  documentError(decode: (frame: SseFrame) => unknown): unknown;
}

export function createDocumentHead(): DocumentHead {
  let head: string | undefined = "";
  return {
    add(text) {
      if (head === undefined) return;
      head = head.length + text.length > DOCUMENT_HEAD_LIMIT ? undefined : head + text;
    },
    framed() {
      head = undefined;
    },
    documentError(decode) {
      const text = head?.trim();
      if (text === undefined || text === "") return undefined;
      if (text.startsWith("<")) return new SseNotEventStreamError("html");
      if (!text.startsWith("{") && !text.startsWith("[")) return undefined;
      let document: unknown;
      try {
        document = JSON.parse(text);
      } catch {
        return undefined;
      }
      const errorPart = Array.isArray(document) ? document.find(holdsError) : holdsError(document) ? document : undefined;
      if (errorPart !== undefined) {
        const frame: SseFrame = { data: errorPart === document ? text : JSON.stringify(errorPart), event: "error" };
        try {
          decode(frame);
        } catch (error) {
          return error;
        }
      }
      return new SseNotEventStreamError("json");
    },
  };
}

function holdsError(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value) && "error" in value && Boolean((value as { error?: unknown }).error);
}
