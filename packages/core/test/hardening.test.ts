/**
 * Issue 16 at the core: one redaction for every string leaving in RUN_ERROR, the error category
 * on every RUN_ERROR, hostile iterator steps and undescribable throws, the retry policy and the
 * provider check.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { hostilePlan, hostileSource, HOSTILE_STEPS, UNDESCRIBABLE_THROWS } from "../../../test-fixtures/support/hostile-iterators.js";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { createCounter } from "../../../test-fixtures/support/reliability-counts.js";
import {
  checkProviderConfig,
  clientHasCredentials,
  clientSecrets,
  createSequentialIds,
  describeError,
  driveRun,
  ERROR_CATEGORIES,
  finalizeErrorEvent,
  createRedactor,
  prepareProvider,
  ProviderConfigError,
  readBridgeMetadata,
  retryAfterMsFromHeaders,
  retryDelayMs,
  resolveRetryPolicy,
  retryingSource,
  type Event,
  type RunBuilder,
  type StreamMapper,
} from "../src/adapter.js";

const counts = createCounter("core-hardening");
afterAll(() => counts.flush());

/** Chunks are strings: "text:…" appends text, "fail:…" fails the run in-band with that payload, "end" marks the end. */
function mapper(run: RunBuilder, fail?: (run: RunBuilder) => void): StreamMapper<unknown> {
  let text: string | undefined;
  let ended = false;
  return {
    chunk(chunk) {
      const value = String(chunk);
      if (value === "end") ended = true;
      else if (value === "fail") fail?.(run);
      else {
        text ??= run.startText();
        run.text(text, value);
      }
    },
    end() {
      if (ended) run.finish();
    },
  };
}

