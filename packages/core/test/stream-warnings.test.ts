import { describe, expect, it } from "vitest";
import { combineWarningHandlers, createWarningSink, withStreamWarnings, type BridgeWarning, type WarningHandler } from "../src/adapter.js";

const warning: BridgeWarning = { code: "test.warning", message: "a warning" };

describe("combineWarningHandlers", () => {
  it("tells every handler, each in its own try, and never throws", () => {
    const heard: string[] = [];
    const combined = combineWarningHandlers(
      () => {
        heard.push("first");
        throw new Error("first failed");
      },
      undefined,
      "not a function" as unknown as WarningHandler,
      (w) => heard.push(`second:${w.code}`),
    );
    expect(() => combined(warning)).not.toThrow();
    expect(heard).toEqual(["first", "second:test.warning"]);
  });
});

describe("withStreamWarnings", () => {
  it("leaves the factory's options as they are when neither has a handler, and guards a factory handler alone", () => {
    const bare: { model: string; onWarning?: WarningHandler } = { model: "m" };
    expect(withStreamWarnings(bare, undefined)).toBe(bare);
    expect(withStreamWarnings(bare, { signal: new AbortController().signal, onWarning: 42 })).toBe(bare);
    const heard: BridgeWarning[] = [];
    const factory = { model: "m", onWarning: (w: BridgeWarning) => heard.push(w) };
    const hostile = Object.defineProperty({}, "onWarning", { get: () => { throw new Error("getter"); } });
    for (const call of [undefined, { signal: new AbortController().signal }, { onWarning: 42 }, hostile]) {
      const options = withStreamWarnings(factory, call);
      expect(options.model).toBe("m");
      options.onWarning?.(warning);
    }
    expect(heard).toHaveLength(4);
    const failing: WarningHandler = () => {
      throw new Error("factory handler");
    };
    const throwing = withStreamWarnings({ onWarning: failing }, undefined);
    expect(() => throwing.onWarning?.(warning)).not.toThrow();
  });

  it("tells the factory's handler and the call's, and keeps the other options", () => {
    const factory: BridgeWarning[] = [];
    const call: BridgeWarning[] = [];
    const options = withStreamWarnings({ model: "m", onWarning: (w: BridgeWarning) => factory.push(w) }, { onWarning: (w: BridgeWarning) => call.push(w) });
    expect(options.model).toBe("m");
    options.onWarning?.(warning);
    expect(factory).toEqual([warning]);
    expect(call).toEqual([warning]);
  });

  it("gives a factory without a handler the call's", () => {
    const call: BridgeWarning[] = [];
    const options = withStreamWarnings<{ onWarning?: WarningHandler }>({}, { onWarning: (w: BridgeWarning) => call.push(w) });
    options.onWarning?.(warning);
    expect(call).toEqual([warning]);
  });
});

describe("createWarningSink", () => {
  it("collects every warning and tells the handler, whose exception is ignored (it never throws)", () => {
    const heard: string[] = [];
    const sink = createWarningSink((w) => {
      heard.push(w.code);
      throw new Error("handler failed");
    });
    expect(() => sink.warn("test.first", "first", { n: 1 })).not.toThrow();
    expect(() => sink.warn("test.second", "second")).not.toThrow();
    expect(heard).toEqual(["test.first", "test.second"]);
    expect(sink.warnings).toEqual([
      { code: "test.first", message: "first", details: { n: 1 } },
      { code: "test.second", message: "second" },
    ]);
  });

  it("without a handler only collects", () => {
    const sink = createWarningSink();
    sink.warn("test.only", "only");
    expect(sink.warnings).toEqual([{ code: "test.only", message: "only" }]);
  });
});
