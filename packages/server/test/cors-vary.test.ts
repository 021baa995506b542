import { describe, expect, it } from "vitest";
import { createAgUiHandler, type AgUiHandlerOptions } from "../src/index.js";
import { runInput, textProvider } from "./support.js";

/** The field names a `Vary` header lists, lower-cased. */
function varyNames(response: Response): string[] {
  return (response.headers.get("vary") ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== "");
}

const URL_ = "http://localhost/agent";
const json = { "content-type": "application/json" };

/** Every kind of answer the handler gives, each with and without an Origin (allowed or not). */
function requests(): Array<[string, Request]> {
  const body = JSON.stringify(runInput());
  const out: Array<[string, Request]> = [];
  for (const [who, origin] of [["no Origin", undefined], ["an allowed Origin", "https://app.example"], ["another Origin", "https://other.example"]] as const) {
    const o: Record<string, string> = origin !== undefined ? { origin } : {};
    out.push(
      [`200 run, ${who}`, new Request(URL_, { method: "POST", headers: { ...json, ...o }, body })],
      [`404 other path, ${who}`, new Request("http://localhost/elsewhere", { method: "POST", headers: { ...json, ...o }, body })],
      [`405 GET, ${who}`, new Request(URL_, { method: "GET", headers: o })],
      [`415 text/plain, ${who}`, new Request(URL_, { method: "POST", headers: { "content-type": "text/plain", ...o }, body })],
      [`400 bad JSON, ${who}`, new Request(URL_, { method: "POST", headers: { ...json, ...o }, body: "{" })],
      [`OPTIONS, ${who}`, new Request(URL_, { method: "OPTIONS", headers: { ...o, "access-control-request-method": "POST" } })],
    );
  }
  return out;
}

const allowed = (origin: string): boolean => origin === "https://app.example";
const configs: Array<[string, AgUiHandlerOptions["allowOrigins"]]> = [
  ['"*"', "*"],
  ["a list", ["https://app.example"]],
  ["a predicate", allowed],
];

describe("Vary: Origin", () => {
  for (const [name, allowOrigins] of configs) {
    it(`allowOrigins ${name}: every answer says Vary: Origin, with or without an Origin, allowed or not`, async () => {
      const handler = createAgUiHandler({ agent: textProvider(), allowOrigins, path: "/agent" });
      for (const [label, request] of requests()) {
        const res = await handler(request);
        await res.body?.cancel();
        expect(varyNames(res), label).toContain("origin");
        expect(varyNames(res).filter((n) => n === "origin"), label).toHaveLength(1);
      }
    });
  }

  it("without allowOrigins (CORS off) no answer depends on Origin, so none says Vary: Origin", async () => {
    const handler = createAgUiHandler({ agent: textProvider(), path: "/agent" });
    for (const [label, request] of requests()) {
      const res = await handler(request);
      await res.body?.cancel();
      expect(res.headers.get("access-control-allow-origin"), label).toBeNull();
      expect(varyNames(res), label).not.toContain("origin");
    }
  });

  it("the CORS headers themselves still appear only for an allowed Origin", async () => {
    const handler = createAgUiHandler({ agent: textProvider(), allowOrigins: ["https://app.example"] });
    const post = (origin?: string): Request =>
      new Request(URL_, { method: "POST", headers: { ...json, ...(origin !== undefined && { origin }) }, body: JSON.stringify(runInput()) });
    const none = await handler(post());
    const other = await handler(post("https://other.example"));
    const ok = await handler(post("https://app.example"));
    for (const res of [none, other, ok]) await res.body?.cancel();
    expect(none.headers.get("access-control-allow-origin")).toBeNull();
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    expect(other.headers.get("access-control-expose-headers")).toBeNull();
    expect(ok.headers.get("access-control-allow-origin")).toBe("https://app.example");
  });
});
