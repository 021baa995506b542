import { DEFAULT_PROVIDER_LABEL } from "./provider-label.js";

/**
 * How a Chat Completions server wants a conversation's reasoning sent back (the one thing that
 * cannot be read off a stream). The stream side reads every dialect's fields whatever the
 * dialect; only the request side changes:
 *
 * - `openai`: reasoning is never sent back (OpenAI's Chat Completions takes none; most
 *   compatible servers ignore or reject it).
 * - `openrouter`: an assistant message carries the `reasoning_details` entries streamed with it,
 *   unchanged and in their order (OpenRouter, and the Vercel AI Gateway, which speaks the same;
 *   MiniMax with `reasoning_split: true`, whose tool loops need them back).
 * - `deepseek`: an assistant message that made tool calls carries its `reasoning_content`
 *   (DeepSeek's thinking mode rejects a later request without it; so do Kimi's thinking models,
 *   the default for the `moonshot` / `moonshotai` / `kimi` labels); other turns carry none,
 *   except to the Kimi labels, Zhipu's (GLM, Z.ai: the default for `zhipu` / `zai` / `z.ai` /
 *   `bigmodel`) and Fireworks' (`fireworks`, `fireworks-ai`) ({@link reasoningContentTurns}), which get every turn's recorded
 *   `reasoning_content`; a Kimi model under an `openai`-default label gets it too, a DeepSeek
 *   model there a tool span's ({@link requestChatDialect}).
 * - `mistral`: an assistant message's thinking goes back as Mistral's own content chunks
 *   (`[{ type: "thinking", thinking: [{ type: "text", text }], closed: true }, { type: "text", text }]`).
 * - `litellm`: the LiteLLM proxy: an assistant message carries the Anthropic thinking streamed
 *   with it as `thinking_blocks` (`thinking` with its `signature`, `redacted_thinking` with its
 *   `data`), in order; thinking without a signature is not sent (Anthropic rejects it).
 * - `databricks`: Databricks Model Serving: an assistant message's signed thinking (streamed as
 *   `reasoning` content items) goes back as the same items, before the text:
 *   `[{ type: "reasoning", summary: [{ type: "summary_text", text, signature }] }, { type: "text", text }]`;
 *   tool call ids keep Anthropic's pattern (Claude behind it).
 * - `gemini`: Gemini's OpenAI-compatible endpoint: a tool call carries the thought signature it
 *   was streamed with as `extra_content.google.thought_signature` (Gemini 3 answers 400 without
 *   it), and an assistant message with text the signature streamed outside tool calls, as its own
 *   `extra_content.google.thought_signature`; reasoning text is not sent back.
 * - `groq`: GroqCloud: an assistant message that made tool calls carries the reasoning streamed
 *   with it as Groq's own `reasoning` field (gpt-oss wants a tool turn's chain of thought back);
 *   never `reasoning_content`, which Groq refuses (400 "property 'reasoning_content' is
 *   unsupported"), also for a Kimi model there.
 * - `ollama`: Ollama's OpenAI-compatible endpoint: as `groq` (its assistant message's `reasoning`
 *   becomes the message's thinking, which the model templates render for tool-call turns).
 * - `vllm`: vLLM's OpenAI-compatible server: as `groq` (it reads an assistant message's
 *   `reasoning`, not `reasoning_content`, and hands it to the chat template under both names for
 *   interleaved thinking), also for a Kimi model there.
 * - `llamacpp`: llama.cpp's server: as `groq`, but in `reasoning_content`, the field its chat
 *   parser reads (and hands to the template).
 * - `copilot`: GitHub Copilot's Chat endpoint (`api.githubcopilot.com/chat/completions`; labels
 *   `copilot`, `github-copilot`, `githubcopilot`): an assistant message carries the
 *   `reasoning_opaque` it was streamed with (the last one recorded for it) as a top-level field,
 *   and, beside it, the reasoning text streamed with it as `reasoning_text` (its messages' text
 *   joined as streamed); every assistant message that has one, not only tool-call turns. Gemini 3
 *   answers 400 ("function call … is missing a thought_signature") for a tool turn without it and
 *   Claude loses its thinking. Reasoning text without an opaque value is not sent (an unsigned
 *   thinking block; opencode's Copilot provider sends `reasoning_text` only beside
 *   `reasoning_opaque`); an opaque value without text goes alone (Gemini streams no text).
 */
