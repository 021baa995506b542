import { assertConformant } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { driveRun, OMITTED_VALUE, type BridgeWarning, type Event, type RunBuilder as Run, type StreamMapper } from "../src/adapter.js";

/** Opens a text message per "text:…" chunk (minting its id), finishes on "end", throws on "boom". */
function textMapper(run: Run): StreamMapper<string> {
  let ended = false;
  return {
    chunk(chunk) {
      if (chunk === "end") ended = true;
      else if (chunk === "boom") throw new Error("mapper exploded");
      else {
        const id = run.startText();
        run.text(id, chunk);
        run.endText(id);
      }
    },
    end() {
      if (ended) run.finish();
    },
  };
}

async function* chunks(list: string[]): AsyncGenerator<string> {
  for (const chunk of list) yield chunk;
}

/** Works `calls` times, then throws on every call. */
function failingAfter<T>(calls: number, value: (n: number) => T): () => T {
  let n = 0;
  return () => {
    if (n >= calls) throw new Error("application callback failed");
    return value(++n);
  };
}

async function collect(options: Parameters<typeof driveRun<string>>[0]): Promise<Event[]> {
  const events: Event[] = [];
  for await (const event of driveRun(options)) events.push(event);
  return events;
}

describe("an application's generateId or now that throws", () => {
  for (const calls of [0, 2]) {
    it(`generateId failing after ${calls} ids: the run goes on with built-in ids, one warning`, async () => {
      const warnings: BridgeWarning[] = [];
      const events = await collect({
        source: chunks(["a", "b", "c", "end"]),
        createMapper: textMapper,
        generateId: failingAfter(calls, (n) => `app-${n}`),
        onWarning: (warning) => warnings.push(warning),
      });
      await assertConformant(events);
      expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
      const ids = events.filter((e) => e.type === "TEXT_MESSAGE_START").map((e) => (e as { messageId: string }).messageId);
      expect(new Set(ids).size).toBe(3);
      expect(ids.filter((id) => id.startsWith("app-"))).toHaveLength(Math.max(0, calls - 2));
      expect(warnings.map((w) => w.code)).toEqual(["run.generate-id-failed"]);
    });
  }

  it("a generateId returning a non-string is treated as failing", async () => {
    const warnings: BridgeWarning[] = [];
    const events = await collect({
      source: chunks(["a", "end"]),
      createMapper: textMapper,
      threadId: "t",
      runId: "r",
      generateId: () => 42 as unknown as string,
      onWarning: (warning) => warnings.push(warning),
    });
    await assertConformant(events);
    expect(typeof (events[1] as { messageId: unknown }).messageId).toBe("string");
    expect(warnings.map((w) => w.code)).toEqual(["run.generate-id-failed"]);
  });

  for (const calls of [0, 3]) {
    for (const ending of ["end", "boom"]) {
      it(`now failing after ${calls} events, run ending with ${ending}: every event stamped, terminal event present`, async () => {
        const warnings: BridgeWarning[] = [];
        const events = await collect({
          source: chunks(["a", "b", ending]),
          createMapper: textMapper,
          threadId: "t",
          runId: "r",
          now: failingAfter(calls, (n) => n),
          // A warning handler that throws changes nothing.
          onWarning: (warning) => {
            warnings.push(warning);
            throw new Error("handler failed");
          },
        });
        await assertConformant(events);
        expect(events.at(-1)?.type).toBe(ending === "end" ? "RUN_FINISHED" : "RUN_ERROR");
        expect(events.every((e) => Number.isSafeInteger(e.timestamp))).toBe(true);
        expect(events.slice(0, calls).map((e) => e.timestamp)).toEqual([1, 2, 3].slice(0, calls));
        expect(warnings.map((w) => w.code)).toEqual(["run.now-failed"]);
      });
    }
  }

  it("a clock returning fractions (performance.now(), seconds as floats) is floored: every timestamp an integer, as AG-UI requires, no warning", async () => {
    const warnings: BridgeWarning[] = [];
    const times = [1234.567, 1234.999, 1700000000.25, 0.5];
    let call = 0;
    const events = await collect({
      source: chunks(["a", "end"]),
      createMapper: textMapper,
      threadId: "t",
      runId: "r",
      now: () => times[call++ % times.length] as number,
      onWarning: (warning) => warnings.push(warning),
    });
    await assertConformant(events);
    expect(events.map((e) => e.timestamp)).toEqual([1234, 1234, 1700000000, 0, 1234, 1234].slice(0, events.length));
    expect(warnings).toEqual([]);
  });

  for (const [label, value] of [["negative", -1.5], ["a negative integer", -3], ["beyond the safe integers", 2 ** 60]] as const) {
    it(`a clock returning ${label} is treated as failing: Date.now() from there on, one warning`, async () => {
      const warnings: BridgeWarning[] = [];
      const before = Date.now();
      const events = await collect({
        source: chunks(["a", "end"]),
        createMapper: textMapper,
        threadId: "t",
        runId: "r",
        now: () => value,
        onWarning: (warning) => warnings.push(warning),
      });
      await assertConformant(events);
      expect(events.every((e) => Number.isSafeInteger(e.timestamp) && (e.timestamp as number) >= before)).toBe(true);
      expect(warnings.map((w) => w.code)).toEqual(["run.now-failed"]);
    });
  }

  it("a clock returning something that is not a finite number is treated as failing", async () => {
    const warnings: BridgeWarning[] = [];
    const events = await collect({
      source: chunks(["a", "end"]),
      createMapper: textMapper,
      threadId: "t",
      runId: "r",
      now: () => Number.NaN,
      onWarning: (warning) => warnings.push(warning),
    });
    await assertConformant(events);
    expect(events.every((e) => Number.isSafeInteger(e.timestamp))).toBe(true);
    expect(warnings.map((w) => w.code)).toEqual(["run.now-failed"]);
  });
});

