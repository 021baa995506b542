import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import * as adapter from "../src/adapter.js";
import * as main from "../src/index.js";

/**
 * The main entry's runtime values, pinned: what an application uses. A new value belongs in
 * `src/adapter.ts` unless applications need it; adding it here is a deliberate API decision.
 */
const MAIN_ENTRY = [
  "BRIDGE_METADATA_KEY",
  "DEFAULT_RETRY_POLICY",
  "ERROR_CATEGORIES",
  "EmptyRequestError",
  "EventType",
  "FINISH_REASONS",
  "PROTOCOL_VERSION",
  "ProviderConfigError",
  "REQUEST_WARNINGS",
  "RunInputError",
  "SSE_CONTENT_TYPE",
  "SSE_HEADERS",
  "STREAM_WARNINGS",
  "ToolNameError",
  "aggregateTokenUsage",
  "applyEvents",
  "createMessageFold",
  "createSequentialIds",
  "encodeSSE",
  "encodeSSEStream",
  "parseRunAgentInput",
  "randomId",
  "readBridgeMetadata",
  "stringifyEvent",
  "sumTokenUsage",
  "toEncodedReadableStream",
  "toSSEReadableStream",
];

/** A sample of the adapter toolkit, none of which an application needs from the main entry. */
const TOOLKIT_SAMPLE = [
  "RunBuilder",
  "driveRun",
  "asRecord",
  "runLevelOptions",
  "providerRunOptions",
  "clientSecrets",
  "createTokenUsage",
  "UsageLedger",
  "retryingSource",
  "prepareProvider",
  "decodeSseStream",
  "boundedCopy",
  "createStepWriter",
  "EntityIds",
  "describeError",
  "finalizeErrorEvent",
  "pairToolResults",
  "combineWarningHandlers",
  "withStreamWarnings",
];

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");

describe("@agui-bridge/core (main entry)", () => {
  it("exports exactly the pinned application surface", () => {
    expect(Object.keys(main).sort()).toEqual([...MAIN_ENTRY].sort());
  });

  it("keeps the adapter toolkit out", () => {
    for (const name of TOOLKIT_SAMPLE) expect(Object.keys(main)).not.toContain(name);
  });
});

describe("@agui-bridge/core/adapter", () => {
  it("re-exports every value of the main entry, the same value", () => {
    const toolkit: Record<string, unknown> = adapter;
    for (const [name, value] of Object.entries(main)) expect(toolkit[name], name).toBe(value);
  });

  it("adds the adapter toolkit", () => {
    for (const name of TOOLKIT_SAMPLE) expect(Object.keys(adapter)).toContain(name);
  });
});

/** The two entries of one built format, loaded as a consumer would. */
interface Entries {
  main: typeof main;
  adapter: typeof adapter;
}

async function loadEsm(): Promise<Entries> {
  return {
    main: (await import(pathToFileURL(join(dist, "index.js")).href)) as typeof main,
    adapter: (await import(pathToFileURL(join(dist, "adapter.js")).href)) as typeof adapter,
  };
}

function loadCjs(): Entries {
  const require = createRequire(import.meta.url);
  return { main: require(join(dist, "index.cjs")) as typeof main, adapter: require(join(dist, "adapter.cjs")) as typeof adapter };
}

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe.each([
  ["ESM", loadEsm],
  ["CJS", async () => loadCjs()],
])("built dist (%s): one module instance behind both entries", (_format, load) => {
  it("is built", () => {
    expect(existsSync(join(dist, "index.js")) && existsSync(join(dist, "index.cjs"))).toBe(true);
  });

  it("exports the pinned main surface and the same values through the adapter entry", async () => {
    const entries = await load();
    expect(Object.keys(entries.main).sort()).toEqual([...MAIN_ENTRY].sort());
    const toolkit: Record<string, unknown> = entries.adapter;
    for (const [name, value] of Object.entries(entries.main)) expect(toolkit[name], name).toBe(value);
  });

  it("an error thrown through one entry is an instance of the class from the other", async () => {
    const entries = await load();
    const inputError = thrown(() => entries.main.parseRunAgentInput({ threadId: 1 }));
    expect(inputError).toBeInstanceOf(entries.adapter.RunInputError);
    expect(inputError).toBeInstanceOf(entries.main.RunInputError);

    const configError = thrown(() => entries.adapter.assertModel("", "toy"));
    expect(configError).toBeInstanceOf(entries.main.ProviderConfigError);

    const rule = { provider: "toy", allowed: /^[a-z]+$/, maxLength: 8 };
    const nameError = thrown(() => entries.adapter.assertToolNames([{ name: "no spaces", description: "", parameters: {} }], rule));
    expect(nameError).toBeInstanceOf(entries.main.ToolNameError);
  });
});