export type ChatDialect =
  | "openai"
  | "openrouter"
  | "deepseek"
  | "mistral"
  | "gemini"
  | "litellm"
  | "databricks"
  | "groq"
  | "ollama"
  | "vllm"
  | "llamacpp"
  | "copilot";

/** Every {@link ChatDialect} (a missing one fails to compile): the values the `dialect` option accepts. */
const CHAT_DIALECTS: Readonly<Record<ChatDialect, true>> = {
  openai: true,
  openrouter: true,
  deepseek: true,
  mistral: true,
  gemini: true,
  litellm: true,
  databricks: true,
  groq: true,
  ollama: true,
  vllm: true,
  llamacpp: true,
  copilot: true,
};

/**
 * Dialects whose assistant message takes the reasoning of a turn that made tool calls back in one
 * plain-text field, and the field's name (the one the server reads).
 */
export const REASONING_FIELD_DIALECTS: ReadonlyMap<ChatDialect, string> = new Map<ChatDialect, string>([
  ["groq", "reasoning"],
  ["ollama", "reasoning"],
  ["vllm", "reasoning"],
  ["llamacpp", "reasoning_content"],
]);

/** The dialect option of the Chat request converter, the Chat provider factory and the stream function. */
export interface ChatDialectOption {
  /** How reasoning goes back to the server (default: from the provider label, see {@link defaultChatDialect}). */
  dialect?: ChatDialect;
}

const BY_LABEL: Record<string, ChatDialect> = {
  openrouter: "openrouter",
  vercel: "openrouter",
  "vercel-ai-gateway": "openrouter",
  // MiniMax (`reasoning_split: true`) streams `reasoning_details` and wants them back with a tool-call turn.
  minimax: "openrouter",
  deepseek: "deepseek",
  // Kimi's thinking models answer 400 for a tool-call assistant message without its `reasoning_content`.
  moonshot: "deepseek",
  moonshotai: "deepseek",
  kimi: "deepseek",
  // Zhipu GLM / Z.ai: interleaved thinking wants a tool turn's `reasoning_content` back, preserved thinking every turn's.
  zhipu: "deepseek",
  zai: "deepseek",
  "z.ai": "deepseek",
  bigmodel: "deepseek",
  // Fireworks: "you must include the reasoning_content from previous assistant turns" (interleaved thinking).
  fireworks: "deepseek",
  "fireworks-ai": "deepseek",
  // Baidu Qianfan: interleaved thinking (deepseek-v3.2, ernie-5.0-thinking) wants a tool span's `reasoning_content` back.
  qianfan: "deepseek",
  // Tencent Cloud TokenHub (Hunyuan hy3): interleaved thinking wants the same turn's `reasoning_content` back.
  tokenhub: "deepseek",
  hunyuan: "deepseek",
  // SiliconFlow: DeepSeek V3.2 / GLM-4.7 tool calling needs the reasoning_content replayed unchanged.
  siliconflow: "deepseek",
  mistral: "mistral",
  gemini: "gemini",
  google: "gemini",
  litellm: "litellm",
  databricks: "databricks",
  groq: "groq",
  ollama: "ollama",
  vllm: "vllm",
  // Cloudflare Workers AI serves its reasoning models (kimi-k2.5, glm-4.7-flash) with vLLM, which reads `reasoning`.
  "workers-ai": "vllm",
  cloudflare: "vllm",
  "llama.cpp": "llamacpp",
  llamacpp: "llamacpp",
  "llama-cpp": "llamacpp",
  // GitHub Copilot's Chat endpoint: Gemini 3 and Claude want a turn's `reasoning_opaque` back.
  copilot: "copilot",
  "github-copilot": "copilot",
  githubcopilot: "copilot",
};

