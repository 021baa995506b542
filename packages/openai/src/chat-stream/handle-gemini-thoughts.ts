import type { ChatChoiceState, ChatStreamState } from "./chat-stream-state.js";
import { flushHeld, handleThinkTaggedContent, tagNamed } from "./handle-chat-think-tags.js";
import { asRecord } from "../narrow.js";

/** The tags Gemini's OpenAI compatibility wraps thought summaries in. */
const THOUGHT = tagNamed("thought");

/**
 * Gemini's OpenAI-compatible endpoint with thought summaries on (`extra_body.google.thinking_config.
 * include_thoughts: true`) streams them in `delta.content`, wrapped in `<thought>…</thought>`, each
 * such delta flagged `extra_content: { google: { thought: true } }`; the delta that ends the
 * thought is not flagged and begins with `</thought>`, the answer glued to it. Google's
 * compatibility page does not spell the streamed shape out; it is the shape its streams have, as
 * the clients reading them record it (envoyproxy/ai-gateway#1521 parses it out; Go, TypeScript and
 * Rust clients' fixtures carry the same frames). A flagged delta, and what follows until
 * `</thought>`, is the reasoning message (the tags removed, byte for byte otherwise); the rest is
 * text. A flagged delta without the opening tag is reasoning all the same, and an unflagged delta
 * that does not continue with the closing tag ends the thought (its tag never came). Returns
 * whether the content was taken; otherwise it is read as usual. Under the `gemini` dialect the
 * reasoning is not sent back (it was a summary; the thought signatures carry the state).
 */
export function handleGeminiThoughtContent(state: ChatStreamState, choice: ChatChoiceState, delta: Record<string, unknown>, content: string): boolean {
  const flagged = asRecord(asRecord(delta.extra_content)?.google)?.thought === true;
  const open = choice.geminiThought;
  if (!flagged && (open === undefined || (!open.inside && open.held === ""))) return false;
  const tags = (choice.geminiThought ??= { inside: false, held: "" });
  if (flagged && !tags.inside && tags.held === "" && !content.startsWith(THOUGHT.open) && !THOUGHT.open.startsWith(content)) tags.inside = true;
  if (!flagged && tags.inside && !continuesWithClose(tags.held, content)) {
    // The thought ended without its closing tag: what was held back was thought text.
    flushHeld(state, choice, tags);
    tags.inside = false;
  }
  handleThinkTaggedContent(state, choice, THOUGHT, content, tags);
  return true;
}

/**
 * Whether the closing tag begins where the delta does, or inside what was held back before it (a
 * possible tag start, or thought text ending in `<`): the text from some point of `held` on begins
 * with the tag, or is the start of it.
 */
function continuesWithClose(held: string, content: string): boolean {
  const text = held + content;
  for (let at = 0; at <= held.length; at++) {
    const rest = text.slice(at);
    if (rest.startsWith(THOUGHT.close) || THOUGHT.close.startsWith(rest)) return true;
  }
  return false;
}
