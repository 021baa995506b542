import { afterEach, describe, expect, it } from "vitest";
import { postJson, runInput, serveWith, textProvider, type Running } from "./support.js";

let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

describe("CORS", () => {
  it("is off by default: no CORS headers, preflight refused", async () => {
    running = await serveWith("node:http", { agent: textProvider() });
    const preflight = await fetch(running.url, {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    await preflight.text();
    const res = await postJson(running.url, runInput(), { origin: "https://evil.example" });
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    await res.text();
  });

  it("allowOrigins admits the listed origins only, echoing the origin", async () => {
    running = await serveWith("hono", { agent: textProvider(), allowOrigins: ["https://app.example"] });
    const ok = await fetch(running.url, {
      method: "OPTIONS",
      headers: { origin: "https://app.example", "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
    });
    expect(ok.status).toBe(204);
    expect(ok.headers.get("access-control-allow-origin")).toBe("https://app.example");
    expect(ok.headers.get("access-control-allow-methods")).toContain("POST");
    expect(ok.headers.get("access-control-allow-headers")).toBe("content-type");
    const run = await postJson(running.url, runInput(), { origin: "https://app.example" });
    expect(run.headers.get("access-control-allow-origin")).toBe("https://app.example");
    expect(run.headers.get("vary")).toContain("Origin");
    await run.text();
    const other = await postJson(running.url, runInput(), { origin: "https://other.example" });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    await other.text();
  });
});
