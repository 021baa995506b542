import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { postJson, runInput, serveWith, textProvider, type Framework, type Running } from "./support.js";

let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** Sends raw bytes and returns the status line of the answer. */
async function rawRequest(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let out = "";
    socket.on("data", (data: Buffer) => {
      out += data.toString("latin1");
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(out.split("\r\n")[0] ?? ""));
    socket.write(head);
  });
}

const frameworks: Framework[] = ["node:http", "express", "hono"];

describe.each(frameworks)("hostile input (%s)", (framework) => {
  it("a request to `//` (any method) is answered and the server lives on", async () => {
    const agent = textProvider();
    running = await serveWith(framework, { agent });
    for (const method of ["GET", "POST", "OPTIONS"]) {
      const status = await rawRequest(running.port, `${method} // HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
      expect(status).toMatch(/^HTTP\/1\.1 [1-5]\d\d/);
    }
    // The endpoint itself, through toNodeHandler's own URL handling, with a hostile Host header.
    const status = await rawRequest(running.port, "GET /agent HTTP/1.1\r\nHost: a b//\r\nConnection: close\r\n\r\n");
    expect(status).toMatch(/^HTTP\/1\.1 (400|405)/);
    const ok = await postJson(running.url, runInput());
    expect(ok.status).toBe(200);
    await ok.text();
  });

  it("a 40 KB body nesting 10,000 arrays in state is a 400 naming the path, not a crash", async () => {
    const agent = textProvider();
    running = await serveWith(framework, { agent });
    const deep = "[".repeat(10_000) + "]".repeat(10_000);
    const body = `{"threadId":"t","runId":"r","messages":[],"state":${deep}}`;
    expect(body.length).toBeGreaterThan(20_000);
    const res = await postJson(running.url, body);
    expect(res.status).toBe(400);
    const error = (await res.json()) as { error: { code: string; path: string; message: string } };
    expect(error.error.code).toBe("invalid_input");
    expect(error.error.path.startsWith("state[0]")).toBe(true);
    expect(error.error.message).toMatch(/deeper than 64/);
    expect(agent.probe.runs).toBe(0);
    const ok = await postJson(running.url, runInput());
    expect(ok.status).toBe(200);
    await ok.text();
  });

  it("a text/plain POST (a CORS simple request) is 415 and starts no run", async () => {
    const agent = textProvider();
    running = await serveWith(framework, { agent });
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json; charset=latin1"]) {
      const res = await fetch(running.url, { method: "POST", headers: { "content-type": type }, body: JSON.stringify(runInput()) });
      expect(res.status).toBe(415);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("unsupported_media_type");
    }
    const latin1 = await fetch(running.url, { method: "POST", headers: { "content-type": "application/json; charset=latin1" }, body: JSON.stringify(runInput()) });
    // The type is right, the charset is not: the message says so rather than asking for application/json again.
    expect(((await latin1.json()) as { error: { message: string } }).error.message).toBe(
      "The body must be JSON in UTF-8: send content-type: application/json without another charset.",
    );
    const none = await fetch(running.url, { method: "POST", body: new Blob([JSON.stringify(runInput())]) });
    expect(none.status).toBe(415);
    await none.text();
    expect(agent.probe.runs).toBe(0);
  });

  it("an error answer's status line carries the standard reason phrase (`HTTP/1.1 415 Unsupported Media Type`, not a bare `415 `)", async () => {
    running = await serveWith(framework, { agent: textProvider() });
    const port = Number(new URL(running.url).port);
    const path = new URL(running.url).pathname;
    const status = await rawRequest(port, `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`);
    expect(status).toBe("HTTP/1.1 415 Unsupported Media Type");
  });

  it("`messages: [null]` is a 400 naming messages[0], with no JavaScript error text", async () => {
    const agent = textProvider();
    running = await serveWith(framework, { agent });
    const res = await postJson(running.url, { threadId: "t", runId: "r", messages: [null] });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; path: string; message: string } };
    expect(body.error).toMatchObject({ code: "invalid_input", path: "messages[0]" });
    expect(body.error.message).not.toMatch(/TypeError|Cannot read/);
    expect(agent.probe.runs).toBe(0);
  });

  it("other invalid input is a 400 naming the first problem", async () => {
    running = await serveWith(framework, { agent: textProvider() });
    const cases: Array<[unknown, string]> = [
      [{ threadId: "t", runId: "r", messages: "hello" }, "messages"],
      [{ threadId: "t", messages: [] }, "runId"],
      [{ threadId: "t", runId: "r", messages: [{ id: "u", role: "robot", content: "x" }] }, "messages[0].role"],
      [{ threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: [{ type: "image", source: { type: "data", value: "AA" } }] }] }, "messages[0].content[0].source.mimeType"],
      [{ threadId: "t", runId: "r", messages: [], extra: 1 }, "extra"],
      [{ threadId: "t", runId: "r", protocolVersion: "1.0", messages: [], state: null }, "state"],
      [{ threadId: "t", runId: "r", messages: [], tools: [{ name: "f" }] }, "tools[0].description"],
      [[], ""],
    ];
    for (const [input, path] of cases) {
      const res = await postJson(running.url, input);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { path: string } }).error.path).toBe(path);
    }
    const bad = await postJson(running.url, "{not json");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("invalid_json");
  });

  it("a 400 never echoes request content: no bad enum or discriminator value, no credential-looking member name, no slice of a body that is not JSON", async () => {
    const agent = textProvider();
    running = await serveWith(framework, { agent });
    const secret = "sk-ant-api03-abcdefghijklmnopqrstuvwxyz";
    const cases: Array<[unknown, string, RegExp]> = [
      [{ threadId: "t", runId: "r", messages: [], resume: [{ interruptId: "i", status: `approved ${secret}` }] }, "resume[0].status", /expected "resolved" or "cancelled"/],
      [{ threadId: "t", runId: "r", messages: [{ id: "u", role: `approved ${secret}`, content: "x" }] }, "messages[0].role", /expected one of "developer"/],
      [{ threadId: "t", runId: "r", messages: [], [`authorization=Bearer ${secret}`]: 1 }, '["[redacted]"]', /closed/],
    ];
    for (const [input, path, expected] of cases) {
      const res = await postJson(running.url, input);
      expect(res.status).toBe(400);
      const text = await res.text();
      expect(JSON.parse(text)).toMatchObject({ error: { code: "invalid_input", path, message: expect.stringMatching(expected) } });
      expect(text).not.toMatch(/approved|sk-ant|Bearer/);
    }
    const bad = await postJson(running.url, `{"threadId": ${secret}}`);
    expect(bad.status).toBe(400);
    const text = await bad.text();
    expect(JSON.parse(text)).toMatchObject({ error: { code: "invalid_json", message: expect.stringMatching(/^The body is not valid JSON/) } });
    expect(text).not.toContain("sk-ant");
  });

  it("a body over the limit is 413, declared or streamed", async () => {
    const agent = textProvider();
    running = await serveWith(framework, { agent, maxBodyBytes: 1024 });
    const big = JSON.stringify(runInput({ messages: [{ id: "u", role: "user", content: "y".repeat(4096) }] }));
    const declared = await postJson(running.url, big);
    expect(declared.status).toBe(413);
    await declared.text();
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const streamed = await fetch(running.url, { method: "POST", headers: { "content-type": "application/json" }, body: chunks, duplex: "half" } as RequestInit);
    expect(streamed.status).toBe(413);
    await streamed.text();
    expect(agent.probe.runs).toBe(0);
  });

  it("only POST runs: other methods are 405 with Allow", async () => {
    running = await serveWith(framework, { agent: textProvider() });
    for (const method of ["GET", "PUT", "DELETE"]) {
      const res = await fetch(running.url, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST, OPTIONS");
      await res.text();
    }
  });
});

describe.each(frameworks)("a large refused body (%s)", (framework) => {
  it("a 4 MB body over the limit still gets its 413 answer, and the server lives on", async () => {
    const agent = textProvider();
    running = await serveWith(framework, { agent, maxBodyBytes: 64 * 1024 });
    const big = JSON.stringify(runInput({ messages: [{ id: "u", role: "user", content: "z".repeat(4 * 1024 * 1024) }] }));
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(big);
        for (let i = 0; i < bytes.length; i += 256 * 1024) controller.enqueue(bytes.subarray(i, i + 256 * 1024));
        controller.close();
      },
    });
    const res = await fetch(running.url, { method: "POST", headers: { "content-type": "application/json" }, body: chunks, duplex: "half" } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("payload_too_large");
    const ok = await postJson(running.url, runInput());
    expect(ok.status).toBe(200);
    await ok.text();
    expect(agent.probe.runs).toBe(1);
  });
});
