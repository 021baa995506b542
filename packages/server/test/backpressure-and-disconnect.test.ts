import { HttpAgent } from "@ag-ui/client";
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { hangingProvider, runInput, serveWith, textProvider, until, type Framework, type Running } from "./support.js";

let running: Running | undefined;
let socket: Socket | undefined;
afterEach(async () => {
  socket?.destroy();
  socket = undefined;
  await running?.close();
  running = undefined;
});

const frameworks: Framework[] = ["node:http", "express", "hono"];
const MB = 1024 * 1024;

/** Opens a raw connection, posts the run and returns the socket (paused once `readBytes` arrived). */
function slowReader(port: number, readBytes: number): Promise<{ socket: Socket; received: () => number }> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(runInput());
    const s = connect(port, "127.0.0.1");
    let received = 0;
    let resolved = false;
    s.on("error", reject);
    s.on("data", (data: Buffer) => {
      received += data.length;
      if (received >= readBytes && !resolved) {
        resolved = true;
        s.pause(); // the client stops reading
        resolve({ socket: s, received: () => received });
      }
    });
    s.write(`POST /agent HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  });
}

describe.each(frameworks)("backpressure and disconnects (%s)", (framework) => {
  it("a client that stops reading holds the run back: memory per connection stays bounded", async () => {
    // A 32 MB run in 64 KB deltas.
    const agent = textProvider(512, 64 * 1024);
    running = await serveWith(framework, { agent });
    const reader = await slowReader(running.port, 64 * 1024);
    socket = reader.socket;
    // Wait until the provider stops being pulled (stable over 20 consecutive polls).
    let last = -1;
    let stable = 0;
    await until(() => {
      stable = agent.probe.yielded === last ? stable + 1 : 0;
      last = agent.probe.yielded;
      return stable >= 20;
    }, 2000, 10);
    const produced = agent.probe.bytes;
    const buffered = produced - reader.received();
    // Measured on loopback: the kernel's socket buffers plus one highWaterMark; never the run.
    expect(produced).toBeLessThan(32 * MB);
    expect(buffered).toBeLessThan(8 * MB);
    expect(agent.probe.finalized).toBe(0);
    console.info(`[${framework}] slow reader: provider produced ${(produced / MB).toFixed(1)} MB of 32 MB, ${(buffered / MB).toFixed(1)} MB in flight`);
    // The client goes away: the run is aborted and released.
    socket.destroy();
    expect(await until(() => agent.probe.finalized === 1)).toBe(true);
    expect(agent.probe.aborted).toBe(1);
    expect(agent.probe.bytes).toBeLessThan(32 * MB);
  });

  it("a disconnect while the provider read is pending aborts the run at once", async () => {
    const agent = hangingProvider();
    running = await serveWith(framework, { agent });
    const controller = new AbortController();
    const response = await fetch(running.url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(runInput()), signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read(); // RUN_STARTED arrived; the provider is now blocked in a read
    await agent.started;
    controller.abort();
    expect(await until(() => agent.probe.aborted === 1 && agent.probe.finalized === 1)).toBe(true);
  });

  it("@ag-ui/client's abortRun releases the upstream run, three times out of three", async () => {
    const agent = hangingProvider();
    running = await serveWith(framework, { agent });
    for (let i = 1; i <= 3; i++) {
      const client = new HttpAgent({ url: running.url, threadId: "t" });
      const done = client.runAgent({ runId: `r${i}` }, { onRunStartedEvent: () => void setImmediate(() => client.abortRun()) }).catch(() => undefined);
      await done;
      expect(await until(() => agent.probe.finalized === i)).toBe(true);
    }
    expect(agent.probe.aborted).toBe(3);
  });
});

describe("Hono without the request signal wired", () => {
  it("cancelling the response body alone releases the upstream run, three times out of three", async () => {
    const { serve } = await import("@hono/node-server");
    const { Hono } = await import("hono");
    const { createAgUiHandler } = await import("../src/index.js");
    const agent = hangingProvider();
    const handler = createAgUiHandler({ agent });
    const app = new Hono();
    // A Request without the original's signal: only the body's cancel() can stop the run.
    app.post("/agent", async (c) => {
      const raw = c.req.raw;
      return handler(new Request(raw.url, { method: "POST", headers: raw.headers, body: await raw.text() }));
    });
    const server = await new Promise<import("node:http").Server>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s as import("node:http").Server));
    });
    const { port } = server.address() as import("node:net").AddressInfo;
    try {
      for (let i = 1; i <= 3; i++) {
        const client = new HttpAgent({ url: `http://127.0.0.1:${port}/agent`, threadId: "t" });
        await client.runAgent({ runId: `r${i}` }, { onRunStartedEvent: () => void setImmediate(() => client.abortRun()) }).catch(() => undefined);
        expect(await until(() => agent.probe.finalized === i)).toBe(true);
      }
      expect(agent.probe.aborted).toBe(3);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
