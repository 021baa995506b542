import express from "express";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { mergeVary } from "../src/cors.js";
import { createAgUiHandler, toNodeHandler } from "../src/index.js";
import { postJson, runInput, serveWith, textProvider, type Running } from "./support.js";

/** The field names a `Vary` header lists, lower-cased. */
function varyNames(response: Response): string[] {
  return (response.headers.get("vary") ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== "");
}

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

  for (const framework of ["node:http", "hono"] as const) {
    it(`a preflight says it varies with Origin and Access-Control-Request-Headers, which it echoes (${framework})`, async () => {
      running = await serveWith(framework, { agent: textProvider(), allowOrigins: ["https://app.example"] });
      const preflight = async (requestHeaders: string): Promise<Response> =>
        fetch(running!.url, {
          method: "OPTIONS",
          headers: { origin: "https://app.example", "access-control-request-method": "POST", "access-control-request-headers": requestHeaders },
        });
      const first = await preflight("content-type");
      const second = await preflight("content-type, x-copilotkit-runtime-client-gql-version");
      for (const res of [first, second]) {
        expect(res.status).toBe(204);
        expect(res.headers.get("access-control-max-age")).toBe("600");
        expect(varyNames(res)).toEqual(["origin", "access-control-request-headers"]);
      }
      expect(first.headers.get("access-control-allow-headers")).toBe("content-type");
      expect(second.headers.get("access-control-allow-headers")).toBe("content-type, x-copilotkit-runtime-client-gql-version");
    });
  }

  it("toNodeHandler adds its Vary names to a Vary the app already set, rather than replacing it", async () => {
    const app = express();
    app.use((_req, res, next) => {
      res.vary("Accept-Language");
      next();
    });
    app.all("/agent", toNodeHandler(createAgUiHandler({ agent: textProvider(), allowOrigins: ["https://app.example"] })));
    const server: Server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/agent`;
    running = {
      url,
      port: 0,
      close: () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    };
    const run = await postJson(url, runInput(), { origin: "https://app.example" });
    expect(run.status).toBe(200);
    expect(varyNames(run)).toEqual(["accept-language", "origin"]);
    await run.text();
    const preflight = await fetch(url, {
      method: "OPTIONS",
      headers: { origin: "https://app.example", "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
    });
    expect(varyNames(preflight)).toEqual(["accept-language", "origin", "access-control-request-headers"]);
  });

  for (const allowOrigins of [undefined, ["https://app.example"]] as const) {
    it(`an OPTIONS without Origin is no preflight: 204 with Allow, no CORS headers (allowOrigins ${JSON.stringify(allowOrigins)})`, async () => {
      running = await serveWith("node:http", { agent: textProvider(), ...(allowOrigins !== undefined && { allowOrigins }) });
      const plain = await fetch(running.url, { method: "OPTIONS" });
      expect(plain.status).toBe(204);
      expect(plain.headers.get("allow")).toBe("POST, OPTIONS");
      expect(plain.headers.get("access-control-allow-origin")).toBeNull();
      expect(plain.headers.get("access-control-allow-methods")).toBeNull();
      expect(await plain.text()).toBe("");
      // A preflight from an origin not allowed is still refused.
      const refused = await fetch(running.url, {
        method: "OPTIONS",
        headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
      });
      expect(refused.status).toBe(403);
      expect((await refused.json()) as unknown).toMatchObject({ error: { code: "forbidden_origin" } });
    });
  }

  it('"*" admits an opaque origin (Origin: null) as the standard\'s * does, never with credentials', async () => {
    running = await serveWith("hono", { agent: textProvider(), allowOrigins: "*" });
    const preflight = await fetch(running.url, {
      method: "OPTIONS",
      headers: { origin: "null", "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("null");
    expect(preflight.headers.get("access-control-allow-credentials")).toBeNull();
    const run = await postJson(running.url, runInput(), { origin: "null" });
    expect(run.headers.get("access-control-allow-origin")).toBe("null");
    expect(run.headers.get("access-control-allow-credentials")).toBeNull();
    await run.text();
  });

  it("a listed origin list does not admit Origin: null unless it lists \"null\"", async () => {
    running = await serveWith("node:http", { agent: textProvider(), allowOrigins: ["https://app.example"] });
    const refused = await fetch(running.url, { method: "OPTIONS", headers: { origin: "null", "access-control-request-method": "POST" } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    await refused.text();
  });

  it("mergeVary keeps each name once, in order, and * alone", () => {
    expect(mergeVary("Accept-Language, origin", "Origin", ["Accept-Encoding"])).toBe("Accept-Language, origin, Accept-Encoding");
    expect(mergeVary(undefined, "Origin")).toBe("Origin");
    expect(mergeVary("*", "Origin")).toBe("*");
  });
});
