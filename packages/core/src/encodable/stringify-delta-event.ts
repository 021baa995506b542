import { EventType, type Event } from "../types/events.js";

/** The id member of a delta event type (its keys are `type`, that id, `delta`, maybe `timestamp`). */
function deltaIdKey(type: string): "messageId" | "toolCallId" | undefined {
  switch (type) {
    case EventType.TEXT_MESSAGE_CONTENT:
    case EventType.REASONING_MESSAGE_CONTENT:
      return "messageId";
    case EventType.TOOL_CALL_ARGS:
      return "toolCallId";
    default:
      return undefined;
  }
}

// The text before the delta of the last delta event written: a stream's deltas come in runs for
// the same message or call, so most events reuse it (strings are immutable: nothing to invalidate).
let lastType: string | undefined;
let lastId: string | undefined;
let lastHead = "";

/** `{"type":…,"<idKey>":…,"delta":` for a delta event type and id. */
function deltaHead(type: string, idKey: string, id: string): string {
  if (type !== lastType || id !== lastId) {
    lastType = type;
    lastId = id;
    lastHead = `{"type":"${type}","${idKey}":${JSON.stringify(id)},"delta":`;
  }
  return lastHead;
}

/**
 * The JSON of a delta event (TEXT_MESSAGE_CONTENT, REASONING_MESSAGE_CONTENT, TOOL_CALL_ARGS: most
 * of any stream) written without `JSON.stringify`'s walk over the object, or undefined when the
 * event is not exactly such an event. "Exactly" means its own keys are `type`, the id and `delta`
 * in that order (then an optional finite `timestamp`), with string values: then the text is
 * byte for byte what `JSON.stringify(event)` gives (same key order, strings escaped by
 * `JSON.stringify` itself), at about half the cost. Anything else (an extra key, another order, a
 * non-string value) is left to `JSON.stringify`.
 */
export function stringifyDeltaEvent(event: Event): string | undefined {
  const type = (event as { type?: unknown }).type;
  if (typeof type !== "string") return undefined;
  const idKey = deltaIdKey(type);
  if (idKey === undefined) return undefined;
  const keys = Object.keys(event);
  const withTimestamp = keys.length === 4;
  if ((keys.length !== 3 && !withTimestamp) || keys[0] !== "type" || keys[1] !== idKey || keys[2] !== "delta") return undefined;
  const record = event as unknown as Record<string, unknown>;
  const id = record[idKey];
  const delta = record.delta;
  if (typeof id !== "string" || typeof delta !== "string") return undefined;
  const head = `${deltaHead(type, idKey, id)}${JSON.stringify(delta)}`;
  if (!withTimestamp) return `${head}}`;
  const timestamp = record.timestamp;
  if (keys[3] !== "timestamp" || typeof timestamp !== "number" || !Number.isFinite(timestamp)) return undefined;
  return `${head},"timestamp":${JSON.stringify(timestamp)}}`;
}
