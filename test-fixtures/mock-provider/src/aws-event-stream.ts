/**
 * The AWS event-stream binary framing Bedrock's `InvokeModelWithResponseStream` answers with:
 * each message is `total length (u32) | headers length (u32) | prelude CRC32 | headers | payload |
 * message CRC32`, headers as `name length (u8) | name | type 7 (string) | value length (u16) | value`.
 * A `chunk` event carries `{"bytes": "<base64 of one Messages stream event>"}`; an exception
 * carries `:message-type: exception` and `:exception-type` with `{"message": …}`.
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE), as the event-stream prelude and message checksums use. */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** Encodes one event-stream message with string headers. */
export function encodeEventStreamMessage(headers: Record<string, string>, payload: Uint8Array): Buffer {
  const headerParts: Buffer[] = [];
  for (const [name, value] of Object.entries(headers)) {
    const nameBytes = Buffer.from(name, "utf8");
    const valueBytes = Buffer.from(value, "utf8");
    const head = Buffer.alloc(1 + nameBytes.length + 1 + 2);
    head.writeUInt8(nameBytes.length, 0);
    nameBytes.copy(head, 1);
    head.writeUInt8(7, 1 + nameBytes.length);
    head.writeUInt16BE(valueBytes.length, 2 + nameBytes.length);
    headerParts.push(head, valueBytes);
  }
  const headerBytes = Buffer.concat(headerParts);
  const total = 12 + headerBytes.length + payload.length + 4;
  const prelude = Buffer.alloc(8);
  prelude.writeUInt32BE(total, 0);
  prelude.writeUInt32BE(headerBytes.length, 4);
  const preludeCrc = Buffer.alloc(4);
  preludeCrc.writeUInt32BE(crc32(prelude), 0);
  const body = Buffer.concat([prelude, preludeCrc, headerBytes, Buffer.from(payload)]);
  const messageCrc = Buffer.alloc(4);
  messageCrc.writeUInt32BE(crc32(body), 0);
  return Buffer.concat([body, messageCrc]);
}

/** A Bedrock `chunk` event wrapping one Messages stream event (its JSON text). */
export function bedrockChunk(eventJson: string): Buffer {
  const payload = JSON.stringify({ bytes: Buffer.from(eventJson, "utf8").toString("base64") });
  return encodeEventStreamMessage(
    { ":event-type": "chunk", ":content-type": "application/json", ":message-type": "event" },
    Buffer.from(payload, "utf8"),
  );
}

/** A Bedrock exception frame (e.g. `throttlingException`, `modelStreamErrorException`). */
export function bedrockException(exceptionType: string, message: string): Buffer {
  return encodeEventStreamMessage(
    { ":exception-type": exceptionType, ":content-type": "application/json", ":message-type": "exception" },
    Buffer.from(JSON.stringify({ message }), "utf8"),
  );
}

/**
 * Transcodes a recorded Anthropic SSE body into Bedrock's event-stream framing: every `data:`
 * frame becomes a `chunk` event (Bedrock sends no `ping` frames; they are dropped), and a frame
 * named `bedrock-exception` with data `{"exceptionType", "message"}` becomes an exception frame,
 * so a fixture can place Bedrock's own mid-stream errors where they occur.
 */
export function sseToBedrockEventStream(sse: string): Buffer[] {
  const out: Buffer[] = [];
  for (const frame of sse.split(/\r?\n\r?\n/)) {
    let name: string | undefined;
    const data: string[] = [];
    for (const line of frame.split(/\r?\n/)) {
      if (line.startsWith("event:")) name = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
    }
    if (data.length === 0) continue;
    const text = data.join("\n");
    if (name === "ping") continue;
    if (name === "bedrock-exception") {
      const parsed = JSON.parse(text) as { exceptionType?: unknown; message?: unknown };
      out.push(bedrockException(String(parsed.exceptionType ?? "internalServerException"), String(parsed.message ?? "")));
      continue;
    }
    out.push(bedrockChunk(text));
  }
  return out;
}
