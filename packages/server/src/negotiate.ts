import { AGUI_MEDIA_TYPE } from "@ag-ui/proto";

/** The AG-UI protobuf media type (`application/vnd.ag-ui.event+proto`). */
export const PROTOBUF_MEDIA_TYPE: string = AGUI_MEDIA_TYPE;

/** How the events of a run are encoded on the wire. */
export type Transport = "sse" | "protobuf";

const SSE_MEDIA_TYPE = "text/event-stream";

interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

/**
 * Picks the transport from an `Accept` header: protobuf when the client lists the AG-UI protobuf
 * media type with a quality above zero and at least as high as `text/event-stream`'s; SSE
 * otherwise (absent header, `*\/*`, anything else). Use {@link negotiateAccept} to also learn
 * that the header allows neither (a 406).
 */
export function negotiateTransport(accept: string | null, protobuf = true): Transport {
  return negotiateAccept(accept, protobuf) ?? "sse";
}

/**
 * Like {@link negotiateTransport}, but `undefined` when the `Accept` header rules out both
 * transports (`application/json`, `text/html`, `text/event-stream;q=0`): the endpoint answers 406
 * rather than a stream the client said it cannot read. Media ranges match as RFC 9110 says (the
 * most specific range decides a type's quality: `text/event-stream` over `text/*` over `*\/*`);
 * protobuf is chosen only when named exactly (a `*\/*` client gets SSE), or when it is the only
 * acceptable one (`application/*`). An absent or unparseable header accepts anything: SSE.
 */
export function negotiateAccept(accept: string | null, protobuf = true): Transport | undefined {
  const ranges = parseAccept(accept ?? "");
  if (ranges.length === 0) return "sse";
  const sse = qualityOf(ranges, SSE_MEDIA_TYPE);
  const proto = protobuf ? qualityOf(ranges, PROTOBUF_MEDIA_TYPE) : 0;
  const protoNamed = protobuf ? Math.max(0, ...ranges.filter((r) => `${r.type}/${r.subtype}` === PROTOBUF_MEDIA_TYPE).map((r) => r.q)) : 0;
  if (protoNamed > 0 && protoNamed >= sse) return "protobuf";
  if (sse > 0) return "sse";
  if (proto > 0) return "protobuf";
  return undefined;
}

/** The media ranges of an Accept header; entries that are not `type/subtype` or carry a bad `q` are skipped. */
function parseAccept(accept: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  for (const entry of accept.split(",")) {
    const [range = "", ...params] = entry.split(";").map((p) => p.trim().toLowerCase());
    const match = /^([a-z0-9!#$&^_.+-]+|\*)\/([a-z0-9!#$&^_.+-]+|\*)$/.exec(range);
    if (match === null || (match[1] === "*" && match[2] !== "*")) continue;
    let q = 1;
    let valid = true;
    for (const param of params) {
      const value = /^q=(.*)$/.exec(param)?.[1];
      if (value === undefined) continue;
      q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value) ? Number(value) : Number.NaN;
      valid = Number.isFinite(q);
    }
    if (valid) ranges.push({ type: match[1]!, subtype: match[2]!, q });
  }
  return ranges;
}

/** The quality the most specific matching range gives a media type (0 when none matches). */
function qualityOf(ranges: readonly MediaRange[], mediaType: string): number {
  const [type, subtype] = mediaType.split("/") as [string, string];
  let best = -1;
  let q = 0;
  for (const range of ranges) {
    const specificity = range.type === type && range.subtype === subtype ? 2 : range.type === type && range.subtype === "*" ? 1 : range.type === "*" ? 0 : -1;
    if (specificity < 0) continue;
    if (specificity > best) {
      best = specificity;
      q = range.q;
    } else if (specificity === best) q = Math.max(q, range.q);
  }
  return q;
}
