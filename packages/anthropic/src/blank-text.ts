import type { ContentBlockParam, MessageParam } from "@anthropic-ai/sdk/resources/messages";

/** Whether a string holds nothing but whitespace (the API rejects such text blocks). */
export function isBlank(text: string): boolean {
  return text.trim() === "";
}

/**
 * The blocks without whitespace-only text blocks, which the Messages API rejects ("text content
 * blocks must contain non-whitespace text"; Claude itself streams such blocks, e.g. `"\n\n"` before
 * a tool call or `" "` between cited passages). No character is lost where a neighbour can take
 * it: the whitespace joins the text block right before it, else the one right after it; only
 * whitespace with no adjacent text block is dropped.
 */
export function withoutBlankText<T extends { type: string }>(blocks: readonly T[]): T[] {
  const out: T[] = [];
  let carried = "";
  blocks.forEach((block, i) => {
    if (!isTextBlock(block)) {
      carried = "";
      out.push(block);
      return;
    }
    const text = carried + block.text;
    carried = "";
    if (!isBlank(text)) {
      out.push((text === block.text ? block : { ...block, text }) as T);
      return;
    }
    const previous = out[out.length - 1];
    if (previous !== undefined && isTextBlock(previous) && isTextBlock(blocks[i - 1])) {
      out[out.length - 1] = { ...previous, text: previous.text + text } as T;
    } else if (isTextBlock(blocks[i + 1])) carried = text;
  });
  return out;
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
