import { assertConformant } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { driveRun, STREAM_WARNINGS, type BridgeWarning, type Event, type RunBuilder, type StreamMapper } from "../src/adapter.js";

/**
 * `StreamMapper.sawEnd`: once the provider's own end marker was read, the answer is whole. A
 * failure of the transport after it (a connection reset as the body closes, a proxy that drops the
 * last chunk of the HTTP body, bytes cut after the marker: categories `network`, `timeout`,
 * `truncated`) ends the run as the provider ended it, not in RUN_ERROR: a retry policy reading
 * RUN_ERROR as retryable would pay for the same answer again. The failure is reported as warning
 * `stream.error-after-end`. Before the marker, and for any other failure, nothing changes.
 */

/** What Node's fetch raises when the connection drops mid-body (the socket error as its cause). */
const dropped = (): Error => Object.assign(new TypeError("terminated"), { cause: Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" }) });

/** "text:…" streams text, "stop" is the end marker (end() finishes after it). */
function markerMapper(hooks: { sawEndThrows?: boolean } = {}) {
  return (run: RunBuilder): StreamMapper<string> => {
    let text: string | undefined;
    let stopped = false;
    return {
      chunk(chunk) {
        const [kind, value = ""] = chunk.split(/:(.*)/s);
        if (kind === "text") run.text((text ??= run.startText()), value);
        else if (kind === "stop") stopped = true;
      },
      end() {
        if (stopped) run.finish({ finish: { reason: "stop", raw: "stop" } });
      },
      sawEnd() {
        if (hooks.sawEndThrows === true) throw new Error("sawEnd exploded");
        return stopped;
      },
    };
  };
}

async function* chunksThenThrow(chunks: string[], error: unknown): AsyncGenerator<string> {
  for (const chunk of chunks) yield chunk;
  throw error;
}

async function run(chunks: string[], error: unknown, options: { sawEndThrows?: boolean; secrets?: string[]; signal?: AbortSignal; warningThrows?: boolean } = {}) {
  const warnings: BridgeWarning[] = [];
  const events: Event[] = [];
  for await (const event of driveRun({
    source: chunksThenThrow(chunks, error),
    createMapper: markerMapper(options),
    threadId: "t",
    runId: "r",
    ...(options.secrets !== undefined && { secrets: options.secrets }),
    ...(options.signal !== undefined && { signal: options.signal }),
    onWarning: (warning) => {
      warnings.push(warning);
      if (options.warningThrows === true) throw new Error("handler failed");
    },
  })) {
    events.push(event);
  }
  await assertConformant(events);
  return { events, warnings, last: events.at(-1) as Event & Record<string, unknown> };
}

describe("a source failure after the provider's end marker", () => {
  it("ends the run as the mapper ends it (RUN_FINISHED, its finish) and warns with the failure's code and category", async () => {
    const { last, warnings, events } = await run(["text:Hello", "stop"], dropped());
    expect(last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" }, metadata: { "agui-bridge": { finishReason: "stop" } } });
    expect(events.filter((e) => e.type === "RUN_ERROR")).toEqual([]);
    expect(warnings).toEqual([
      {
        code: STREAM_WARNINGS.errorAfterEnd,
        message: "Reading the stream failed after the provider's end marker; the run ends as the provider ended it: terminated",
        details: { code: null, category: "network" },
      },
    ]);
  });

  it("before the marker a failure is RUN_ERROR, as before, with no such warning", async () => {
    const { last, warnings } = await run(["text:Hello"], dropped());
    expect(last.type).toBe("RUN_ERROR");
    expect(warnings.map((w) => w.code)).not.toContain(STREAM_WARNINGS.errorAfterEnd);
  });

  it("the warning's message is redacted as RUN_ERROR's would be", async () => {
    const key = "tenant-9f8e7d6c5b4a";
    const error = Object.assign(new Error(`socket closed for ${key} with sk-abcdefghijklmnopqrstuvwx`), { code: "ECONNRESET" });
    const { warnings } = await run(["stop"], error, { secrets: [key] });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).not.toContain(key);
    expect(warnings[0]?.message).not.toContain("sk-abcdefghijklmnopqrstuvwx");
  });

  it("a sawEnd that throws counts as no marker (RUN_ERROR), and a throwing warning handler does not stop the finish", async () => {
    expect((await run(["stop"], dropped(), { sawEndThrows: true })).last.type).toBe("RUN_ERROR");
    expect((await run(["stop"], dropped(), { warningThrows: true })).last.type).toBe("RUN_FINISHED");
  });

  it("an abort after the marker still ends the run cancelled", async () => {
    const controller = new AbortController();
    controller.abort();
    const { last } = await run(["stop"], dropped(), { signal: controller.signal });
    expect(last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
  });

  it("a failure that is not the transport's (a provider error, an unknown value) still fails the run after the marker", async () => {
    for (const error of [Object.assign(new Error("Overloaded"), { status: 529 }), new Error("something else"), "a bare string", undefined]) {
      const { last, warnings } = await run(["text:Hello", "stop"], error);
      expect(last.type).toBe("RUN_ERROR");
      expect(warnings.map((w) => w.code)).not.toContain(STREAM_WARNINGS.errorAfterEnd);
    }
  });
});
