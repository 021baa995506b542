/**
 * Each API's documented rules for what a user message (and a system/developer instruction) may hold,
 * checked on the request body alone (request-checks.ts runs them with its other rules):
 *
 * - OpenAI Chat Completions: roles are system, developer, user, assistant, tool; `developer` only on
 *   OpenAI's own platforms (chat-request-rules.ts); a system/developer message's content is a
 *   string or text parts. A user part is `text`, `image_url` (`url`: http(s) or a
 *   `data:image/{png,jpeg,gif,webp};base64,` URL on OpenAI, "Images and vision" → image input
 *   requirements), `input_audio` (raw base64 `data`, `format` "wav" | "mp3": `InputAudio.format`)
 *   or `file` (`file_id`, or `file_data` as a `data:application/pdf;base64,` URL with a
 *   `filename`: "File inputs": Chat Completions takes PDF only and no `file_url`; OpenRouter's Chat
 *   endpoint also fetches a URL in `file_data`). DeepSeek's Chat API takes text only: any other part
 *   is a 400 "unknown variant `image_url`, expected `text`" (DeepSeek's user message `content` is a
 *   string; reported in rikkahub/rikkahub#1433, lessweb/deepcode-cli#50, can1357/oh-my-pi#9169).
 * - OpenAI Responses: a message item's role is user, system, developer or assistant; user content
 *   is `input_text`, `input_image` (`image_url` data URL or URL, or `file_id`) or `input_file`
 *   (`file_data` data URL with its `filename`, `file_id` or `file_url`): `ResponseInputContent`
 *   has no audio. System/developer content is a string or `input_text` parts.
 * - Anthropic Messages: no `system` role in `messages` (it is the top-level `system`, a string or
 *   text blocks); a user block is `text`, `image`, `document`, `search_result` or `tool_result`; an
 *   image source is `base64` (image/jpeg, png, gif, webp), `url` or `file`; a document source is
 *   `base64` PDF (`Base64PDFSource`), `text` with media_type text/plain (`PlainTextSource`),
 *   `content`, `url` (`URLPDFSource`) or `file`. No audio or video block exists.
 * - Gemini: a part is `text`, `inlineData` (`mimeType` + `data`) or `fileData` (`fileUri`);
 *   `inlineData` images are png/jpeg/webp/heic/heif ("Image understanding"), and every inline type
 *   is one of the documented input types: images as above, audio wav/mp3/aiff/aac/ogg/flac
 *   ("Audio understanding"), video mp4/mpeg/mov/avi/x-flv/mpg/webm/wmv/3gpp ("Video
 *   understanding"), documents PDF and text ("Document understanding": other document types are
 *   read as plain text). Instructions are `config.systemInstruction`, never a content of role
 *   `system` (`Content.role`: "Must be either 'user' or 'model'").
 */
type Json = Record<string, unknown>;
const records = (value: unknown): Json[] => (Array.isArray(value) ? value.filter((v): v is Json => typeof v === "object" && v !== null) : []);

const OPENAI_PLATFORMS = new Set(["openai", "azure-openai"]);
const CHAT_ROLES = new Set(["system", "developer", "user", "assistant", "tool"]);
const OPENAI_IMAGE_URL = /^(https?:\/\/|data:image\/(png|jpeg|gif|webp);base64,)/;
const ANY_IMAGE_URL = /^(https?:\/\/|data:image\/[^;,]+;base64,)/;

/** Instruction content that is a string or text parts (`textType`: the API's text part type). */
function instructionProblems(content: unknown, textType: string, where: string): string[] {
  if (typeof content === "string") return [];
  if (!Array.isArray(content)) return [`${where} instruction content is neither a string nor parts`];
  return records(content).filter((p) => p.type !== textType).map((p) => `${where} instruction part is ${String(p.type)}, not ${textType}`);
}

