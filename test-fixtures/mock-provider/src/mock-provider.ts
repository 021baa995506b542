import { existsSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { pickFault, respondWithFault, streamPlan, type FaultChooser, type MockFaultName, type StreamPlan } from "./faults.js";
import { matchRoute, type MatchedRoute, type MockFormat } from "./routes.js";
import { cloudBodyChunks, cloudContentType, isCloudRoute, matchCloudRoute, type CloudPlatform } from "./cloud-routes.js";
import { readHttpErrorFixture } from "./http-error-fixtures.js";
import { scriptedBody, type ScriptEntry } from "./scripted-mode.js";
import { newRequestId, type ErrorDetail, type ErrorKind } from "./provider-errors.js";
import { errorResponse, platformRequestIdHeaders } from "./platform-errors.js";
import { withMidStreamError } from "./mid-stream-error.js";
import { validateRequest } from "./request-validation.js";
import { sseToJsonArray } from "./gemini-json-array.js";
import { nonStreamingAnswer } from "./non-streaming-response.js";
import { withoutUnrequestedUsageChunk } from "./chat-usage-chunk.js";

/** The header that names the fixture to stream, e.g. `x-mock-fixture: text`. */
export const FIXTURE_HEADER = "x-mock-fixture";

/** A request the mock received. Credentials are never recorded. */
export interface RecordedRequest {
  method: string;
  path: string;
  format: MockFormat | undefined;
  model: string | undefined;
  fixture: string | undefined;
  /** The parsed JSON body (or the raw text when it is not JSON). */
  body: unknown;
  /** True when the client went away before the response was complete. */
  aborted: boolean;
  /** The fault played for this request, when there was one. */
  fault?: MockFaultName;
  /** The request id sent back in the API's own header (`x-request-id`, `request-id`) and Anthropic error bodies. */
  requestId: string;
  /** `strict` mode: why the request was rejected with a 400 (or the API's 404 for a Responses item it cannot look up), as the real API would. */
  rejected?: string;
  /** Cloud routes only: the platform, what the path named (deployment, project, …) and the auth scheme used (never the credential). */
  platform?: CloudPlatform;
  resource?: Record<string, string>;
  authScheme?: string;
}

/** Options for {@link startMockProvider}. */
export interface MockProviderOptions {
  /** Folder holding `<format>/<fixture>.sse` (default: the recorded bodies shipped with the package). */
  fixturesDir?: string;
  /**
   * Picks the fixture for a request when neither the header nor a fixture named like the model
   * decides it: return a fixture name (without `.sse`). Useful for scripted multi-turn demos.
   */
  choose?: (request: { format: MockFormat; model: string | undefined; body: unknown; index: number }) => string | undefined;
  /** Split each body into writes of this many bytes (default 64), so SDK parsers see partial frames. */
  writeSize?: number;
  /**
   * Stop writing after this many bytes and hold the connection open until the client leaves
   * (used to test that a client disconnect releases the provider request).
   */
  hangAfterBytes?: number;
  /**
   * A fault to play (429 with retry-after, 500, 529, 401, hang, a cut mid-frame, slow drip), for
   * every request or chosen per request; the `x-mock-fault` header names one for a single request.
   * See `MockFault`.
   */
  fault?: FaultChooser;
  /**
   * Scripted multi-turn mode: request N (0-based, every request counted) is answered with entry N,
   * a raw SSE body or a turn rendered for the endpoint called (see scripted-mode.ts). Takes
   * precedence over fixtures; past the end of the script the mock answers 404.
   */
  script?: readonly ScriptEntry[];
  /**
   * Validate requests as the real APIs do and answer a 400 in the API's own error shape when one
   * would be rejected (see request-validation.ts): Anthropic's required `max_tokens`, tool results
   * placed right after their tool calls, OpenAI tool messages answering a preceding call, Gemini
   * `contents` roles, …. Off by default.
   */
  strict?: boolean;
}

/** A running mock provider. */
export interface MockProvider {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Base URLs to give each SDK client. */
  baseUrls: { openai: string; anthropic: string; google: string } & CloudBaseUrls;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/**
 * The recorded bodies: read in place in the repository (the package sits in test-fixtures/), from
 * the package's own `fixtures/` (copied there at pack time) once installed.
 */
const defaultFixtures = basename(resolve(packageDir, "..")) === "test-fixtures" ? resolve(packageDir, "..") : join(packageDir, "fixtures");
/** Base URLs for the cloud SDK clients (Azure `endpoint`, Bedrock and Vertex `baseURL`, GenAI `httpOptions.baseUrl`). */
export interface CloudBaseUrls {
  azure: string;
  bedrock: string;
  vertexAnthropic: string;
  vertex: string;
}


/**
 * Starts the mock on 127.0.0.1 with a random port. It answers
 * `POST /v1/chat/completions`, `POST /v1/responses`, `POST /v1/messages` and
 * `POST /v1(beta)/models/{model}:streamGenerateContent?alt=sse` by streaming a recorded raw SSE body
 * from `<fixturesDir>/<format>/<fixture>.sse`, where the fixture is named by the `x-mock-fixture`
 * header, else by the model (when such a fixture exists), else by `options.choose`. A request that
 * asks for no stream (no `stream: true`, Gemini's `generateContent`) gets the API's one JSON object
 * built from that body (non-streaming-response.ts). Unknown routes get 404; a missing fixture gets a
 * provider-shaped 404 error body.
 */
export async function startMockProvider(options: MockProviderOptions = {}): Promise<MockProvider> {
  const fixturesDir = options.fixturesDir ?? defaultFixtures;
  const requests: RecordedRequest[] = [];
  const writeSize = options.writeSize ?? 64;

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: String(error) } }));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://mock");
    const text = await readBody(req);
    let body: unknown = text;
    try {
      body = text === "" ? undefined : (JSON.parse(text) as unknown);
    } catch {
      // keep the raw text
    }
    const route = req.method === "POST" ? (matchRoute(url.pathname, body) ?? matchCloudRoute(url, body)) : undefined;
    const scripted = route !== undefined ? scriptedBody(options.script, requests.length, route.format, body) : undefined;
    const header = req.headers[FIXTURE_HEADER];
    let fixture = typeof header === "string" ? header : undefined;
    if (fixture === undefined && route !== undefined && route.model !== undefined && routeFixture(route, route.model) !== undefined) {
      fixture = route.model;
    }
    if (fixture === undefined && route !== undefined) {
      fixture = options.choose?.({ format: route.format, model: route.model, body, index: requests.length });
    }
    const fault = route === undefined ? undefined : pickFault(req, options.fault, { format: route.format, model: route.model, body, index: requests.length });
    const requestId = newRequestId();
    const record: RecordedRequest = {
      method: req.method ?? "",
      path: url.pathname,
      format: route?.format,
      model: route?.model,
      fixture,
      body,
      aborted: false,
      requestId,
      ...(fault !== undefined && { fault: fault.type }),
      ...(route !== undefined && isCloudRoute(route) && { platform: route.platform, resource: route.resource, authScheme: authScheme(req) }),
    };
    requests.push(record);
    res.on("close", () => {
      if (!res.writableFinished) record.aborted = true;
    });

    if (route === undefined) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: `mock provider: no route for ${req.method} ${url.pathname}` } }));
      return;
    }
    const platform = isCloudRoute(route) ? route.platform : undefined;
    const idHeaders = platformRequestIdHeaders(route.format, platform, requestId);
    const fail = (kind: ErrorKind, detail: ErrorDetail): void => {
      const answer = errorResponse(kind, route.format, platform, requestId, detail);
      res.writeHead(answer.status, answer.headers);
      res.end(JSON.stringify(answer.body));
    };
    // Strict: the 400s the real API answers (a body that is not JSON, a missing field, a tool result out of place).
    const betas = String(req.headers["anthropic-beta"] ?? "").split(",").map((beta) => beta.trim()).filter((beta) => beta !== "");
    const problem = options.strict === true ? validateRequest(route.format, body, route.model, platform === "amazon-bedrock" || platform === "google-vertex", betas) : undefined;
    if (problem !== undefined) {
      record.rejected = problem.message;
      // A Responses item looked up by id and not found is the API's 404, in the same error shape.
      fail(problem.status === 404 ? "not-found" : "invalid-request", { message: problem.message, param: problem.param, code: problem.code });
      return;
    }
    if (fault !== undefined && respondWithFault(res, fault, route.format, requestId, platform)) return;
    const file = fixture === undefined ? undefined : routeFixture(route, fixture);
    const httpError = scripted === undefined && file?.endsWith(".http.json") === true ? readHttpErrorFixture(file) : undefined;
    if (httpError !== undefined) {
      res.writeHead(httpError.status, { ...idHeaders, ...httpError.headers });
      res.end(JSON.stringify(httpError.body));
      return;
    }
    if (scripted === undefined && (file === undefined || !existsSync(file))) {
      fail("not-found", { message: noFixtureMessage(route.format, fixture, requests.length - 1, options.script?.length) });
      return;
    }
    const played = scripted ?? readFileSync(file as string);
    const recorded = fault?.type === "error-mid-stream" ? withMidStreamError(played, route.format, platform, fault.afterFrames ?? 2) : played;
    if (!route.streaming) {
      // Asked for one JSON object: the API's non-streaming answer, built from the same body.
      const answer = nonStreamingAnswer(route.format, recorded, requestId);
      if ("cut" in answer) {
        res.destroy();
        return;
      }
      const json = Buffer.from(JSON.stringify(answer.body), "utf8");
      res.writeHead(answer.status, { "content-type": "application/json; charset=utf-8", ...idHeaders });
      await writeBody(res, json, streamPlan(json, fault, writeSize), options.hangAfterBytes);
      return;
    }
    // A recorded Chat body holds the usage chunk it was recorded with; the API sends it only when asked.
    const streamed = route.format === "openai-chat" && scripted === undefined ? withoutUnrequestedUsageChunk(recorded, body) : recorded;
    const cloudChunks = isCloudRoute(route) ? cloudBodyChunks(route, streamed) : undefined;
    // Gemini's streamGenerateContent without `alt=sse` answers one JSON array, not SSE.
    const jsonArray = route.format === "google" && url.searchParams.get("alt") !== "sse";
    const bytes = cloudChunks !== undefined ? Buffer.concat(cloudChunks) : jsonArray ? sseToJsonArray(streamed) : streamed;
    const contentType = isCloudRoute(route) ? cloudContentType(route) : jsonArray ? "application/json; charset=UTF-8" : streamContentType(route.format);
    res.writeHead(200, { "content-type": contentType, "cache-control": "no-cache", ...idHeaders });
    await writeBody(res, bytes, streamPlan(bytes, fault, writeSize), options.hangAfterBytes);
  }

  /** The fixture file for a route: the cloud platform's folder first, `.http.json` before `.sse`. */
  function routeFixture(route: MatchedRoute, fixture: string): string | undefined {
    const folders = isCloudRoute(route) ? route.fixtureFolders : [route.format];
    for (const folder of folders) {
      const sse = fixturePath(folder, fixture);
      const http = sse.replace(/\.sse$/, ".http.json");
      if (existsSync(http)) return http;
      if (existsSync(sse)) return sse;
    }
    return undefined;
  }

  function fixturePath(format: MockFormat | string, fixture: string): string {
    if (!/^[A-Za-z0-9._-]+$/.test(fixture)) return join(fixturesDir, format, "__invalid__.sse");
    return join(fixturesDir, format, `${fixture}.sse`);
  }

  await new Promise<void>((resolveListen) => server.listen(0, "127.0.0.1", resolveListen));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    baseUrls: { openai: `${url}/v1`, anthropic: url, google: url, azure: url, bedrock: url, vertexAnthropic: `${url}/v1`, vertex: url },
    requests,
    close: () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}