async function collect(stream: AsyncIterable<Event>): Promise<Event[]> {
  const events: Event[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

async function* from(chunks: readonly unknown[]): AsyncGenerator<unknown> {
  for (const chunk of chunks) yield chunk;
}

const terminal = (events: Event[]): Event & { code?: string; message?: string } => events[events.length - 1] as Event & { code?: string };

describe("one redaction for every string leaving in RUN_ERROR (items 1–4)", () => {
  const KEY = "gw-live-0123456789abcdef";

  it("an in-band failure a mapper builds: message, code and nested metadata are redacted, the category is set", async () => {
    const events = await collect(
      driveRun({
        source: from(["hello", "fail"]),
        createMapper: (run) =>
          mapper(run, (r) => r.fail({ message: `bad key ${KEY}`, code: KEY, metadata: { detail: { [KEY]: [`x ${KEY}`] }, token: "Bearer abcdefghijklmnop" } })),
        secrets: [KEY],
        generateId: createSequentialIds("id"),
      }),
    );
    await assertConformant(events);
    expect(JSON.stringify(events)).not.toContain(KEY);
    expect(JSON.stringify(events)).not.toContain("abcdefghijklmnop");
    expect(readBridgeMetadata(terminal(events).metadata)).toMatchObject({ errorCategory: "unknown", retryable: false });
  });

  it("secrets given as a function are read when the error is written (a key resolved late)", async () => {
    let key = "";
    const events = await collect(
      driveRun({
        source: (async function* () {
          key = "late-resolved-token-123456";
          yield "x";
          throw new Error(`rejected ${key}`);
        })(),
        createMapper: (run) => mapper(run),
        secrets: () => [key],
      }),
    );
    expect(terminal(events)).toMatchObject({ type: "RUN_ERROR", message: "rejected [redacted]" });
  });

  it("the JSON- and URL-escaped forms of a secret are removed too", () => {
    const redact = createRedactor(['abc"def/ghi+jkl']);
    expect(redact(`a ${JSON.stringify('abc"def/ghi+jkl')} b ${encodeURIComponent('abc"def/ghi+jkl')}`)).not.toMatch(/def/);
  });

  it("clientSecrets reads every credential a client holds: apiKey, authToken, adminAPIKey, auth headers (record or Headers), the bearer token alone", () => {
    const secrets = clientSecrets({
      apiKey: "sk-key-12345678",
      authToken: "anthropic-bearer-token-1",
      _options: { defaultHeaders: { Authorization: "Bearer gateway-token-123", "X-Other": "not-a-secret-value" } },
    });
    expect(secrets).toEqual(expect.arrayContaining(["sk-key-12345678", "anthropic-bearer-token-1", "Bearer gateway-token-123", "gateway-token-123"]));
    expect(secrets).not.toContain("not-a-secret-value");
    expect(clientSecrets({ _options: { defaultHeaders: new Headers({ "x-api-key": "header-key-123456" }) } })).toEqual(["header-key-123456"]);
    expect(clientSecrets({ httpOptions: { headers: { "x-goog-api-key": "AIzaHeaderKey12345" } } })).toEqual(["AIzaHeaderKey12345"]);
    expect(clientSecrets({ _options: { defaultHeaders: { values: new Headers({ authorization: "Bearer merged-token-1234" }), nulls: new Set() } } })).toEqual(["Bearer merged-token-1234", "merged-token-1234"]);
    const hostile = new Proxy({}, { get: () => { throw new Error("trap"); } });
    expect(clientSecrets(hostile)).toEqual([]);
  });

  it("finalizeErrorEvent leaves other events alone and never throws on odd metadata", () => {
    const redact = createRedactor(["secret-value-1"]);
    const text = { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "secret-value-1" } as Event;
    expect(finalizeErrorEvent(text, redact)).toBe(text);
    const deep: Record<string, unknown> = {};
    let cursor = deep;
    for (let i = 0; i < 100; i++) cursor = (cursor.next = { v: "secret-value-1" }) as Record<string, unknown>;
    const out = finalizeErrorEvent({ type: "RUN_ERROR", message: "m", metadata: { deep } } as Event, redact);
    expect(JSON.stringify(out)).not.toContain("secret-value-1");
  });
});

describe("hostile iterator steps and undescribable throws never escape (items 7, 8)", () => {
  it.each(HOSTILE_STEPS.map((h) => [h.label, h] as const))("next() resolving %s → RUN_ERROR invalid_step, the iterator released", async (_label, hostile) => {
    const source = hostileSource(["a", "b"], { at: 1, kind: "step", value: hostile });
    const events = await collect(driveRun({ source, createMapper: (run) => mapper(run) }));
    await assertConformant(events);
    // A revoked Proxy cannot even be awaited (its `then` throws): the pull itself rejects.
    if (hostile.label === "revoked proxy") return void expect(terminal(events).type).toBe("RUN_ERROR");
    expect(terminal(events)).toMatchObject({ type: "RUN_ERROR", code: "invalid_step" });
    expect(readBridgeMetadata(terminal(events).metadata)?.errorCategory).toBe("invalid_response");
    expect(source.stats.returned).toBe(1);
  });

  it.each(UNDESCRIBABLE_THROWS.map((h) => [h.label, h] as const))("throwing %s → RUN_ERROR with a message", async (_label, hostile) => {
    expect(() => describeError(hostile.make())).not.toThrow();
    for (const kind of ["throw", "sync-throw"] as const) {
      const events = await collect(driveRun({ source: hostileSource(["a"], { at: 1, kind, value: hostile }), createMapper: (run) => mapper(run) }));
      await assertConformant(events);
      const end = terminal(events);
      expect(end.type).toBe("RUN_ERROR");
      expect(typeof end.message === "string" && end.message.length > 0).toBe(true);
    }
  });

  it("a mapper's describeError that throws or returns junk falls back to core's reading", async () => {
    for (const describe of [() => { throw new Error("describe"); }, () => null, () => ({ message: 5 })]) {
      const events = await collect(
        driveRun({
          source: hostileSource(["a"], { at: 1, kind: "throw", value: UNDESCRIBABLE_THROWS[2]! }),
          createMapper: (run) => ({ ...mapper(run), describeError: describe as never }),
        }),
      );
      await assertConformant(events);
      expect(terminal(events).type).toBe("RUN_ERROR");
    }
  });

  it("property: a hostile step or undescribable throw at any position → one terminal event, conformant, never an exception", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ minLength: 1 }).filter((s) => s !== "end" && s !== "fail"), { maxLength: 6 }), fc.boolean(), fc.nat(), async (chunks, withEnd, draw) => {
        const all = withEnd ? [...chunks, "end"] : chunks;
        const plan = fc.sample(hostilePlan(all.length), { numRuns: 1, seed: draw })[0]!;
        const events = await collect(driveRun({ source: hostileSource(all, plan), createMapper: (run) => mapper(run) }));
        await assertConformant(events);
        const end = terminal(events);
        expect(["RUN_ERROR", "RUN_FINISHED"]).toContain(end.type);
        if (end.type === "RUN_ERROR") expect(ERROR_CATEGORIES).toContain(readBridgeMetadata(end.metadata)?.errorCategory);
        counts.add("hostile step / undescribable throw positions tried");
        counts.add(`hostile ${plan.kind} (${plan.value.label})`);
      }),
      { numRuns: 200 },
    );
    counts.add("property runs: hostile steps and throws", 200);
  });
});

