import { AGUI_MEDIA_TYPE } from "@ag-ui/proto";

/** The AG-UI protobuf media type (`application/vnd.ag-ui.event+proto`). */
export const PROTOBUF_MEDIA_TYPE: string = AGUI_MEDIA_TYPE;

/** How the events of a run are encoded on the wire. */
export type Transport = "sse" | "protobuf";

/**
 * Picks the transport from an `Accept` header: protobuf when the client lists the AG-UI protobuf
 * media type with a quality above zero and at least as high as `text/event-stream`'s; SSE
 * otherwise (absent header, `*\/*`, anything else).
 */
export function negotiateTransport(accept: string | null, protobuf = true): Transport {
  if (!protobuf || accept === null) return "sse";
  let protoQ = -1;
  let sseQ = -1;
  for (const entry of accept.split(",")) {
    const [type = "", ...params] = entry.split(";").map((p) => p.trim().toLowerCase());
    let q = 1;
    for (const param of params) {
      const match = /^q=([0-9.]+)$/.exec(param);
      if (match?.[1] !== undefined) q = Number(match[1]);
    }
    if (!Number.isFinite(q)) continue;
    if (type === PROTOBUF_MEDIA_TYPE) protoQ = Math.max(protoQ, q);
    else if (type === "text/event-stream") sseQ = Math.max(sseQ, q);
  }
  return protoQ > 0 && protoQ >= sseQ ? "protobuf" : "sse";
}
