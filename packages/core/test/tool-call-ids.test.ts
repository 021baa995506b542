import { describe, expect, it } from "vitest";
import { createToolCallIdMap, mapToolCallId, REQUEST_WARNINGS, toolCallIdFor, type ToolCallIdRule } from "../src/adapter.js";

const anthropic: ToolCallIdRule = { provider: "Anthropic", allowed: /[a-zA-Z0-9_-]/ };
const chat: ToolCallIdRule = { provider: "OpenAI Chat Completions", maxLength: 40 };

describe("tool call ids another provider minted (mapToolCallId)", () => {
  it("keeps an id the rule accepts byte for byte", () => {
    for (const id of ["toolu_01Paris", "call_paris7Qx", "8db6b540-7311-4d90-8df1-604a74c8cc29"]) expect(mapToolCallId(id, anthropic)).toBe(id);
    expect(mapToolCallId("x".repeat(40), chat)).toBe("x".repeat(40));
  });

  it("maps a rejected id into the rule, the same way every time, distinct ids staying distinct", () => {
    const ids = ["functions.get_weather:0", "functions.get_weather:1", "functions_get_weather_0", "call|fc_1", "ünï cödé", ""];
    const mapped = ids.map((id) => mapToolCallId(id, anthropic));
    for (const id of mapped) expect(id).toMatch(/^[a-zA-Z0-9_-]+$/);
    expect(new Set(mapped).size).toBe(ids.length);
    expect(ids.map((id) => mapToolCallId(id, anthropic))).toEqual(mapped);
    expect(mapped[0]?.startsWith("functions_get_weather_0")).toBe(true);
  });

  it("cuts a long id to the maximum, keeping long ids that share a prefix apart", () => {
    const a = `ws_${"6".repeat(60)}a`;
    const b = `ws_${"6".repeat(60)}b`;
    for (const id of [a, b]) expect(mapToolCallId(id, chat).length).toBeLessThanOrEqual(40);
    expect(mapToolCallId(a, chat)).not.toBe(mapToolCallId(b, chat));
  });

  it("meets an exact-length alphanumeric rule (Mistral: a-z, A-Z, 0-9, a length of 9)", () => {
    const mistral: ToolCallIdRule = { provider: "Mistral", allowed: /[a-zA-Z0-9]/, minLength: 9, maxLength: 9 };
    expect(mapToolCallId("D681PevKs", mistral)).toBe("D681PevKs");
    const ids = ["toolu_01Paris", "toolu_01Tokyo", "call_8I6muAnyFaBjKyotk1gPRTwU", "functions.get_weather:0", "ab", "8db6b540-7311-4d90-8df1-604a74c8cc29"];
    const mapped = ids.map((id) => mapToolCallId(id, mistral));
    for (const id of mapped) expect(id).toMatch(/^[a-zA-Z0-9]{9}$/);
    expect(new Set(mapped).size).toBe(ids.length);
  });

  it("reports a mapped call id once, with what it was sent as", () => {
    const warnings: Array<{ code: string; details?: Record<string, unknown> }> = [];
    const sink = { warn: (code: string, _message: string, details?: Record<string, unknown>) => void warnings.push({ code, ...(details !== undefined && { details }) }) };
    const call = { id: "functions.get_weather:0", type: "function" as const, function: { name: "get_weather", arguments: "{}" } };
    const sent = toolCallIdFor(call, anthropic, sink);
    expect(sent).toBe(mapToolCallId(call.id, anthropic));
    expect(warnings).toEqual([{ code: REQUEST_WARNINGS.toolCallIdMapped, details: { toolCallId: call.id, sentAs: sent } }]);
    expect(toolCallIdFor({ ...call, id: "toolu_ok" }, anthropic, sink)).toBe("toolu_ok");
    expect(warnings).toHaveLength(1);
  });
});

describe("createToolCallIdMap (one request's id map)", () => {
  it("maps calls and results alike, reports each mapped id once, and passes accepted ids silently", () => {
    const warnings: Array<{ code: string; details?: Record<string, unknown> }> = [];
    const sink = { warn: (code: string, _message: string, details?: Record<string, unknown>) => warnings.push({ code, ...(details && { details }) }) };
    const rule: ToolCallIdRule = { provider: "Mistral", allowed: /[a-zA-Z0-9]/, minLength: 9, maxLength: 9 };
    const idFor = createToolCallIdMap(rule, sink);
    const call = idFor("call_PTLP8xhu3uwZk4l3nlnrrJha");
    expect(call).toMatch(/^[a-zA-Z0-9]{9}$/);
    expect(idFor("call_PTLP8xhu3uwZk4l3nlnrrJha")).toBe(call);
    expect(idFor("abcDEF123")).toBe("abcDEF123");
    expect(idFor("functions.add:0")).not.toBe(call);
    expect(warnings.map((w) => [w.code, w.details?.toolCallId])).toEqual([
      [REQUEST_WARNINGS.toolCallIdMapped, "call_PTLP8xhu3uwZk4l3nlnrrJha"],
      [REQUEST_WARNINGS.toolCallIdMapped, "functions.add:0"],
    ]);
  });
});
