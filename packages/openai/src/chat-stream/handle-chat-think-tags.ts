import type { ChatChoiceState, ChatStreamOptions, ChatStreamState } from "./chat-stream-state.js";
import { handleChatReasoning } from "./handle-chat-reasoning.js";
import { handleChatContent } from "./handle-chat-text.js";
import { providerLabel } from "../provider-label.js";

/**
 * The tag pair that encloses reasoning in the content (`<think>` / `</think>`, …), and whether the
 * content starts inside it (the server's chat template opened it: only the closing tag streams).
 */
export interface ThinkTag {
  readonly open: string;
  readonly close: string;
  readonly startInside?: boolean;
}

/** The pair `<name>` / `</name>`. */
export function tagNamed(name: string): ThinkTag {
  return { open: `<${name}>`, close: `</${name}>` };
}

/**
 * The object form of the `thinkTags` option (the names of the Vercel AI SDK's
 * `extractReasoningMiddleware`, for readers who know it).
 */
export interface ThinkTagsOptions {
  /** The tag's name without brackets (default: the label's tag, else `think`). */
  tagName?: string;
  /**
   * The content starts inside the tag: the reasoning streams first and only the closing tag comes
   * (models whose chat template writes the opening tag into the prompt: Qwen3's `-Thinking-2507`
   * models, DeepSeek-R1-0528, GLM through servers that leave reasoning in the content). An opening
   * tag the model writes anyway at the very start is removed too. Default `false`.
   */
  startWithReasoning?: boolean;
}

/** How much leading whitespace `startWithReasoning` holds back while looking for an opening tag. */
const MAX_LEADING_WHITESPACE = 256;

/** The tag servers that leave the reasoning in the content use most (DeepSeek-R1, Qwen, Perplexity, vLLM without a parser). */
const THINK = tagNamed("think");

/**
 * Labels whose models always stream their reasoning inside the content, and the tag they use;
 * their `thinkTags` default is on:
 * - `perplexity`: `sonar-reasoning-pro` "is designed to output a `<think>` section containing
 *   reasoning tokens" before its answer (Perplexity API FAQ);
 * - `bedrock`: Amazon Bedrock's OpenAI-compatible Chat Completions on `bedrock-runtime`
 *   prepends gpt-oss's reasoning to the content as `<reasoning>…</reasoning>`, streamed or not
 *   (AWS samples and clients strip it: ren8k/aws-gpt-oss-samples, promptfoo#9587,
 *   CherryHQ/cherry-studio#10225); the `bedrock-mantle` endpoint streams `delta.reasoning`
 *   instead, read whatever the label.
 */
export const THINK_TAG_LABELS: ReadonlyMap<string, ThinkTag> = new Map([
  ["perplexity", THINK],
  ["bedrock", tagNamed("reasoning")],
]);

/**
 * The tag read as reasoning in the content, or undefined when none is: the `thinkTags` option
 * (`true` → the label's tag, else `<think>`; an object → its `tagName` or that default, and its
 * `startWithReasoning`), else the default of {@link THINK_TAG_LABELS}. An object whose `tagName`
 * is no usable name (empty, or holding `<`, `>` or whitespace) keeps the default name.
 */
export function thinkTagOf(options: ChatStreamOptions): ThinkTag | undefined {
  const labelTag = THINK_TAG_LABELS.get(providerLabel(options));
  const option = options.thinkTags;
  if (option === false) return undefined;
  if (option === true) return labelTag ?? THINK;
  if (option !== null && typeof option === "object") {
    const name = typeof option.tagName === "string" && /^[^<>\s]+$/.test(option.tagName) ? option.tagName : undefined;
    const base = name !== undefined ? tagNamed(name) : (labelTag ?? THINK);
    return option.startWithReasoning === true ? { ...base, startInside: true } : base;
  }
  return labelTag;
}

/**
 * Where a choice's content is with `thinkTags` on: inside a think block or not, a possible tag
 * start held back, and (`startWithReasoning`) whether nothing has been read yet, so that an
 * opening tag the model writes anyway can still be removed.
 */
export interface ThinkTagState {
  inside: boolean;
  held: string;
  atStart?: boolean;
}

/**
 * `thinkTags` (opt-in): `delta.content` holding the model's reasoning between `<think>` and
 * `</think>` (or the label's own tag, {@link THINK_TAG_LABELS}) (Groq's `reasoning_format: "raw"`, Together's DeepSeek-R1, vLLM or llama.cpp run
 * without a reasoning parser) → the reasoning message for what is inside, the assistant text for
 * what is outside, the tags themselves removed. A tag split over chunks is recognised: the few
 * characters that may start one are held back until the next fragment (or the end of the choice,
 * {@link flushThinkTags}) tells; everything else passes byte for byte.
 */
export function handleThinkTaggedContent(
  state: ChatStreamState,
  choice: ChatChoiceState,
  tag: ThinkTag,
  delta: string,
  tags: ThinkTagState = (choice.thinkTags ??= tag.startInside === true ? { inside: true, held: "", atStart: true } : { inside: false, held: "" }),
): void {
  let rest = tags.held + delta;
  tags.held = "";
  if (tags.atStart === true) {
    // Started inside: an opening tag written anyway at the very start (after whitespace) is dropped.
    const lead = rest.length - rest.trimStart().length;
    const after = rest.slice(lead);
    if (after.startsWith(tag.open)) {
      tags.atStart = false;
      rest = rest.slice(0, lead) + after.slice(tag.open.length);
    } else if (tag.open.startsWith(after) && lead <= MAX_LEADING_WHITESPACE) {
      // Whitespace, or the start of the tag so far: wait for the next fragment (bounded).
      tags.held = rest;
      return;
    } else tags.atStart = false;
  }
  while (rest !== "") {
    const next = tags.inside ? tag.close : tag.open;
    const at = rest.indexOf(next);
    if (at !== -1) {
      emit(state, choice, tags.inside, rest.slice(0, at));
      tags.inside = !tags.inside;
      rest = rest.slice(at + next.length);
      continue;
    }
    const keep = partialTagLength(rest, next);
    emit(state, choice, tags.inside, rest.slice(0, rest.length - keep));
    tags.held = rest.slice(rest.length - keep);
    return;
  }
  // A fragment that was exactly a tag, or empty: empty fragments of open text still pass.
  if (delta === "") emit(state, choice, tags.inside, "");
}

/** The end of the choice: characters held back as a possible tag start (of `thinkTags`, or of Gemini's thoughts) were not one. */
export function flushThinkTags(state: ChatStreamState, choice: ChatChoiceState): void {
  for (const tags of [choice.thinkTags, choice.geminiThought]) flushHeld(state, choice, tags);
}

/** Writes what `tags` held back as a possible tag start, to the side of the tag it was on. */
export function flushHeld(state: ChatStreamState, choice: ChatChoiceState, tags: ThinkTagState | undefined): void {
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