describe("bounding the input echoed on RUN_STARTED", () => {
  function nest(depth: number): unknown {
    let value: unknown = "leaf";
    for (let i = 0; i < depth; i++) value = { child: value };
    return value;
  }
  const input = (state: unknown) => ({ threadId: "t", runId: "r", messages: [], tools: [], context: [], state, forwardedProps: {} });
  const throwingHandler = (warnings: BridgeWarning[]) => (warning: BridgeWarning) => {
    warnings.push(warning);
    throw new Error("handler failed");
  };

  it("a throwing onWarning while the echo is bounded: the run starts and ends normally, the omission recorded", async () => {
    const warnings: BridgeWarning[] = [];
    const events = await collect({ source: chunks(["a", "end"]), createMapper: textMapper, input: input(nest(200)), onWarning: throwingHandler(warnings) });
    await assertConformant(events);
    expect(events[0]).toMatchObject({ type: "RUN_STARTED", input: { threadId: "t" }, metadata: { "agui-bridge": { omitted: [{ field: "input", reason: "depth" }] } } });
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect(warnings.map((w) => w.code)).toEqual(["event.value-omitted"]);
  });

  it("a state the bounded copy cannot read (a Proxy whose trap throws): echoed with state replaced by the marker, the run ends normally", async () => {
    const warnings: BridgeWarning[] = [];
    const state = new Proxy({}, {
      get() {
        throw new Error("trap");
      },
    });
    const events = await collect({ source: chunks(["a", "end"]), createMapper: textMapper, input: input(state), onWarning: throwingHandler(warnings) });
    await assertConformant(events);
    expect(events[0]).toMatchObject({
      type: "RUN_STARTED",
      threadId: "t",
      runId: "r",
      input: { threadId: "t", runId: "r", state: OMITTED_VALUE },
      metadata: { "agui-bridge": { omitted: [{ field: "input", path: "state", reason: "not-json" }] } },
    });
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect(warnings.map((w) => w.code)).toEqual(["event.value-omitted"]);
  });

  it("an input that cannot be read at all (a Proxy whose trap throws): RUN_STARTED without the echo, generated ids, the run ends normally", async () => {
    const warnings: BridgeWarning[] = [];
    const hostile = new Proxy({}, {
      get() {
        throw new Error("trap");
      },
    }) as never;
    const events = await collect({ source: chunks(["a", "end"]), createMapper: textMapper, input: hostile, onWarning: throwingHandler(warnings) });
    await assertConformant(events);
    expect(events[0]).toMatchObject({ type: "RUN_STARTED", metadata: { "agui-bridge": { omitted: [{ field: "input", path: "", reason: "not-json" }] } } });
    expect(events[0]).not.toHaveProperty("input");
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect(warnings.map((w) => w.code)).toEqual(["run.input-unreadable", "run.input-unreadable", "event.value-omitted"]);
  });
  it("a marker outside state after more omissions inside it than the copy lists: the input is still left out", async () => {
    const warnings: BridgeWarning[] = [];
    const state = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`n${i}`, BigInt(i)]));
    // state comes first, so its omissions fill the copy's list before the message's is found.
    const bad = { threadId: "t", runId: "r", state, messages: [{ id: "m1", role: "user", content: 7n }], tools: [], context: [], forwardedProps: {} } as never;
    const events = await collect({ source: chunks(["a", "end"]), createMapper: textMapper, input: bad, onWarning: (w) => warnings.push(w) });
    await assertConformant(events);
    expect(events[0]).toMatchObject({ type: "RUN_STARTED", threadId: "t", metadata: { "agui-bridge": { omitted: [{ field: "input", path: "", reason: "not-json" }] } } });
    expect(events[0]).not.toHaveProperty("input");
    expect(warnings.map((w) => w.code)).toEqual(["event.value-omitted"]);
  });

  it("more omissions inside state than the copy lists and none elsewhere: the echo is kept", async () => {
    const state = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`n${i}`, BigInt(i)]));
    const events = await collect({ source: chunks(["a", "end"]), createMapper: textMapper, input: input(state) });
    await assertConformant(events);
    expect(events[0]).toMatchObject({ type: "RUN_STARTED", input: { threadId: "t", state: { n0: OMITTED_VALUE, n24: OMITTED_VALUE } } });
  });
});