describe("the error vocabulary (item 10)", () => {
  it("every RUN_ERROR carries errorCategory and retryable; status and retry-after when known", async () => {
    const error = Object.assign(new Error("slow down"), { status: 429 });
    const events = await collect(driveRun({ source: hostileSource([], { at: 0, kind: "throw", value: { label: "429", make: () => error } }), createMapper: (run) => mapper(run) }));
    expect(readBridgeMetadata(terminal(events).metadata)).toEqual({ errorCategory: "rate_limit", retryable: true, status: 429 });
    const truncated = await collect(driveRun({ source: from(["a"]), createMapper: (run) => mapper(run) }));
    expect(readBridgeMetadata(terminal(truncated).metadata)).toEqual({ errorCategory: "truncated", retryable: true });
  });

  it("describeError reads network, timeout and abort failures by name and Node error code", () => {
    expect(describeError(Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } })).category).toBe("network");
    expect(describeError(Object.assign(new Error("t"), { name: "TimeoutError" })).category).toBe("timeout");
    expect(describeError(Object.assign(new Error("a"), { name: "AbortError" })).category).toBe("aborted");
  });

  it("retry-after is read from retry-after-ms, seconds or an HTTP date, bounded", () => {
    expect(retryAfterMsFromHeaders(new Headers({ "retry-after-ms": "250" }))).toBe(250);
    expect(retryAfterMsFromHeaders({ "retry-after": "3" })).toBe(3000);
    expect(retryAfterMsFromHeaders({ "retry-after": new Date(10_000).toUTCString() }, () => 4_000)).toBe(6000);
    expect(retryAfterMsFromHeaders({ "retry-after": "1e400" })).toBeUndefined();
    expect(retryAfterMsFromHeaders({ "retry-after": "999999999" })).toBeUndefined();
  });
});

