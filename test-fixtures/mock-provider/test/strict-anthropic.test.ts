/**
 * Strict mode's Anthropic block and parameter rules (anthropic-validation.ts,
 * anthropic-params-validation.ts): each malformed request gets the API's 400 (the same body passes
 * a lax mock, so the rule is what refuses it), and the well-formed request beside it passes.
 */
import { describe, expect, it } from "vitest";
import { post as postTo, strictAndLaxMocks, type Answer } from "./strict-answers.js";
import type { MockProvider } from "../src/index.js";

const mocks = strictAndLaxMocks();
const post = (mock: MockProvider, body: unknown, headers?: Record<string, string>): Promise<Answer> => postTo(mock, "/v1/messages", body, headers);

type Body = Record<string, unknown>;
const user = (content: unknown) => ({ role: "user", content });
const assistant = (content: unknown) => ({ role: "assistant", content });
const request = (messages: unknown[], extra: Body = {}): Body => ({ model: "m", max_tokens: 4096, stream: true, messages, ...extra });
const call = (id: string, input: unknown = {}) => ({ type: "tool_use", id, name: "f", input });
const result = (id: string) => ({ type: "tool_result", tool_use_id: id, content: "ok" });
const thought = { type: "thinking", thinking: "hm", signature: "sig" };
const text = { type: "text", text: "ok" };
const image = (mediaType: string) => ({ type: "image", source: { type: "base64", media_type: mediaType, data: "iVBORw0KGgo=" } });
const tool = (name: string, extra: Body = {}) => ({ name, input_schema: { type: "object" }, ...extra });
const cached = { cache_control: { type: "ephemeral" } };
const enabled = { thinking: { type: "enabled", budget_tokens: 1024 } };

