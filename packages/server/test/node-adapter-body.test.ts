import express from "express";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { createAgUiHandler, toNodeHandler } from "../src/index.js";
import { parseSSE, runInput, serveWith, textProvider, type Framework, type Running } from "./support.js";

let server: Server | undefined;
let running: Running | undefined;
afterEach(async () => {
  if (server !== undefined) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
  }
  await running?.close();
  running = undefined;
});

async function listenApp(app: express.Express): Promise<string> {
  server = createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/agent`;
}

/** Writes raw HTTP on one kept-alive connection; resolves with the status lines seen within `ms`, and whether the server closed it. */
function statusLines(port: number, raw: string, ms = 1500): Promise<{ lines: string[]; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let out = "";
    let closed = false;
    const done = (): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ lines: out.split("\r\n").filter((line) => line.startsWith("HTTP/1.1 ")), closed });
    };
    const timer = setTimeout(done, ms);
    socket.on("data", (chunk: Buffer) => {
      out += chunk.toString("latin1");
      if ((out.match(/HTTP\/1\.1 /g) ?? []).length >= 2 && out.includes("RUN_FINISHED")) done();
    });
    socket.on("close", () => {
      closed = true;
      done();
    });
    socket.write(raw);
  });
}

describe("toNodeHandler behind a body parser", () => {
  const parsers: [string, express.RequestHandler][] = [
    ["express.json()", express.json()],
    ["express.raw()", express.raw({ type: "*/*" })],
    ["express.text()", express.text({ type: "*/*" })],
  ];
  for (const [name, parser] of parsers) {
    it(`runs with the body ${name} already read (it hung before)`, async () => {
      const agent = textProvider();
      const app = express();
      app.use(parser);
      app.post("/agent", toNodeHandler(createAgUiHandler({ agent })));
      const url = await listenApp(app);
      const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(runInput()), signal: AbortSignal.timeout(3000) });
      expect(res.status).toBe(200);
      expect(parseSSE(await res.text()).at(-1)?.type).toBe("RUN_FINISHED");
      expect(agent.probe.lastInput?.messages).toEqual(runInput().messages);
    });
  }

  it("keeps its checks on a pre-read body: the content type (415) and the body limit (413)", async () => {
    const app = express();
    app.use(express.text({ type: "*/*", limit: "10mb" }));
    app.post("/agent", toNodeHandler(createAgUiHandler({ agent: textProvider(), maxBodyBytes: 1000 })));
    const url = await listenApp(app);
    const plain = await fetch(url, { method: "POST", headers: { "content-type": "text/plain" }, body: JSON.stringify(runInput()), signal: AbortSignal.timeout(3000) });
    expect(plain.status).toBe(415);
    const big = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(runInput({ state: { s: "x".repeat(5000) } })), signal: AbortSignal.timeout(3000) });
    expect(big.status).toBe(413);
  });
});

describe("toNodeHandler on a kept-alive connection", () => {
  it("a body the handler never reads (405) does not stall the connection: the next request is answered", async () => {
    running = await serveWith("node:http", { agent: textProvider() });
    const payload = "x".repeat(300_000);
    const body = JSON.stringify(runInput());
    const { lines, closed } = await statusLines(
      running.port,
      `PUT /agent HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: ${payload.length}\r\n\r\n${payload}` +
        `POST /agent HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    // Either the second request is answered, or the connection is closed after the 405 (the client
    // retries on a new one); before, it stayed open with neither.
    expect(lines[0]).toMatch(/^HTTP\/1\.1 405/);
    if (lines.length < 2) expect(closed).toBe(true);
    else expect(lines[1]).toMatch(/^HTTP\/1\.1 200/);
  });

  it("a 404 off the handler's path with a body still in flight closes the connection instead of stalling", async () => {
    running = await serveWith("node:http", { agent: textProvider() });
    const closed = await new Promise<string>((resolve) => {
      const socket = connect(running!.port, "127.0.0.1");
      let out = "";
      const timer = setTimeout(() => {
        socket.destroy();
        resolve(`still open: ${out.split("\r\n")[0]}`);
      }, 1500);
      socket.on("data", (chunk: Buffer) => (out += chunk.toString("latin1")));
      socket.on("close", () => {
        clearTimeout(timer);
        resolve(`closed: ${out.split("\r\n")[0]}`);
      });
      // Declares 1 MB, sends 10 bytes: the rest never comes.
      socket.write(`POST /elsewhere HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n0123456789`);
    });
    expect(closed).toBe("closed: HTTP/1.1 404 Not Found");
  });
});

describe("Content-Encoding", () => {
  const frameworks: Framework[] = ["node:http", "express", "hono"];
  for (const framework of frameworks) {
    it(`a gzip (or any non-identity) body is a 415, not a misleading invalid UTF-8 (${framework})`, async () => {
      const agent = textProvider();
      running = await serveWith(framework, { agent });
      const json = JSON.stringify(runInput());
      const gz = await fetch(running.url, { method: "POST", headers: { "content-type": "application/json", "content-encoding": "gzip" }, body: gzipSync(json) });
      expect(gz.status).toBe(415);
      expect(await gz.json()).toEqual({ error: { code: "unsupported_media_type", message: "The body must be sent uncompressed: no content-encoding but identity is accepted." } });
      expect(gz.headers.get("accept-encoding")).toBe("identity");
      // Declared compressed but sent plain is refused the same way, never run as if plain.
      const br = await fetch(running.url, { method: "POST", headers: { "content-type": "application/json", "content-encoding": "br" }, body: json });
      expect(br.status).toBe(415);
      const identity = await fetch(running.url, { method: "POST", headers: { "content-type": "application/json", "content-encoding": "identity" }, body: json });
      expect(identity.status).toBe(200);
      await identity.text();
      expect(agent.probe.runs).toBe(1);
    });
  }
});

describe("a request body that cannot be read", () => {
  it("a client going away mid-upload is not reported to onError as a failure of the endpoint", async () => {
    const errors: unknown[] = [];
    const agent = textProvider();
    running = await serveWith("node:http", { agent, onError: (error) => errors.push(error) });
    await new Promise<void>((resolve) => {
      const socket = connect(running!.port, "127.0.0.1");
      socket.write(`POST /agent HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"threadId":"t"`);
      setTimeout(() => {
        socket.destroy();
        setTimeout(resolve, 300);
      }, 100);
    });
    expect(errors).toEqual([]);
    expect(agent.probe.runs).toBe(0);
  });

  it("a request whose body was already read is a 500 whose onError says so (not 'ReadableStream is locked')", async () => {
    const errors: unknown[] = [];
    const handler = createAgUiHandler({ agent: textProvider(), onError: (error) => errors.push(error) });
    const request = new Request("http://localhost/agent", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(runInput()) });
    await request.json();
    const res = await handler(request);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: { code: "internal_error", message: "The endpoint failed unexpectedly." } });
    expect(String(errors[0])).toMatch(/request body was already read/);
  });
});
