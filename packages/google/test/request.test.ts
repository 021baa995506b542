import type { BridgeWarning, Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { PLACEHOLDER_THOUGHT_SIGNATURE, toGenerateContentRequest } from "../src/index.js";

const google = { "agui-bridge": { provider: "google" } };
const anthropic = { "agui-bridge": { provider: "anthropic" } };

describe("toGenerateContentRequest", () => {
  it("system/developer messages and context become systemInstruction; tools become functionDeclarations", () => {
    const { params, warnings } = toGenerateContentRequest({
      messages: [
        { id: "s", role: "system", content: "Be brief." },
        { id: "d", role: "developer", content: "Use metric units." },
        { id: "u", role: "user", content: "Weather?" },
      ],
      context: [{ description: "city", value: "Paris" }],
      tools: [
        { name: "get_weather", description: "Weather", parameters: { type: "object", properties: { city: { type: "string" } } } },
        { name: "now", description: "Time" },
      ],
    });
    expect(warnings).toEqual([]);
    expect(params.contents).toEqual([{ role: "user", parts: [{ text: "Weather?" }] }]);
    expect(params.config.systemInstruction).toEqual({
      parts: [{ text: "Be brief." }, { text: "Use metric units." }, { text: "Context for this run:\n- city: Paris" }],
    });
    expect(params.config.tools).toEqual([
      {
        functionDeclarations: [
          { name: "get_weather", description: "Weather", parametersJsonSchema: { type: "object", properties: { city: { type: "string" } } } },
          { name: "now", description: "Time" },
        ],
      },
    ]);
  });

  it("user media: data → inlineData, google handle → fileData, foreign handle and bare URL dropped with warnings", () => {
    const warnings: BridgeWarning[] = [];
    const { params } = toGenerateContentRequest(
      {
        messages: [
          {
            id: "u",
            role: "user",
            content: [
              { type: "text", text: "Look" },
              { type: "image", source: { type: "data", value: "AAAA", mimeType: "image/png" } },
              { type: "document", source: { type: "file", value: "files/abc", mimeType: "application/pdf" } },
              { type: "video", source: { type: "file", value: "files/xyz", provider: "google", mimeType: "video/mp4" } },
              { type: "image", source: { type: "file", value: "file-openai", provider: "openai" } },
              { type: "image", source: { type: "url", value: "https://example.com/a.png", mimeType: "image/png" } },
              { type: "image", source: { type: "url", value: "https://example.com/b" } },
              { type: "video", source: { type: "url", value: "https://www.youtube.com/watch?v=x" } },
            ],
          },
        ],
      },
      { onWarning: (w) => warnings.push(w) },
    );
    expect(params.contents[0]?.parts).toEqual([
      { text: "Look" },
      { inlineData: { data: "AAAA", mimeType: "image/png" } },
      { fileData: { fileUri: "files/abc", mimeType: "application/pdf" } },
      { fileData: { fileUri: "files/xyz", mimeType: "video/mp4" } },
      { fileData: { fileUri: "https://example.com/a.png", mimeType: "image/png" } },
      { fileData: { fileUri: "https://www.youtube.com/watch?v=x" } },
    ]);
    expect(warnings.map((w) => w.code)).toEqual(["request.foreign-file", "request.url-without-mime-type"]);
    expect(JSON.stringify(params)).not.toContain("file-openai");
  });

  it("model turn: thought + text + calls with signatures restored; tool results become functionResponse with the call's name", () => {
    const messages: Message[] = [
      { id: "u", role: "user", content: "Weather in Paris and London?" },
      { id: "r", role: "reasoning", content: "Two cities.", encryptedValue: "sig-r", metadata: google },
      {
        id: "a",
        role: "assistant",
        content: "Checking.",
        encryptedValue: "sig-a",
        metadata: google,
        toolCalls: [
          { id: "c1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' }, encryptedValue: "sig-c1", metadata: { "agui-bridge": { provider: "google", functionCallId: "fc-1" } } },
          { id: "c2", type: "function", function: { name: "get_weather", arguments: '{"city":"London"}' }, metadata: google },
        ],
      },
      { id: "t1", role: "tool", toolCallId: "c1", content: '{"temp":18}' },
      { id: "t2", role: "tool", toolCallId: "c2", content: "rainy", error: "timeout" },
    ];
    const { params, warnings } = toGenerateContentRequest({ messages });
    expect(warnings).toEqual([]);
    expect(params.contents).toEqual([
      { role: "user", parts: [{ text: "Weather in Paris and London?" }] },
      {
        role: "model",
        parts: [
          { text: "Two cities.", thought: true, thoughtSignature: "sig-r" },
          { text: "Checking.", thoughtSignature: "sig-a" },
          { functionCall: { id: "fc-1", name: "get_weather", args: { city: "Paris" } }, thoughtSignature: "sig-c1" },
          { functionCall: { name: "get_weather", args: { city: "London" } } },
        ],
      },
      {
        role: "user",
        parts: [
          { functionResponse: { id: "fc-1", name: "get_weather", response: { temp: 18 } } },
          { functionResponse: { name: "get_weather", response: { error: "timeout", output: "rainy" } } },
        ],
      },
    ]);
    expect(JSON.stringify(params)).not.toMatch(/partialArgs|willContinue/);
  });

  it("foreign and unknown-origin encrypted values, foreign reasoning and provider-run calls are dropped with warnings", () => {
    const warnings: BridgeWarning[] = [];
    const { params } = toGenerateContentRequest(
      {
        messages: [
          { id: "u", role: "user", content: "hi" },
          { id: "r", role: "reasoning", content: "thinking", encryptedValue: "anthropic-sig", metadata: anthropic },
          {
            id: "a",
            role: "assistant",
            content: "Hello",
            encryptedValue: "unknown-origin",
            toolCalls: [
              { id: "c1", type: "function", function: { name: "f", arguments: "{}" }, encryptedValue: "openai-enc", metadata: { "agui-bridge": { provider: "openai" } } },
              { id: "ws", type: "function", function: { name: "web_search", arguments: "{}" }, metadata: { "agui-bridge": { provider: "openai", providerExecuted: true } } },
              { id: "c2", type: "function", function: { name: "g", arguments: "{}" }, encryptedValue: "x", metadata: { "agui-bridge": { provider: "google", encryptedKind: "anthropic-signature" } } },
            ],
          },
          { id: "t", role: "tool", toolCallId: "ws", content: "results" },
          { id: "o", role: "tool", toolCallId: "nope", content: "orphan" },
        ],
      },
      { onWarning: (w) => warnings.push(w) },
    );
    const text = JSON.stringify(params);
    for (const secret of ["anthropic-sig", "unknown-origin", "openai-enc", "web_search", "orphan", '"x"']) expect(text).not.toContain(secret);
    expect(params.contents[1]).toEqual({
      role: "model",
      // The dropped signatures leave the current turn's first call unsigned: it gets Gemini's placeholder.
      parts: [
        { text: "Hello" },
        { functionCall: { name: "f", args: {} }, thoughtSignature: PLACEHOLDER_THOUGHT_SIGNATURE },
        { functionCall: { name: "g", args: {} } },
      ],
    });
    expect(warnings.map((w) => w.code).sort()).toEqual(
      [
        "request.foreign-reasoning",
        "request.encrypted-value-dropped",
        "request.encrypted-value-dropped",
        "request.foreign-provider-tool",
        "request.encrypted-value-dropped",
        "request.orphan-tool-result",
        // c1 and g have no results: each gets an error response.
        "request.missing-tool-result",
        "request.missing-tool-result",
      ].sort(),
    );
  });

  it("Gemini's own code execution and output media go back into the model turn", () => {
    const pe = (type: string) => ({ "agui-bridge": { provider: "google", providerExecuted: true, providerToolType: type } });
    const { params } = toGenerateContentRequest({
      messages: [
        { id: "u", role: "user", content: "sum and draw" },
        {
          id: "a",
          role: "assistant",
          toolCalls: [
            { id: "x", type: "function", function: { name: "code_execution", arguments: '{"language":"PYTHON","code":"print(1)"}' }, metadata: pe("code_execution") },
            { id: "i", type: "function", function: { name: "image_generation", arguments: "{}" }, encryptedValue: "sig-img", metadata: { "agui-bridge": { ...pe("image_generation")["agui-bridge"], encryptedKind: "google-thought-signature" } } },
          ],
        },
        { id: "xr", role: "tool", toolCallId: "x", content: "1\n", metadata: { "agui-bridge": { provider: "google", outcome: "OUTCOME_OK" } } },
        { id: "ir", role: "tool", toolCallId: "i", content: [{ type: "image", source: { type: "data", value: "PNG", mimeType: "image/png" } }] },
        { id: "a2", role: "assistant", content: "Done." },
      ],
    });
    expect(params.contents).toEqual([
      { role: "user", parts: [{ text: "sum and draw" }] },
      {
        role: "model",
        parts: [
          { executableCode: { language: "PYTHON", code: "print(1)" } },
          { codeExecutionResult: { outcome: "OUTCOME_OK", output: "1\n" } },
          { inlineData: { data: "PNG", mimeType: "image/png" }, thoughtSignature: "sig-img" },
          { text: "Done." },
        ],
      },
    ]);
  });
  it("arguments that are not a JSON object go as { INVALID_JSON: <the text> } with a warning; empty ones as {}", () => {
    const texts = ['{"city": "Par', "[1, 2]", '"Paris"', "not json at all"];
    const { params, warnings } = toGenerateContentRequest({
      messages: [
        { id: "u", role: "user", content: "Weather?" },
        {
          id: "a",
          role: "assistant",
          toolCalls: [
            ...texts.map((text, index) => ({ id: `c${index}`, type: "function" as const, function: { name: "get_weather", arguments: text } })),
            { id: "empty", type: "function" as const, function: { name: "now", arguments: "  " } },
          ],
        },
        ...[...texts.keys()].map((index) => ({ id: `t${index}`, role: "tool" as const, toolCallId: `c${index}`, content: "bad arguments" })),
        { id: "te", role: "tool", toolCallId: "empty", content: "noon" },
      ],
    });
    const args = params.contents.flatMap((content) => content.parts ?? []).flatMap((part) => (part.functionCall === undefined ? [] : [part.functionCall.args]));
    // Byte for byte: the model sees what the call said, not an empty object.
    expect(args).toEqual([...texts.map((text) => ({ INVALID_JSON: text })), {}]);
    expect(warnings.filter((w) => w.code === "request.invalid-tool-arguments").map((w) => w.details?.toolCallId)).toEqual(["c0", "c1", "c2", "c3"]);
  });
});

describe("empty reasoning", () => {
  it("an empty Gemini reasoning message without a signature sends no part; with one it goes back", () => {
    const unsigned = toGenerateContentRequest({
      messages: [
        { id: "u", role: "user", content: "Hi" },
        { id: "r", role: "reasoning", content: "", metadata: google },
        { id: "a", role: "assistant", content: "Hello" },
      ],
    });
    expect(unsigned.params.contents).toEqual([
      { role: "user", parts: [{ text: "Hi" }] },
      { role: "model", parts: [{ text: "Hello" }] },
    ]);
    const signed = toGenerateContentRequest({
      messages: [
        { id: "u", role: "user", content: "Hi" },
        { id: "r", role: "reasoning", content: "", encryptedValue: "sig-r", metadata: google },
        { id: "a", role: "assistant", content: "Hello" },
      ],
    });
    expect(signed.params.contents[1]).toEqual({ role: "model", parts: [{ text: "", thought: true, thoughtSignature: "sig-r" }, { text: "Hello" }] });
  });
});
