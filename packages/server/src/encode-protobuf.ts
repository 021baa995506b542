import { boundEventValue, withOmissions, type Event, type Metadata, type WarningHandler } from "@agui-bridge/core/adapter";
import { encode } from "@ag-ui/proto";

/**
 * One event in AG-UI's binary framing: a 4-byte big-endian length, then the `@ag-ui/proto`
 * encoding of the event (what `@ag-ui/client` reads when the response is
 * `application/vnd.ag-ui.event+proto`). An event the encoder cannot take as is (a value too deep
 * for it, a bigint, a cycle) is encoded from a bounded copy instead, as over SSE: the omissions
 * recorded under its `agui-bridge` metadata (`omitted`) and an `event.value-omitted` warning sent
 * to `onWarning`. Never throws for our events.
 */
export function encodeProtobufFrame(event: Event, onWarning?: WarningHandler): Uint8Array {
  let message: Uint8Array;
  try {
    message = encode(event as Parameters<typeof encode>[0]);
  } catch {
    const { value, omitted } = boundEventValue(event, "event", onWarning);
    const record = (isObject(value) ? value : { type: event.type }) as Record<string, unknown>;
    if (omitted !== undefined) record.metadata = withOmissions(isObject(record.metadata) ? (record.metadata as Metadata) : undefined, omitted);
    message = encode(record as Parameters<typeof encode>[0]);
  }
  const frame = new Uint8Array(4 + message.length);
  new DataView(frame.buffer).setUint32(0, message.length, false);
  frame.set(message, 4);
  return frame;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
