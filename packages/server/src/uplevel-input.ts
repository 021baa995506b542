/**
 * Input from a client before AG-UI 1.0 (no `protocolVersion`), brought up to 1.0 before it is
 * validated, for the few shapes the 0.0.x schema allowed and 1.0 does not:
 * - a legacy `binary` content part (`{ type: "binary", mimeType, data? | url? | id?, filename? }`)
 *   becomes the 1.0 part its MIME type names (`image`, `audio`, `video`, else `document`) with a
 *   `data`, `url` or `file` source (the filename kept in the part's metadata);
 * - `null` for `state`, `forwardedProps` or a tool's `parameters` (allowed before 1.0, "absent" in
 *   1.0) is dropped.
 * Anything else is left for the validation to judge. Never throws; returns the value itself when
 * nothing needed changing.
 */
export function uplevelLegacyInput(value: unknown): unknown {
  if (!isObject(value) || value.protocolVersion !== undefined) return value;
  let changed = false;
  const out: Record<string, unknown> = { ...value };
  for (const key of ["state", "forwardedProps"] as const) {
    if (out[key] === null) {
      delete out[key];
      changed = true;
    }
  }
  if (Array.isArray(out.tools)) {
    const tools = out.tools.map((tool: unknown) => {
      if (!isObject(tool) || tool.parameters !== null) return tool;
      changed = true;
      const { parameters: _dropped, ...rest } = tool;
      return rest;
    });
    out.tools = tools;
  }
  if (Array.isArray(out.messages)) {
    out.messages = out.messages.map((message: unknown) => {
      if (!isObject(message) || !Array.isArray(message.content)) return message;
      let partsChanged = false;
      const content = message.content.map((part: unknown) => {
        const upgraded = uplevelBinaryPart(part);
        if (upgraded !== part) partsChanged = true;
        return upgraded;
      });
      if (!partsChanged) return message;
      changed = true;
      return { ...message, content };
    });
  }
  return changed ? out : value;
}

function uplevelBinaryPart(part: unknown): unknown {
  if (!isObject(part) || part.type !== "binary" || typeof part.mimeType !== "string") return part;
  const mimeType = part.mimeType;
  const source =
    typeof part.data === "string"
      ? { type: "data", value: part.data, mimeType }
      : typeof part.url === "string"
        ? { type: "url", value: part.url, mimeType }
        : typeof part.id === "string"
          ? { type: "file", value: part.id, mimeType }
          : undefined;
  if (source === undefined) return part;
  const kind = mimeType.startsWith("image/") ? "image" : mimeType.startsWith("audio/") ? "audio" : mimeType.startsWith("video/") ? "video" : "document";
  return { type: kind, source, ...(typeof part.filename === "string" && { metadata: { filename: part.filename } }) };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