describe("an input whose threadId, runId or messages cannot be read", () => {
  const throwing = (name: string) => () => {
    throw new Error(`${name} getter`);
  };
  const inputWith = (name: "threadId" | "runId" | "messages") => {
    const input: Record<string, unknown> = { threadId: "t", runId: "r", messages: [], tools: [], context: [], state: {}, forwardedProps: {} };
    return Object.defineProperty(input, name, { enumerable: true, get: throwing(name) }) as never;
  };

  for (const name of ["threadId", "runId"] as const) {
    it(`a ${name} getter that throws: the id is generated, one run.input-unreadable warning, the run ends normally`, async () => {
      const warnings: BridgeWarning[] = [];
      const events = await collect({ source: chunks(["a", "end"]), createMapper: textMapper, input: inputWith(name), generateId: failingAfter(10, (n) => `app-${n}`), onWarning: (w) => warnings.push(w) });
      await assertConformant(events);
      const ids = { threadId: name === "threadId" ? "app-1" : "t", runId: name === "runId" ? "app-1" : "r" };
      expect(events[0]).toMatchObject({ type: "RUN_STARTED", ...ids, metadata: { "agui-bridge": { omitted: [{ field: "input", path: "", reason: "not-json" }] } } });
      expect(events[0]).not.toHaveProperty("input");
      expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" }, ...ids });
      expect(warnings.filter((w) => w.code === "run.input-unreadable")).toEqual([expect.objectContaining({ details: { field: name } })]);
    });
  }

  it("a throwing getter and a throwing onWarning: the run still starts and ends normally", async () => {
    const events = await collect({ source: chunks(["a", "end"]), createMapper: textMapper, input: inputWith("threadId"), onWarning: throwing("onWarning") });
    await assertConformant(events);
    expect(events[0]).toMatchObject({ type: "RUN_STARTED", runId: "r" });
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
  });

  it("a messages getter that throws: no id counts as taken by the history, one run.input-unreadable warning", async () => {
    const warnings: BridgeWarning[] = [];
    const taken: boolean[] = [];
    const events = await collect({
      source: chunks(["a", "end"]),
      createMapper: (run) => {
        const mapper = textMapper(run);
        return {
          chunk(chunk) {
            taken.push(run.isToolCallIdTaken("call-1"), run.isToolCallIdTaken("call-2"));
            mapper.chunk(chunk);
          },
          end: () => mapper.end(),
        };
      },
      input: inputWith("messages"),
      onWarning: (w) => warnings.push(w),
    });
    await assertConformant(events);
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect(taken).toEqual([false, false, false, false]);
    expect(warnings.filter((w) => w.code === "run.input-unreadable")).toEqual([expect.objectContaining({ details: { field: "messages" } })]);
  });
});