/**
 * Labels of Moonshot's Kimi API. Under the `deepseek` dialect they get every recorded
 * `reasoning_content` back, not only a tool span's: Kimi's own client sends the thinking of every
 * turn, and its always-thinking models ("preserved thinking", `thinking.keep=all`) answer 400 for
 * an assistant message without it.
 */
export const KIMI_LABELS: ReadonlySet<string> = new Set(["moonshot", "moonshotai", "kimi"]);

/**
 * Labels of servers that, under the `deepseek` dialect, get every recorded `reasoning_content`
 * back as streamed, and no empty placeholder (neither documents one for a turn that streamed no
 * reasoning):
 * - Zhipu's GLM API (`zhipu`, `zai`, `z.ai`, `bigmodel`). Z.ai's thinking-mode guide: with
 *   interleaved thinking (on by default since GLM-4.5) and tools, "thinking blocks should be
 *   explicitly preserved and returned together with the tool results"; with preserved thinking
 *   (on by default on the Coding Plan endpoint, `clear_thinking: false` on the standard one) "you
 *   must return the complete, unmodified reasoning_content back to the API", every earlier turn's,
 *   in the original sequence. The standard endpoint (`clear_thinking` true) clears earlier turns'
 *   reasoning itself, so sending every turn's suits both.
 * - Fireworks (`fireworks`, `fireworks-ai`). Its reasoning guide: for models with interleaved
 *   thinking "you must include the reasoning_content from previous assistant turns in subsequent
 *   requests"; a model without it "simply ignores the extra reasoning context so this pattern is
 *   safe to use broadly" (its `reasoning_history` parameter decides which turns' it renders).
 */
export const EVERY_TURN_REASONING_LABELS: ReadonlySet<string> = new Set(["zhipu", "zai", "z.ai", "bigmodel", "fireworks", "fireworks-ai"]);

/**
 * Labels of servers that, under the `deepseek` dialect, get DeepSeek's rule (a tool span's
 * `reasoning_content`, none of other turns) with recorded reasoning only, no empty placeholder:
 * Baidu Qianfan (`qianfan`), whose interleaved-thinking guide (deepseek-v3.2,
 * ernie-5.0-thinking-preview) asks for the reasoning_content of a question's tool-call requests
 * back while it is answered, and says reasoning of earlier questions sent back is ignored; Tencent
 * Cloud TokenHub (`tokenhub`, `hunyuan`), whose interleaved-thinking guide has the tool results
 * sent back "together with the same turn's reasoning_content"; SiliconFlow (`siliconflow`), whose
 * interleaved-thinking guide (DeepSeek V3.2, GLM-4.7) requires a tool-calling flow's
 * reasoning_content, also what follows a tool result, to be kept and replayed unchanged.
 */
export const TOOL_SPAN_REASONING_LABELS: ReadonlySet<string> = new Set(["qianfan", "tokenhub", "hunyuan", "siliconflow"]);

/**
 * Which turns' `reasoning_content` the `deepseek` dialect sends to `target`: every recorded turn's
 * to Kimi's labels, {@link EVERY_TURN_REASONING_LABELS} (Zhipu, Fireworks) and a Kimi model behind
 * another label, else only a tool span's (DeepSeek, {@link TOOL_SPAN_REASONING_LABELS}, a DeepSeek
 * model behind another label); and whether only recorded reasoning goes (no empty placeholder on a
 * tool span's message that streamed none: those two sets' labels, a Kimi or DeepSeek model behind
 * another label; DeepSeek and Kimi answer 400 without the field).
 */
export function reasoningContentTurns(target: string, kimiModel: boolean, deepseekModel = false): { everyTurn: boolean; recordedOnly: boolean } {
  const everyTurn = EVERY_TURN_REASONING_LABELS.has(target);
  const recorded = everyTurn || TOOL_SPAN_REASONING_LABELS.has(target) || deepseekModel;
  return { everyTurn: KIMI_LABELS.has(target) || everyTurn || kimiModel, recordedOnly: recorded || (kimiModel && !KIMI_LABELS.has(target)) };
}

