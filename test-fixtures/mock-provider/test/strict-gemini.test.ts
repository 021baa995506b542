/**
 * Strict mode's Gemini function response and tool rules (gemini-validation.ts): each malformed
 * request gets the API's 400 (the same body passes a lax mock, so the rule is what refuses it), and
 * the well-formed request beside it passes.
 */
import { describe, expect, it } from "vitest";
import { post as postTo, strictAndLaxMocks, type Answer } from "./strict-answers.js";
import type { MockProvider } from "../src/index.js";

const mocks = strictAndLaxMocks();
const PATH = "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse";
const post = (mock: MockProvider, body: unknown): Promise<Answer> => postTo(mock, PATH, body);

type Body = Record<string, unknown>;
const ask = { role: "user", parts: [{ text: "hi" }] };
const calling = (...names: string[]) => ({ role: "model", parts: names.map((name) => ({ functionCall: { name, args: {} } })) });
const replying = (...responses: Body[]) => ({ role: "user", parts: responses.map((functionResponse) => ({ functionResponse })) });
const declare = (...names: string[]) => ({ functionDeclarations: names.map((name) => ({ name, description: "d", parameters: { type: "object" } })) });
const nameRule = (i: number, j: number) =>
  `\n  * tools[${i}].function_declarations[${j}].name: [FIELD_INVALID] Invalid function name. Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores (_), dots (.), colons (:), or dashes (-), with a maximum length of 64.`;

const refusals: [string, Body, string][] = [
  [
    "a function response that is a list",
    { contents: [ask, calling("f"), replying({ name: "f", response: [{ ok: true }] })] },
    "Invalid JSON payload received. Unknown name \"response\" at 'contents[2].parts[0].function_response': Proto field is not repeating, cannot start list.",
  ],
  [
    "function responses without a name (each listed)",
    { contents: [ask, calling("f", "g"), replying({ response: { ok: true } }, { name: "", response: { ok: true } })] },
    "* GenerateContentRequest.contents[2].parts[0].function_response.name: Name cannot be empty.\n* GenerateContentRequest.contents[2].parts[1].function_response.name: Name cannot be empty.\n",
  ],
  ["a function name with a slash", { contents: [ask], tools: [declare("files/read")] }, `The GenerateContentRequest proto is invalid:${nameRule(0, 0)}`],
  [
    "function names starting with a digit, or of 65 characters (each listed)",
    { contents: [ask], tools: [declare("ok", "2fa"), declare("a".repeat(65))] },
    `The GenerateContentRequest proto is invalid:${nameRule(0, 1)}${nameRule(1, 0)}`,
  ],
  ["a function calling config with only a built-in tool", { contents: [ask], tools: [{ googleSearch: {} }], toolConfig: { functionCallingConfig: { mode: "ANY" } } }, "Function calling config is set without function_declarations."],
  ["a function calling config with no tools", { contents: [ask], toolConfig: { functionCallingConfig: { mode: "AUTO" } } }, "Function calling config is set without function_declarations."],
];

describe("strict Gemini: the function response and tool 400s", () => {
  it.each(refusals)("refuses %s", async (_, body, message) => {
    expect((await post(mocks.lax, body)).status).toBe(200);
    expect(await post(mocks.strict, body)).toEqual({ status: 400, body: { error: { code: 400, message, status: "INVALID_ARGUMENT" } } });
  });

  it.each<[string, Body]>([
    ["named function responses with object responses", { contents: [ask, calling("f", "g"), replying({ name: "f", response: { result: [1, 2] } }, { name: "g", response: {} })] }],
    [
      "function names with letters, digits, underscores, dots, colons and dashes, 64 long, and a function calling config",
      { contents: [ask], tools: [declare("_private", "mcp:files.read-v2", `a${"b".repeat(63)}`)], toolConfig: { functionCallingConfig: { mode: "ANY", allowedFunctionNames: ["_private"] } } },
    ],
    ["a built-in tool with a tool config that is not function calling", { contents: [ask], tools: [{ googleSearch: {} }], toolConfig: { retrievalConfig: { languageCode: "en" } } }],
  ])("passes %s", async (_, body) => {
    expect(await post(mocks.strict, body)).toMatchObject({ status: 200 });
  });
});