const refusals: [string, Body, string][] = [
  ["a thinking block without its signature", request([user("hi"), assistant([{ type: "thinking", thinking: "hm" }, text]), user("go on")]), "messages.1.content.0.thinking.signature: Field required"],
  ["a thinking block without its thinking", request([user("hi"), assistant([{ type: "thinking", signature: "sig" }, text]), user("go on")]), "messages.1.content.0.thinking.thinking: Field required"],
  ["a redacted_thinking block without data", request([user("hi"), assistant([text, { type: "redacted_thinking" }]), user("go on")]), "messages.1.content.1.redacted_thinking.data: Field required"],
  ["a tool_use input that is a string", request([user("hi"), assistant([text, call("toolu_1", '{"a":1}')]), user([result("toolu_1")])]), "messages.1.content.1.tool_use.input: Input should be a valid dictionary"],
  ["a tool_use input that is an array", request([user("hi"), assistant([call("toolu_1", [])]), user([result("toolu_1")])]), "messages.1.content.0.tool_use.input: Input should be a valid dictionary"],
  ["an image of another media type", request([user([image("image/bmp"), { type: "text", text: "what is it" }])]), "messages.0.content.0.image.source.base64.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'"],
  [
    "an image of another media type inside a tool result",
    request([user("hi"), assistant([call("toolu_1")]), user([{ type: "tool_result", tool_use_id: "toolu_1", content: [image("image/jpg")] }])]),
    "messages.2.content.0.tool_result.content.0.image.source.base64.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'",
  ],
  ["two tool_use blocks with one id in a message", request([user("hi"), assistant([call("toolu_1"), call("toolu_1")]), user([result("toolu_1")])]), "messages.1.content.1: `tool_use` ids must be unique"],
  [
    "a tool_use id reused in a later turn",
    request([user("hi"), assistant([call("toolu_1")]), user([result("toolu_1")]), assistant([call("toolu_1")]), user([result("toolu_1")])]),
    "messages.3.content.0: `tool_use` ids must be unique",
  ],
  [
    "two tool_result blocks for one tool_use",
    request([user("hi"), assistant([call("toolu_1")]), user([result("toolu_1"), result("toolu_1")])]),
    "messages.2.content.1: each tool_use must have a single result. Found multiple `tool_result` blocks with id: toolu_1",
  ],
  ["a custom tool name with a dot", request([user("hi")], { tools: [tool("files.read")] }), "tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'"],
  ["a custom tool name of 129 characters", request([user("hi")], { tools: [tool("ok"), tool("a".repeat(129), { type: "custom" })] }), "tools.1.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'"],
  ["two tools of one name", request([user("hi")], { tools: [tool("web_search"), { type: "web_search_20250305", name: "web_search" }] }), "tools: Tool names must be unique."],
  ["a thinking budget below 1024", request([user("hi")], { thinking: { type: "enabled", budget_tokens: 1023 } }), "thinking.enabled.budget_tokens: Input should be greater than or equal to 1024"],
  [
    "max_tokens equal to the thinking budget",
    request([user("hi")], { max_tokens: 2048, thinking: { type: "enabled", budget_tokens: 2048 } }),
    "`max_tokens` must be greater than `thinking.budget_tokens`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking#max-tokens-and-context-window-size",
  ],
  ["a temperature other than 1 with thinking enabled", request([user("hi")], { ...enabled, temperature: 0.5 }), "`temperature` may only be set to 1 when thinking is enabled or in adaptive mode."],
  ["a temperature other than 1 with adaptive thinking", request([user("hi")], { thinking: { type: "adaptive" }, temperature: 0 }), "`temperature` may only be set to 1 when thinking is enabled or in adaptive mode."],
  ["tool_choice any with thinking", request([user("hi")], { ...enabled, tools: [tool("f")], tool_choice: { type: "any" } }), "Thinking may not be enabled when tool_choice forces tool use."],
  ["tool_choice naming a tool with adaptive thinking", request([user("hi")], { thinking: { type: "adaptive" }, tools: [tool("f")], tool_choice: { type: "tool", name: "f" } }), "Thinking may not be enabled when tool_choice forces tool use."],
  [
    "five cache_control breakpoints",
    request([user([{ type: "text", text: "a", ...cached }]), assistant("b"), user([{ type: "text", text: "c", ...cached }])], { tools: [tool("f", cached)], system: [{ type: "text", text: "s", ...cached }], ...cached }),
    "A maximum of 4 blocks with cache_control may be provided. Found 5.",
  ],
  [
    "five breakpoints counting one inside a tool result",
    request([
      user([{ type: "text", text: "a", ...cached }]),
      assistant([call("toolu_1")]),
      user([{ type: "tool_result", tool_use_id: "toolu_1", content: [{ type: "text", text: "r", ...cached }], ...cached }, { type: "text", text: "c", ...cached }]),
    ], { system: [{ type: "text", text: "s", ...cached }] }),
    "A maximum of 4 blocks with cache_control may be provided. Found 5.",
  ],
];

