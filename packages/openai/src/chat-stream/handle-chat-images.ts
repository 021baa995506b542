import type { ContentPart } from "@agui-bridge/core/adapter";
import { closeChoiceReasoning, choiceStartMetadata, type ChatChoiceState, type ChatStreamState } from "./chat-stream-state.js";
import { asArray, asRecord, asString } from "../narrow.js";

/** The name (and `providerToolType`) of the call an output image is reported as, as the Google adapter names it. */
const IMAGE_GENERATION = "image_generation";

/**
 * `delta.images` (image output through OpenRouter and the Vercel AI Gateway, `modalities:
 * ["image", "text"]`): entries `{ type: "image_url", image_url: { url } }`, the url a `data:` URL
 * (or a plain URL). Each image becomes a provider-executed call `image_generation` (arguments
 * `{}`, metadata `providerToolType: "image_generation"`) whose TOOL_CALL_RESULT is one image part
 * (a DataSource for a data URL, a UrlSource otherwise), the shape the Google adapter gives output
 * images; an image repeated on a later chunk is reported once.
 */
export function handleChatImages(state: ChatStreamState, choice: ChatChoiceState, images: unknown): void {
  for (const raw of asArray(images) ?? []) {
    const entry = asRecord(raw);
    const url = asString(asRecord(entry?.image_url)?.url) ?? asString(entry?.image_url) ?? asString(entry?.url);
    if (url === undefined || url === "" || choice.imageUrls.has(url)) continue;
    choice.imageUrls.add(url);
    const part = imagePart(url);
    if (part === undefined) continue;
    closeChoiceReasoning(state, choice);
    const { run } = state;
    const toolCallId = run.startToolCall({
      toolCallName: IMAGE_GENERATION,
      parentMessageId: choice.assistantId,
      providerExecuted: true,
      metadata: { providerToolType: IMAGE_GENERATION, ...choiceStartMetadata(choice) },
    });
    run.toolCallArgs(toolCallId, "{}");
    run.toolCallResult({ toolCallId, content: [part], metadata: { providerExecuted: true, providerToolType: IMAGE_GENERATION } });
  }
}

function imagePart(url: string): ContentPart | undefined {
  const data = /^data:([^;,]+)(;base64)?,(.*)$/s.exec(url);
  if (data === null) return { type: "image", source: { type: "url", value: url } } as ContentPart;
  const [, mimeType, base64, value] = data;
  if (base64 === undefined || value === undefined || value === "" || mimeType === undefined) return undefined;
  return { type: "image", source: { type: "data", value, mimeType } } as ContentPart;
}
