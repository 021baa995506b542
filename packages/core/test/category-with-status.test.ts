/**
 * The status rule every adapter applies after its own tables: what an HTTP status says for certain
 * corrects a generic body code, so a refused request is not retried as a server error.
 */
import { describe, expect, it } from "vitest";
import { categoryWithStatus } from "../src/adapter.js";

describe("categoryWithStatus", () => {
  it("402 is quota and 413 request_too_large, whatever the body's code said", () => {
    // DeepSeek's 402 "Insufficient Balance" (code invalid_request_error), OpenAI's 413 server_error, Groq's 413 rate_limit_exceeded.
    expect(categoryWithStatus("invalid_request", 402)).toBe("quota");
    expect(categoryWithStatus("server", 413)).toBe("request_too_large");
    expect(categoryWithStatus("rate_limit", 413)).toBe("request_too_large");
    expect(categoryWithStatus(undefined, 402)).toBe("quota");
  });

  it("a generic server reading of a 503 or 504 is the status's overloaded or timeout", () => {
    expect(categoryWithStatus("server", 503)).toBe("overloaded");
    expect(categoryWithStatus("server", 504)).toBe("timeout");
    expect(categoryWithStatus("server", 500)).toBe("server");
  });

  it("a specific reading stands; none leaves the decision to the adapter's fallbacks", () => {
    expect(categoryWithStatus("quota", 429)).toBe("quota");
    expect(categoryWithStatus("context_length", 400)).toBe("context_length");
    expect(categoryWithStatus("overloaded", 500)).toBe("overloaded");
    expect(categoryWithStatus(undefined, 500)).toBeUndefined();
    expect(categoryWithStatus("auth", undefined)).toBe("auth");
  });
});
