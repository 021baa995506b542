import type { ChatChoiceState, ChatStreamOptions, ChatStreamState } from "./chat-stream-state.js";
import { handleChatReasoning } from "./handle-chat-reasoning.js";
import { handleChatContent } from "./handle-chat-text.js";
import { providerLabel } from "../provider-label.js";

/**
 * Labels whose models always stream their reasoning inside the content: Perplexity's
 * `sonar-reasoning-pro` "is designed to output a `<think>` section containing reasoning tokens"
 * before its answer (Perplexity API FAQ). Their `thinkTags` default is on.
 */
export const THINK_TAG_LABELS: ReadonlySet<string> = new Set(["perplexity"]);

/** Whether `<think>…</think>` in the content is read as reasoning: the option, else on for {@link THINK_TAG_LABELS}. */
export function thinkTagsOn(options: ChatStreamOptions): boolean {
  return options.thinkTags ?? THINK_TAG_LABELS.has(providerLabel(options));
}

const OPEN = "<think>";
const CLOSE = "</think>";

/** Where a choice's content is with `thinkTags` on: inside a think block or not, and a possible tag start held back. */
export interface ThinkTagState {
  inside: boolean;
  held: string;
}

/**
 * `thinkTags` (opt-in): `delta.content` holding the model's reasoning between `<think>` and
 * `</think>` (Groq's `reasoning_format: "raw"`, Together's DeepSeek-R1, vLLM or llama.cpp run
 * without a reasoning parser) → the reasoning message for what is inside, the assistant text for
 * what is outside, the tags themselves removed. A tag split over chunks is recognised: the few
 * characters that may start one are held back until the next fragment (or the end of the choice,
 * {@link flushThinkTags}) tells; everything else passes byte for byte.
 */
export function handleThinkTaggedContent(state: ChatStreamState, choice: ChatChoiceState, delta: string): void {
  const tags = (choice.thinkTags ??= { inside: false, held: "" });
  let rest = tags.held + delta;
  tags.held = "";
  while (rest !== "") {
    const tag = tags.inside ? CLOSE : OPEN;
    const at = rest.indexOf(tag);
    if (at !== -1) {
      emit(state, choice, tags.inside, rest.slice(0, at));
      tags.inside = !tags.inside;
      rest = rest.slice(at + tag.length);
      continue;
    }
    const keep = partialTagLength(rest, tag);
    emit(state, choice, tags.inside, rest.slice(0, rest.length - keep));
    tags.held = rest.slice(rest.length - keep);
    return;
  }
  // A fragment that was exactly a tag, or empty: empty fragments of open text still pass.
  if (delta === "") emit(state, choice, tags.inside, "");
}

/** The end of the choice: characters held back as a possible tag start were not one. */
export function flushThinkTags(state: ChatStreamState, choice: ChatChoiceState): void {
  const tags = choice.thinkTags;
  if (tags === undefined || tags.held === "") return;
  const held = tags.held;
  tags.held = "";
  emit(state, choice, tags.inside, held);
}

function emit(state: ChatStreamState, choice: ChatChoiceState, inside: boolean, text: string): void {
  if (inside) {
    if (text !== "") handleChatReasoning(state, choice, text);
  } else handleChatContent(state, choice, text);
}

/** How many characters at the end of `text` are the start of `tag` (held back until the next fragment). */
function partialTagLength(text: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, text.length); n > 0; n--) if (tag.startsWith(text.slice(text.length - n))) return n;
  return 0;
}