describe("the retry policy (item 11)", () => {
  const failing = (error: unknown) => ({ label: "e", make: () => error });
  const retryable = Object.assign(new Error("overloaded"), { status: 503 });

  function opener(failures: readonly unknown[], chunks: readonly unknown[]) {
    let calls = 0;
    const open = (): AsyncIterable<unknown> => {
      const failure = failures[calls++];
      return failure === undefined ? from(chunks) : hostileSource(chunks, { at: 0, kind: "throw", value: failing(failure) });
    };
    return { open, calls: () => calls };
  }

  it("retries a retryable failure before the first chunk, then runs the stream", async () => {
    const waits: number[] = [];
    const { open, calls } = opener([retryable, retryable], ["hi", "end"]);
    const source = retryingSource(open, { policy: { jitter: false }, sleep: async (ms) => void waits.push(ms) });
    const events = await collect(driveRun({ source, createMapper: (run) => mapper(run) }));
    await assertConformant(events);
    expect(terminal(events).type).toBe("RUN_FINISHED");
    expect(calls()).toBe(3);
    expect(waits).toEqual([500, 1000]);
  });

  it("gives up after maxRetries with the last failure as RUN_ERROR; honours retry-after; skips non-retryable failures", async () => {
    const { open, calls } = opener([retryable, retryable, retryable, retryable], ["end"]);
    const events = await collect(driveRun({ source: retryingSource(open, { policy: { maxRetries: 2 }, sleep: async () => undefined }), createMapper: (run) => mapper(run) }));
    expect(terminal(events)).toMatchObject({ type: "RUN_ERROR", code: "503" });
    expect(calls()).toBe(3);
    const policy = resolveRetryPolicy({});
    expect(retryDelayMs(1, { message: "m", retryable: true, retryAfterMs: 1234 }, policy)).toBe(1234);
    expect(retryDelayMs(1, { message: "m", retryable: true, retryAfterMs: 3_600_000 }, policy)).toBeUndefined();
    const auth = opener([Object.assign(new Error("no"), { status: 401 })], ["end"]);
    await collect(driveRun({ source: retryingSource(auth.open, { sleep: async () => undefined }), createMapper: (run) => mapper(run) }));
    expect(auth.calls()).toBe(1);
  });

  it("never retries once a chunk arrived", async () => {
    let calls = 0;
    const open = (): AsyncIterable<unknown> => {
      calls++;
      return hostileSource(["first"], { at: 1, kind: "throw", value: failing(retryable) });
    };
    const events = await collect(driveRun({ source: retryingSource(open, { sleep: async () => undefined }), createMapper: (run) => mapper(run) }));
    expect(terminal(events).type).toBe("RUN_ERROR");
    expect(calls).toBe(1);
  });

  it("an abort while waiting ends the run cancelled, without another attempt", async () => {
    const controller = new AbortController();
    const { open, calls } = opener([retryable, retryable], ["end"]);
    const source = retryingSource(open, {
      sleep: (_ms, signal) => {
        controller.abort();
        return new Promise((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
      },
    });
    const events = await collect(driveRun({ source, createMapper: (run) => mapper(run), signal: controller.signal }));
    await assertConformant(events);
    expect(terminal(events)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
    expect(calls()).toBe(1);
  });

  it("retry: false (or maxRetries 0) hands the source through unchanged", () => {
    const open = (): AsyncIterable<unknown> => from([]);
    expect(retryingSource(open, { policy: false })).toBe(open);
    expect(retryingSource(open, { policy: { maxRetries: 0 } })).toBe(open);
  });
});

describe("provider check (item 12)", () => {
  it("an empty model throws ProviderConfigError at creation", () => {
    for (const model of ["", "  ", undefined, 5]) {
      expect(() => prepareProvider("p", { model, client: {} })).toThrow(ProviderConfigError);
    }
  });

  it("a client that visibly holds no credentials is reported by check() and told to onWarning at creation", () => {
    const warnings: string[] = [];
    const check = prepareProvider("p", { model: "m", client: { apiKey: null, authToken: null }, onWarning: (w) => warnings.push(w.code) });
    expect(check()).toEqual({ ok: false, problems: [expect.objectContaining({ code: "missing_credentials" })] });
    expect(warnings).toEqual(["provider.missing-credentials"]);
    expect(checkProviderConfig({ providerId: "p", model: "m", client: { apiKey: "sk-1234567890" } }).ok).toBe(true);
    expect(clientHasCredentials({ apiKey: null, _options: { defaultHeaders: { Authorization: "Bearer t" } } })).toBe(true);
    // Anthropic on Bedrock / Vertex AI: apiKey and authToken null, credentials from the cloud chain.
    expect(clientHasCredentials({ apiKey: null, authToken: null, awsRegion: "us-east-1" })).toBe(true);
    expect(clientHasCredentials({ apiKey: null, authToken: null, projectId: "p", region: "us-east5" })).toBe(true);
    // A test double without an apiKey field: nothing can be told, nothing is reported.
    expect(clientHasCredentials({ chat: {} })).toBeUndefined();
  });
});

describe("network failures are recognised however an SDK wraps them", () => {
  it("a class that leaves `name` as Error, and the socket code two causes down (fetch's TypeError inside the SDK's error)", async () => {
    const { genericCategory } = await import("../src/adapter.js");
    class APIConnectionError extends Error {}
    const wrapped = new APIConnectionError("Connection error.", { cause: Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } }) });
    expect(wrapped.name).toBe("Error");
    expect(genericCategory(wrapped, undefined, undefined)).toBe("network");
    expect(genericCategory(new Error("boom", { cause: { cause: { cause: { code: "ECONNRESET" } } } }), undefined, undefined)).toBe("network");
    expect(genericCategory(new Error("boom"), undefined, undefined)).toBe("unknown");
  });
});
