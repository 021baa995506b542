import type { ContentBlockParam, MessageParam } from "@anthropic-ai/sdk/resources/messages";

/** Whether a string holds nothing but whitespace (the API rejects such text blocks). */
export function isBlank(text: string): boolean {
  return text.trim() === "";
}

/**
 * The blocks of one message as the Messages API accepts them. It rejects an empty text block
 * anywhere ("text content blocks must be non-empty") and a message whose text is nothing but
 * whitespace ("text content blocks must contain non-whitespace text"), while whitespace-only
 * blocks beside real text pass (Claude itself streams them: `" "` between cited passages). So:
 * empty text blocks are dropped; when no text block of the message holds non-whitespace text
 * (e.g. the `"\n\n"` Claude streams before a tool call), its text blocks are dropped; otherwise
 * the blocks are sent exactly as they are (thinking signatures bind the conversation before them).
 */
export function withoutBlankText<T extends { type: string }>(blocks: readonly T[]): T[] {
  const keepWhitespace = blocks.some((block) => isTextBlock(block) && !isBlank(block.text));
  return blocks.filter((block) => {
    if (!isTextBlock(block)) return true;
    return keepWhitespace && block.text !== "";
  });
}

/**
 * A final assistant turn must not end with whitespace ("final assistant content cannot end with
 * trailing whitespace"): its last text block is trimmed at the end (and dropped when nothing is
 * left, the turn with it when it empties).
 */
export function trimFinalAssistantTurn(turns: MessageParam[]): void {
  const last = turns[turns.length - 1];
  if (last === undefined || last.role !== "assistant" || !Array.isArray(last.content)) return;
  const content: ContentBlockParam[] = last.content;
  const block = content[content.length - 1];
  if (block === undefined || block.type !== "text") return;
  const text = block.text.trimEnd();
  if (text === block.text) return;
  if (text === "") content.pop();
  else content[content.length - 1] = { ...block, text };
  if (content.length === 0) turns.pop();
}

function isTextBlock(block: unknown): block is { type: "text"; text: string } {
  return typeof block === "object" && block !== null && (block as { type?: unknown }).type === "text" && typeof (block as { text?: unknown }).text === "string";
}
