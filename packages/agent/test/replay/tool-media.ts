/**
 * Tool results that carry media (AG-UI: a tool message's content as parts, "media travel as parts
 * of their own"): a PNG image and a PDF document as inline bytes, and where each API must get them.
 *
 * - Anthropic: inside the `tool_result` block, as `image` / `document` blocks with a base64 source
 *   (`ToolResultBlockParam.content`).
 * - OpenAI Responses: inside the `function_call_output`, as `input_image` (a data URL) and
 *   `input_file` (`file_data` as a data URL, with a `filename`) items.
 * - OpenAI Chat Completions: nowhere: a `tool` message takes text only
 *   (`ChatCompletionToolMessageParam.content`), so the media is dropped with a warning.
 * - Gemini 3 and later: in `functionResponse.parts` of the response it belongs to ("Multimodal
 *   function responses", https://ai.google.dev/gemini-api/docs/function-calling#multimodal).
 * - Earlier Gemini models: no `functionResponse.parts` (400 "Multimodal function responses are not
 *   supported for this model"); the media goes as ordinary `inlineData` parts after the function
 *   responses, in the same user content (so it stays with the step it answers).
 */
import type { Message } from "@agui-bridge/core/adapter";
import type { SwapApi } from "./providers.js";
import { takesMediaInFunctionResponses } from "./request-checks.js";

/** A 1×1 PNG. */
export const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
/** A minimal PDF (`%PDF-1.4` … `%%EOF`). */
export const PDF_BASE64 = "JVBERi0xLjQKMSAwIG9iago8PC9UeXBlL0NhdGFsb2c+PgplbmRvYmoKdHJhaWxlcgo8PC9Sb290IDEgMCBSPj4KJSVFT0YK";

/** The content of a tool result: its JSON text, then an image (PNG) or a document (PDF). */
export function mediaResult(text: string, kind: "image" | "document"): Extract<Message, { role: "tool" }>["content"] {
  return [
    { type: "text", text },
    kind === "image" ? { type: "image", source: { type: "data", value: PNG_BASE64, mimeType: "image/png" } } : { type: "document", source: { type: "data", value: PDF_BASE64, mimeType: "application/pdf" } },
  ];
}

type Json = Record<string, unknown>;
const records = (value: unknown): Json[] => (Array.isArray(value) ? value.filter((v): v is Json => typeof v === "object" && v !== null) : []);

/**
 * Where the PNG and the PDF of the tool results are in `body` (sent to `api`; `model`: the Gemini
 * model) compared with where that API takes them; `expected`: which of them the results held.
 */
export function toolMediaProblems(api: SwapApi, body: unknown, model: string | undefined, expected: ReadonlyArray<"image" | "document"> = ["image", "document"]): string[] {
  const request = (body ?? {}) as Json;
  const problems: string[] = [];
  const expect = (ok: boolean, what: string): void => {
    if (!ok) problems.push(what);
  };
  const wants = (kind: "image" | "document"): boolean => expected.includes(kind);
  switch (api) {
    case "anthropic": {
      const results = records(request.messages).flatMap((m) => records(m.content)).filter((b) => b.type === "tool_result");
      const inside = results.flatMap((r) => records(r.content));
      const base64 = (type: string, mediaType: string, data: string) => inside.some((b) => b.type === type && (b.source as Json | undefined)?.type === "base64" && (b.source as Json).media_type === mediaType && (b.source as Json).data === data);
      if (wants("image")) expect(base64("image", "image/png", PNG_BASE64), "the PNG is an image block with a base64 source inside a tool_result");
      if (wants("document")) expect(base64("document", "application/pdf", PDF_BASE64), "the PDF is a document block with a base64 source inside a tool_result");
      const loose = records(request.messages).flatMap((m) => records(m.content)).filter((b) => b.type === "image" || b.type === "document");
      expect(loose.length === 0, "no tool media outside its tool_result");
      break;
    }
    case "openai-responses": {
      const outputs = records(request.input).filter((it) => it.type === "function_call_output").flatMap((it) => records(it.output));
      if (wants("image")) expect(outputs.some((p) => p.type === "input_image" && p.image_url === `data:image/png;base64,${PNG_BASE64}`), "the PNG is an input_image data URL inside a function_call_output");
      if (wants("document")) expect(outputs.some((p) => p.type === "input_file" && p.file_data === `data:application/pdf;base64,${PDF_BASE64}` && typeof p.filename === "string"), "the PDF is an input_file with file_data and a filename inside a function_call_output");
      break;
    }
    case "openai-chat": {
      const sent = JSON.stringify(request.messages);
      expect(!sent.includes(PNG_BASE64) && !sent.includes(PDF_BASE64), "Chat gets no tool media (tool messages take text only)");
      break;
    }
    case "google": {
      const contents = records(request.contents);
      const responses = contents.flatMap((c) => records(c.parts)).map((p) => p.functionResponse as Json | undefined).filter((r): r is Json => r !== undefined);
      const blob = (parts: Json[], mimeType: string, data: string) => parts.some((p) => (p.inlineData as Json | undefined)?.mimeType === mimeType && (p.inlineData as Json).data === data);
      const inResponses = responses.flatMap((r) => records(r.parts));
      if (takesMediaInFunctionResponses(model)) {
        if (wants("image")) expect(blob(inResponses, "image/png", PNG_BASE64), "Gemini 3: the PNG is inlineData in functionResponse.parts");
        if (wants("document")) expect(blob(inResponses, "application/pdf", PDF_BASE64), "Gemini 3: the PDF is inlineData in functionResponse.parts");
        expect(contents.every((c) => !records(c.parts).some((p) => p.inlineData !== undefined && records(c.parts).some((q) => q.functionResponse !== undefined))), "Gemini 3: no tool media beside the function responses");
      } else {
        expect(inResponses.length === 0 && responses.every((r) => r.parts === undefined), `${model ?? "no model"}: no functionResponse.parts`);
        // The moved media follows every function response of its user content.
        const holder = contents.filter((c) => c.role === "user" && records(c.parts).some((p) => p.functionResponse !== undefined) && records(c.parts).some((p) => p.inlineData !== undefined));
        const after = holder.flatMap((c) => {
          const parts = records(c.parts);
          const lastResponse = parts.map((p) => p.functionResponse !== undefined).lastIndexOf(true);
          return parts.slice(lastResponse + 1);
        });
        if (wants("image")) expect(blob(after, "image/png", PNG_BASE64), `${model ?? "no model"}: the PNG is an inlineData part after the function responses of its user content`);
        if (wants("document")) expect(blob(after, "application/pdf", PDF_BASE64), `${model ?? "no model"}: the PDF is an inlineData part after the function responses of its user content`);
        const misplaced = holder.some((c) => {
          const parts = records(c.parts);
          return parts.findIndex((p) => p.inlineData !== undefined) < parts.map((p) => p.functionResponse !== undefined).lastIndexOf(true);
        });
        expect(!misplaced, `${model ?? "no model"}: no tool media between the function responses`);
      }
      break;
    }
  }
  return problems;
}