/** Writes `bytes` in the plan's writes: cut (reset or ended) at `cutAt`, or held open after `hangAfterBytes`. */
async function writeBody(res: ServerResponse, bytes: Buffer, plan: StreamPlan, hangAfterBytes: number | undefined): Promise<void> {
  const limit = plan.cutAt ?? hangAfterBytes ?? bytes.length;
  for (let offset = 0; offset < Math.min(limit, bytes.length); offset += plan.writeSize) {
    if (res.destroyed) return;
    res.write(bytes.subarray(offset, Math.min(offset + plan.writeSize, limit)));
    await new Promise((resolveTick) => (plan.delayMs > 0 ? setTimeout(resolveTick, plan.delayMs) : setImmediate(resolveTick)));
  }
  if (plan.cutAt !== undefined) {
    // Stopped mid-frame: a reset connection, or a response that ends inside an SSE frame.
    if (plan.cutMode === "end") res.end();
    else res.destroy();
    return;
  }
  if (hangAfterBytes !== undefined) return; // held open until the client leaves
  res.end();
}

/** OpenAI and Anthropic stream `text/event-stream; charset=utf-8`; Gemini `text/event-stream`. */
function streamContentType(format: MockFormat): string {
  return format === "google" ? "text/event-stream" : "text/event-stream; charset=utf-8";
}

/** The auth scheme a request used (`AWS4-HMAC-SHA256`, `Bearer`, `api-key`), never the credential itself. */
function authScheme(req: IncomingMessage): string | undefined {
  const authorization = req.headers.authorization;
  if (typeof authorization === "string") return authorization.split(" ")[0];
  if (typeof req.headers["api-key"] === "string") return "api-key";
  return undefined;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString("utf8");
}

/**
 * The 404 message for a request no body answers: the fixture chosen is not there, the script has
 * ended, or nothing chose a fixture at all (then it names the ways to choose one).
 */
function noFixtureMessage(format: string, fixture: string | undefined, index: number, scriptLength: number | undefined): string {
  if (fixture !== undefined) return `mock provider: no fixture ${JSON.stringify(fixture)} for ${format} (${fixture}.sse)`;
  if (scriptLength !== undefined) return `mock provider: request ${index} is past the end of the script (${scriptLength} entries)`;
  return `mock provider: no fixture chosen for ${format}: pass choose or script to startMockProvider, send an x-mock-fixture header, or name a fixture as the model`;
}