/**
 * The dialect a provider label implies: `openrouter`, `vercel` / `vercel-ai-gateway`, `minimax` →
 * `openrouter`; `deepseek`, `moonshot` / `moonshotai` / `kimi`, `zhipu` / `zai` / `z.ai` / `bigmodel`, `fireworks` / `fireworks-ai`, `qianfan`, `tokenhub` / `hunyuan`, `siliconflow` → `deepseek`; `mistral` →
 * `mistral`; `gemini` / `google` → `gemini`; `litellm` → `litellm`; `databricks` → `databricks`;
 * `groq` → `groq`; `ollama` → `ollama`; `vllm`, `workers-ai` / `cloudflare` → `vllm`; `llama.cpp` / `llamacpp` / `llama-cpp` →
 * `llamacpp`; `copilot` / `github-copilot` / `githubcopilot` → `copilot`; anything else → `openai`.
 */
export function defaultChatDialect(label: string | undefined): ChatDialect {
  return BY_LABEL[label ?? DEFAULT_PROVIDER_LABEL] ?? "openai";
}

/** The dialect in effect: the option, else the label's default. */
export function chatDialect(options: ChatDialectOption & { provider?: string }): ChatDialect {
  const dialect = options.dialect;
  // The option may come from untyped configuration: anything that is no dialect falls back to the label's.
  if (typeof dialect === "string" && Object.hasOwn(CHAT_DIALECTS, dialect)) return dialect;
  return defaultChatDialect(options.provider);
}

/**
 * A Kimi (Moonshot) model, by name (`kimi-k2.5`, `Kimi-K2.5`, `moonshotai/kimi-k2-thinking`, …).
 * Kimi's thinking models want the `reasoning_content` of their tool-call turns back (Moonshot's
 * thinking-model guide); servers other than Moonshot's own host them too (Azure AI Foundry,
 * self-hosted vLLM), under labels whose default dialect is `openai`.
 */
export function isKimiModel(model: string | undefined): boolean {
  return typeof model === "string" && /kimi/i.test(model);
}

/**
 * A DeepSeek model, by name (`deepseek-v4-pro`, `DeepSeek-V3.2`, `deepseek-ai/deepseek-v4-flash`, …).
 * DeepSeek's thinking mode (on by default since V4) answers HTTP 400 for a request whose tool-call
 * turns lack their `reasoning_content` (its thinking-mode guide); gateways and other clouds serve
 * these models under labels whose default dialect is `openai` (Charm's Hyper, Azure AI Foundry, an
 * OpenAI client pointed at DeepSeek with no label).
 */
export function isDeepSeekModel(model: string | undefined): boolean {
  return typeof model === "string" && /deepseek/i.test(model);
}

/** How reasoning goes back in one request: the dialect in effect, and whether it is the Kimi-model or DeepSeek-model rule. */
export interface RequestChatDialect {
  readonly dialect: ChatDialect;
  /**
   * A Kimi model behind a label whose default is `openai`, no `dialect` option: the `deepseek`
   * dialect's reasoning, every recorded turn's `reasoning_content` (as Moonshot's client sends it),
   * but never an empty placeholder (a server other than Moonshot's may not know the field at all).
   */
  readonly kimiModel: boolean;
  /**
   * A DeepSeek model behind a label whose default is `openai`, no `dialect` option: the `deepseek`
   * dialect's tool-span rule for the recorded `reasoning_content`, never an empty placeholder (a
   * server other than DeepSeek's may not know the field at all).
   */
  readonly deepseekModel: boolean;
}

/**
 * The dialect of a request: {@link chatDialect}, except that a Kimi or DeepSeek model under an
 * `openai`-default label with no `dialect` option gets `deepseek` ({@link RequestChatDialect.kimiModel},
 * {@link RequestChatDialect.deepseekModel}).
 */
export function requestChatDialect(options: ChatDialectOption & { provider?: string; model?: string }): RequestChatDialect {
  const dialect = chatDialect(options);
  const gateway = options.dialect === undefined && dialect === "openai";
  const kimiModel = gateway && isKimiModel(options.model);
  const deepseekModel = gateway && !kimiModel && isDeepSeekModel(options.model);
  return kimiModel || deepseekModel ? { dialect: "deepseek", kimiModel, deepseekModel } : { dialect, kimiModel, deepseekModel };
}