describe("strict Anthropic: the block and parameter 400s", () => {
  it.each(refusals)("refuses %s", async (_, body, message) => {
    expect((await post(mocks.lax, body)).status).toBe(200);
    const answer = await post(mocks.strict, body);
    expect(answer).toEqual({ status: 400, body: { type: "error", error: { type: "invalid_request_error", message }, request_id: expect.any(String) as unknown } });
    expect(mocks.strict.requests.at(-1)?.rejected).toBe(message);
  });

  it.each<[string, Body]>([
    ["signed thinking, redacted thinking with data, an object input", request([user("hi"), assistant([thought, { type: "redacted_thinking", data: "opaque" }, call("toolu_1", { a: 1 })]), user([result("toolu_1")])], enabled)],
    ["a thinking block with an empty signature (a compatible server's own)", request([user("hi"), assistant([{ type: "thinking", thinking: "hm", signature: "" }, text]), user("go on")])],
    ["the four image media types, in a tool result too", request([user("hi"), assistant([call("toolu_1")]), user([{ type: "tool_result", tool_use_id: "toolu_1", content: [image("image/gif")] }, image("image/jpeg"), image("image/png"), image("image/webp")])])],
    ["an image by URL (no media type)", request([user([{ type: "image", source: { type: "url", url: "https://example.com/a.bmp" } }])])],
    ["parallel calls with distinct ids, each answered once", request([user("hi"), assistant([call("toolu_1"), call("toolu_2")]), user([result("toolu_2"), result("toolu_1")]), assistant([call("toolu_3")]), user([result("toolu_3")])])],
    ["tool names of 128 characters, dashes and underscores, beside a server tool", request([user("hi")], { tools: [tool("a".repeat(128)), tool("get-weather_2"), { type: "web_search_20250305", name: "web_search" }] })],
    ["a budget of 1024 below max_tokens, temperature 1, tool_choice auto", request([user("hi")], { ...enabled, max_tokens: 1025, temperature: 1, tools: [tool("f")], tool_choice: { type: "auto" } })],
    ["temperature and a forced tool without thinking", request([user("hi")], { temperature: 0.2, tools: [tool("f")], tool_choice: { type: "tool", name: "f" } })],
    ["thinking disabled with a forced tool", request([user("hi")], { thinking: { type: "disabled" }, tools: [tool("f")], tool_choice: { type: "any" } })],
    [
      "four cache_control breakpoints (top-level, tool, system, message)",
      request([user([{ type: "text", text: "a", ...cached }])], { tools: [tool("f", cached)], system: [{ type: "text", text: "s", ...cached }], ...cached }),
    ],
  ])("passes %s", async (_, body) => {
    expect(await post(mocks.strict, body)).toMatchObject({ status: 200 });
  });

  it("thinking enabled: an open tool loop's turn starts with thinking (the API's 400 otherwise), its later steps need none; adaptive thinking and a closed loop are not held to it", async () => {
    const loop = (first: unknown[]) => [user("hi"), assistant([...first, call("toolu_1")]), user([result("toolu_1")])];
    const refused = request(loop([text]), enabled);
    expect((await post(mocks.lax, refused)).status).toBe(200);
    expect(await post(mocks.strict, refused)).toMatchObject({
      status: 400,
      body: {
        error: {
          message:
            "messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found `text`. When `thinking` is enabled, a final `assistant` message must start with a thinking block (preceeding the lastmost set of `tool_use` and `tool_result` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable `thinking`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking",
        },
      },
    });
    expect((await post(mocks.strict, request(loop([]), enabled))).status).toBe(400);
    expect((await post(mocks.strict, request(loop([thought]), enabled))).status).toBe(200);
    expect((await post(mocks.strict, request(loop([{ type: "redacted_thinking", data: "opaque" }]), enabled))).status).toBe(200);
    expect((await post(mocks.strict, request(loop([]), { thinking: { type: "adaptive" } }))).status).toBe(200);
    expect((await post(mocks.strict, request(loop([])))).status).toBe(200);
    // A loop's later steps carry no thinking (only the turn's opening message must start with it).
    const steps = (opening: unknown[], later: unknown[]) => [user("hi"), assistant([...opening, call("toolu_1")]), user([result("toolu_1")]), assistant([...later, call("toolu_2")]), user([result("toolu_2")])];
    expect((await post(mocks.strict, request(steps([thought], []), enabled))).status).toBe(200);
    expect(await post(mocks.strict, request(steps([], [thought]), enabled))).toMatchObject({ status: 400, body: { error: { message: expect.stringMatching(/^messages\.1\.content\.0\.type: Expected `thinking`/) as unknown } } });
    // A fallback boundary before the thinking (the API's own order) passes; one with no thinking after it does not.
    const boundary = { type: "fallback", from: { model: "claude-opus-4-1" }, to: { model: "claude-sonnet-4-5" } };
    expect((await post(mocks.strict, request(loop([boundary, thought]), enabled))).status).toBe(200);
    expect((await post(mocks.strict, request(loop([boundary]), enabled))).status).toBe(400);
    // The loop closed by a user message: no requirement.
    expect((await post(mocks.strict, request([...loop([]), assistant([text]), user("thanks")], enabled))).status).toBe(200);
  });

  it("a budget above max_tokens passes with the interleaved thinking beta (header, or Bedrock's body field)", async () => {
    const body = request([user("hi")], { max_tokens: 2000, thinking: { type: "enabled", budget_tokens: 8000 } });
    expect((await post(mocks.strict, body)).status).toBe(400);
    expect((await post(mocks.strict, body, { "anthropic-beta": "fine-grained-tool-streaming-2025-05-14, interleaved-thinking-2025-05-14" })).status).toBe(200);
    expect((await post(mocks.strict, { ...body, anthropic_beta: ["interleaved-thinking-2025-05-14"] })).status).toBe(200);
  });
});