export function chatUserContentProblems(messages: Json[], label: string | undefined): string[] {
  const problems: string[] = [];
  const target = label ?? "openai";
  messages.forEach((message, i) => {
    const where = `messages[${i}]`;
    const role = String(message.role);
    if (!CHAT_ROLES.has(role)) problems.push(`${where} has role ${role}`);
    if (role === "developer" && !OPENAI_PLATFORMS.has(target)) problems.push(`${where} is a developer message, which ${target} does not take`);
    if (role === "system" || role === "developer") problems.push(...instructionProblems(message.content, "text", where));
    if (role !== "user" || typeof message.content === "string") return;
    records(message.content).forEach((part, k) => {
      const at = `${where} part ${k}`;
      if (target === "deepseek" && part.type !== "text") problems.push(`${at} is ${String(part.type)}: DeepSeek takes text parts only`);
      if (part.type === "text") return;
      if (part.type === "image_url") {
        const url = String((part.image_url as Json | undefined)?.url);
        if (!(OPENAI_PLATFORMS.has(target) ? OPENAI_IMAGE_URL : ANY_IMAGE_URL).test(url)) problems.push(`${at} image_url.url ${url.slice(0, 40)} is no image URL ${target} takes`);
      } else if (part.type === "input_audio") {
        const audio = (part.input_audio ?? {}) as Json;
        if (audio.format !== "wav" && audio.format !== "mp3") problems.push(`${at} input_audio.format is ${String(audio.format)}, not wav or mp3`);
        if (typeof audio.data !== "string" || audio.data.startsWith("data:")) problems.push(`${at} input_audio.data is not raw base64`);
      } else if (part.type === "file") {
        const file = (part.file ?? {}) as Json;
        if (typeof file.file_data === "string") {
          const pdf = file.file_data.startsWith("data:application/pdf;base64,");
          if (!pdf && !(target === "openrouter" && /^https?:\/\//.test(file.file_data))) problems.push(`${at} file.file_data is neither a PDF data URL nor (OpenRouter) a URL`);
          if (typeof file.filename !== "string" || file.filename === "") problems.push(`${at} file with file_data has no filename`);
        } else if (typeof file.file_id !== "string") problems.push(`${at} file has neither file_data nor file_id`);
      } else problems.push(`${at} is ${String(part.type)}, which a Chat user message cannot hold`);
    });
  });
  return problems;
}

export function responsesUserContentProblems(items: Json[]): string[] {
  const problems: string[] = [];
  items.forEach((item, i) => {
    const where = `input[${i}]`;
    if (item.role === "system" || item.role === "developer") problems.push(...instructionProblems(item.content, "input_text", where));
    if (item.role !== "user" || typeof item.content === "string") return;
    records(item.content).forEach((part, k) => {
      const at = `${where} part ${k}`;
      if (part.type === "input_text") return;
      if (part.type === "input_image") {
        if (typeof part.file_id === "string") return;
        if (typeof part.image_url !== "string" || !ANY_IMAGE_URL.test(part.image_url)) problems.push(`${at} input_image has no image URL or file_id`);
      } else if (part.type === "input_file") {
        if (typeof part.file_data === "string") {
          if (!part.file_data.startsWith("data:")) problems.push(`${at} input_file.file_data is not a data URL`);
          if (typeof part.filename !== "string" || part.filename === "") problems.push(`${at} input_file with file_data has no filename`);
        } else if (typeof part.file_id !== "string" && typeof part.file_url !== "string") problems.push(`${at} input_file has no file_data, file_id or file_url`);
      } else problems.push(`${at} is ${String(part.type)}, which a Responses user message cannot hold`);
    });
  });
  return problems;
}

const ANTHROPIC_IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);
const ANTHROPIC_USER_BLOCKS = new Set(["text", "image", "document", "search_result", "tool_result"]);

export function anthropicUserContentProblems(request: Json): string[] {
  const problems: string[] = [];
  if (request.system !== undefined && typeof request.system !== "string") {
    records(request.system).forEach((b, k) => {
      if (b.type !== "text" || typeof b.text !== "string" || b.text.trim() === "") problems.push(`system[${k}] is not a non-blank text block`);
    });
  }
  records(request.messages).forEach((message, i) => {
    if (message.role !== "user") return;
    records(message.content).forEach((block, k) => {
      const at = `messages[${i}] block ${k}`;
      if (!ANTHROPIC_USER_BLOCKS.has(String(block.type))) problems.push(`${at} is a ${String(block.type)} block, which a user message cannot hold`);
      const source = (block.source ?? {}) as Json;
      if (block.type === "image") {
        const ok = source.type === "base64" ? ANTHROPIC_IMAGE_TYPES.has(String(source.media_type)) : source.type === "url" ? typeof source.url === "string" : source.type === "file" && typeof source.file_id === "string";
        if (!ok) problems.push(`${at} image source ${String(source.type)} ${String(source.media_type ?? "")} is not one Anthropic takes`);
      }
      if (block.type === "document") {
        const ok =
          source.type === "base64" ? source.media_type === "application/pdf"
          : source.type === "text" ? source.media_type === "text/plain" && typeof source.data === "string"
          : source.type === "url" ? typeof source.url === "string"
          : source.type === "file" ? typeof source.file_id === "string"
          : source.type === "content";
        if (!ok) problems.push(`${at} document source ${String(source.type)} ${String(source.media_type ?? "")} is not one Anthropic takes`);
      }
    });
  });
  return problems;
}

const GEMINI_IMAGE = new Set(["image/png", "image/jpeg", "image/webp", "image/heic", "image/heif"]);
const GEMINI_AUDIO = new Set(["audio/wav", "audio/mp3", "audio/mpeg", "audio/aiff", "audio/aac", "audio/ogg", "audio/flac"]);
const GEMINI_VIDEO = new Set(["video/mp4", "video/mpeg", "video/mov", "video/avi", "video/x-flv", "video/mpg", "video/webm", "video/wmv", "video/3gpp"]);

/** Whether Gemini documents `mimeType` as an input type. */
export function geminiTakesInline(mimeType: string): boolean {
  const essence = (mimeType.split(";")[0] ?? "").trim().toLowerCase();
  if (essence.startsWith("image/")) return GEMINI_IMAGE.has(essence);
  return GEMINI_AUDIO.has(essence) || GEMINI_VIDEO.has(essence) || essence === "application/pdf" || essence.startsWith("text/");
}

export function googleUserContentProblems(request: Json): string[] {
  const problems: string[] = [];
  records(request.contents).forEach((content, i) => {
    if (content.role !== "user" && content.role !== "model") problems.push(`contents[${i}] has role ${String(content.role)}`);
    if (content.role !== "user") return;
    records(content.parts).forEach((part, k) => {
      const at = `contents[${i}].parts[${k}]`;
      const inline = part.inlineData as Json | undefined;
      const file = part.fileData as Json | undefined;
      if (inline !== undefined && (typeof inline.mimeType !== "string" || !geminiTakesInline(inline.mimeType))) problems.push(`${at} inlineData ${String(inline.mimeType)} is no documented Gemini input type`);
      if (file !== undefined && typeof file.fileUri !== "string") problems.push(`${at} fileData has no fileUri`);
    });
  });
  const config = (request.config ?? {}) as Json;
  const instruction = config.systemInstruction as Json | undefined;
  if (instruction !== undefined) {
    records(instruction.parts).forEach((p, k) => {
      if (typeof p.text !== "string") problems.push(`systemInstruction.parts[${k}] is not text`);
    });
  }
  return problems;
}
