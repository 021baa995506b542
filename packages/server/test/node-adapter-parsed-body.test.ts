import express from "express";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createAgUiHandler, toNodeHandler } from "../src/index.js";
import { parseSSE, runInput, textProvider } from "./support.js";

let server: Server | undefined;
afterEach(async () => {
  if (server !== undefined) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
  }
});

/** An app whose body parser reads the whole stream, then leaves `parse(text)` as `req.body`. */
async function behindParser(parse: (text: string) => unknown, onError?: (error: unknown) => void): Promise<string> {
  const app = express();
  app.use((req, _res, next) => {
    const parts: Buffer[] = [];
    req.on("data", (chunk: Buffer) => parts.push(chunk));
    req.on("end", () => {
      (req as { body?: unknown }).body = parse(Buffer.concat(parts).toString("utf8"));
      next();
    });
  });
  app.post("/agent", toNodeHandler(createAgUiHandler({ agent: textProvider(), ...(onError !== undefined && { onError }) })));
  server = createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/agent`;
}

const post = (url: string): Promise<Response> =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(runInput()), signal: AbortSignal.timeout(3000) });

describe("toNodeHandler behind a body parser that left something JSON cannot hold", () => {
  const circular = (): unknown => {
    const value: Record<string, unknown> = { threadId: "t" };
    value.self = value;
    return value;
  };
  for (const [name, parse] of [
    ["a BigInt", (text: string) => ({ ...(JSON.parse(text) as object), n: 1n })],
    ["a cycle", circular],
    ["a function", () => () => undefined],
  ] as const) {
    it(`${name}: a 400 saying the body could not be read, not "the body is empty", and not an onError`, async () => {
      const errors: unknown[] = [];
      const url = await behindParser(parse, (error) => errors.push(error));
      const res = await post(url);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("invalid_json");
      expect(body.error.message).toMatch(/^The body could not be read: the body parser in front of the endpoint left a value that is not JSON/);
      expect(body.error.message).not.toMatch(/empty/);
      expect(errors).toEqual([]);
    });
  }

  for (const [name, parse] of [
    ["a Buffer", (text: string) => Buffer.from(text)],
    ["a string", (text: string) => text],
    ["an ArrayBuffer", (text: string) => new TextEncoder().encode(text).buffer],
  ] as const) {
    it(`${name} is taken as the body's raw bytes`, async () => {
      const url = await behindParser(parse);
      const res = await post(url);
      expect(res.status).toBe(200);
      expect(parseSSE(await res.text()).at(-1)?.type).toBe("RUN_FINISHED");
    });
  }
});
