import { existsSync, readFileSync } from "node:fs";

/** A recorded HTTP error response. */
export interface HttpErrorFixture {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** Narrows a parsed `.http.json` fixture. */
export function asHttpError(value: unknown): HttpErrorFixture | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as { status?: unknown; headers?: unknown; body?: unknown };
  if (typeof record.status !== "number" || record.status < 400 || record.status > 599) return undefined;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (typeof record.headers === "object" && record.headers !== null) {
    for (const [name, v] of Object.entries(record.headers)) if (typeof v === "string") headers[name.toLowerCase()] = v;
  }
  return { status: record.status, headers, body: record.body };
}


/**
 * A fixture `<name>.http.json` beside the `.sse` ones answers with a recorded HTTP error instead of
 * a stream: `{ "status": 429, "headers": { … }, "body": { … } }` (the body is sent as JSON). Used
 * for the errors a platform returns before any stream starts (Bedrock throttling, an Azure prompt
 * rejected by its content filter, Vertex `RESOURCE_EXHAUSTED`).
 */
export function readHttpErrorFixture(file: string): HttpErrorFixture | undefined {
  if (!existsSync(file)) return undefined;
  return asHttpError(JSON.parse(readFileSync(file, "utf8")) as unknown);
}
