import { describe, expect, it } from "vitest";
import { errorFrameMessage } from "../src/adapter.js";

describe("errorFrameMessage (the Stainless SDKs' APIError.makeMessage for an error frame)", () => {
  it("takes the body's message, else the JSON of the body, else the fixed text", () => {
    expect(errorFrameMessage({ message: "Overloaded", type: "overloaded_error" })).toBe("Overloaded");
    expect(errorFrameMessage({ message: { detail: 1 } })).toBe('{"detail":1}');
    expect(errorFrameMessage({ message: "", code: "x" })).toBe('{"message":"","code":"x"}');
    expect(errorFrameMessage("busy")).toBe('"busy"');
    for (const empty of [undefined, null, "", 0]) expect(errorFrameMessage(empty)).toBe("(no status code or body)");
  });
});
