/**
 * resultContent never walks without bound: a value whose toJSON hands back a fresh object holding
 * itself twice (each level new, so no path cycle is seen) would branch 2^256 times under the depth
 * cap alone. The walk stops at core's node budget; the toJSON below throws past a generous count
 * instead of hanging, so the unbounded walk fails the test rather than stalling it.
 */
import { DEFAULT_MAX_VALUE_NODES, OMITTED_VALUE } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { resultContent } from "../src/result-json.js";

describe("resultContent: bounded walk", () => {
  it("stops a self-multiplying toJSON at the node budget", () => {
    let calls = 0;
    const value = {
      toJSON(): unknown {
        if (++calls > 4 * DEFAULT_MAX_VALUE_NODES) throw new Error("walked without bound");
        return { a: this, b: this };
      },
    };
    const json = resultContent(value);
    expect(json).toContain(JSON.stringify(OMITTED_VALUE));
    expect(calls).toBeLessThanOrEqual(2 * DEFAULT_MAX_VALUE_NODES + 2);
  });

  it("still writes a shared (non-cyclic) value at every place it appears", () => {
    const shared = { v: 1 };
    expect(resultContent({ a: shared, b: [shared] })).toBe('{"a":{"v":1},"b":[{"v":1}]}');
  });
});
