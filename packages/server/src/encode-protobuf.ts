import { boundedCopy, type Event } from "@agui-bridge/core/adapter";
import { encode } from "@ag-ui/proto";

/**
 * One event in AG-UI's binary framing: a 4-byte big-endian length, then the `@ag-ui/proto`
 * encoding of the event (what `@ag-ui/client` reads when the response is
 * `application/vnd.ag-ui.event+proto`). An event the encoder cannot take as is (a value too deep
 * for it) is encoded from a bounded copy instead, so this never throws for our events.
 */
export function encodeProtobufFrame(event: Event): Uint8Array {
  let message: Uint8Array;
  try {
    message = encode(event as Parameters<typeof encode>[0]);
  } catch {
    message = encode(boundedCopy(event).value as Parameters<typeof encode>[0]);
  }
  const frame = new Uint8Array(4 + message.length);
  new DataView(frame.buffer).setUint32(0, message.length, false);
  frame.set(message, 4);
  return frame;
}
