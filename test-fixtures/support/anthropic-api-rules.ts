/**
 * The structural rules the Messages API enforces on a request (it answers 400 otherwise), written
 * from Anthropic's documentation, so a test can assert that a converted request breaks none:
 * - the first message is a user turn ("messages: first message must use the \"user\" role");
 * - tool_use ids (and the tool_use_id of results) match `^[a-zA-Z0-9_-]+$` (Messages API reference),
 *   and are unique within the request ("`tool_use` ids must be unique");
 * - no text block is empty ("text content blocks must be non-empty"), and no message's text is
 *   whitespace only ("text content blocks must contain non-whitespace text"; a whitespace block
 *   beside real text passes, as direct API calls show: LibreChat-AI/agents#124);
 * - tool_result blocks immediately follow their tool_use turn, and come FIRST in their user turn
 *   ("Handle tool calls": any text must come after all tool results);
 * - a tool_result with `is_error: true` has content ("content cannot be empty if `is_error` is true");
 * - a final assistant turn does not end with whitespace ("final assistant content cannot end with
 *   trailing whitespace");
 * - no assistant turn ends with a thinking block ("The final block in an assistant message cannot be
 *   `thinking`", tailcallhq/forgecode#3071, router-for-me/CLIProxyAPI#5321);
 * - a server tool call without its result block is in the still-open turn: no user turn holding
 *   more than tool_result blocks follows it ("`web_search` tool use with id … was found without a
 *   corresponding `web_search_tool_result` block", Stop reasons and fallback guide);
 * - a `fallback` block names `from.model` and `to.model`, and no thinking, redacted thinking or
 *   `tool_use` block comes before its turn's final `fallback` block ("Some blocks from before the
 *   turn's final `fallback` block must be left out when you send the turn back, and no
 *   `tool_result` is sent for a `tool_use` block you left out": `BetaFallbackBlockParam`,
 *   @anthropic-ai/sdk; Refusals and fallback, Continuing the conversation); nor a server tool call
 *   without its result block (the declined attempt's: nothing continues it, so its turn is over,
 *   as in the rule on server tool calls above);
 * - a tool_result carries the `toolset_name` of the tool_use it answers, or none when that has none
 *   ("`toolset_name` is required on a member result (the API rejects a mismatch)": the SDK's toolset
 *   runner, `lib/internal/toolsets/run.ts` of @anthropic-ai/sdk 1.17.0).
 */

type Rec = Record<string, unknown>;
const rec = (value: unknown): Rec => (typeof value === "object" && value !== null ? (value as Rec) : {});
const blocksOf = (content: unknown): Rec[] => (Array.isArray(content) ? content.map(rec) : typeof content === "string" ? [{ type: "text", text: content }] : []);

const TOOL_ID = /^[a-zA-Z0-9_-]+$/;

/** Every rule a request breaks, as readable strings (empty when the request is well-formed). */
export function apiViolations(params: { system?: unknown; messages: readonly unknown[] }): string[] {
  const out: string[] = [];
  const first = params.messages[0] as Rec | undefined;
  if (first !== undefined && first.role !== "user") out.push(`messages.0: the first message is ${String(first.role)}, not user`);
  const checkText = (blocks: readonly Rec[], where: string): void => {
    const texts = blocks.filter((block) => block.type === "text");
    texts.forEach((block, i) => {
      if (typeof block.text !== "string" || block.text === "") out.push(`${where}: text block ${i} is empty`);
    });
    if (texts.length > 0 && texts.every((block) => String(block.text).trim() === "")) out.push(`${where}: text that is whitespace only`);
  };
  if (Array.isArray(params.system)) checkText(params.system.map(rec), "system");
  else if (typeof params.system === "string" && params.system.trim() === "") out.push("system: whitespace-only");
  const turns = params.messages.map(rec);
  const useIds = new Set<unknown>();
  turns.forEach((turn, t) => {
    const blocks = blocksOf(turn.content);
    if (blocks.length === 0) out.push(`messages.${t}: no content`);
    checkText(blocks, `messages.${t}`);
    let seenOther = false;
    blocks.forEach((block, b) => {
      const where = `messages.${t}.content.${b}`;
      if (block.type === "tool_use" && !TOOL_ID.test(String(block.id))) out.push(`${where}: tool_use id ${String(block.id)} breaks the id pattern`);
      if (block.type === "tool_use" || block.type === "server_tool_use") {
        if (useIds.has(block.id)) out.push(`${where}: tool_use id ${String(block.id)} is not unique in the request`);
        useIds.add(block.id);
      }
      if (block.type !== "tool_result") {
        seenOther = true;
        return;
      }
      if (turn.role !== "user") out.push(`${where}: tool_result outside a user turn`);
      if (seenOther) out.push(`${where}: tool_result after another block`);
      if (!TOOL_ID.test(String(block.tool_use_id))) out.push(`${where}: tool_use_id breaks the id pattern`);
      const inner = blocksOf(block.content);
      checkText(inner, `${where}.content`);
      if (block.is_error === true && inner.length === 0) out.push(`${where}: is_error result without content`);
      const previous = turns[t - 1];
      const uses = previous?.role === "assistant" ? blocksOf(previous.content).filter((c) => c.type === "tool_use") : [];
      const use = uses.find((c) => c.id === block.tool_use_id);
      if (use === undefined) out.push(`${where}: tool_result ${String(block.tool_use_id)} answers no tool_use of the previous turn`);
      else if ((use.toolset_name ?? null) !== (block.toolset_name ?? null)) {
        out.push(`${where}: tool_result toolset_name ${String(block.toolset_name ?? null)} does not match its tool_use's ${String(use.toolset_name ?? null)}`);
      }
    });
    if (turn.role === "assistant") {
      const next = turns[t + 1];
      const answered = next?.role === "user" ? blocksOf(next.content).filter((c) => c.type === "tool_result").map((c) => c.tool_use_id) : [];
      for (const block of blocks) {
        if (block.type === "tool_use" && !answered.includes(block.id)) out.push(`messages.${t}: tool_use ${String(block.id)} without a tool_result right after`);
      }
    }
  });
  const results = new Set(turns.flatMap((turn) => (turn.role === "assistant" ? blocksOf(turn.content).map((block) => block.tool_use_id) : [])));
  turns.forEach((turn, t) => {
    if (turn.role !== "assistant") return;
    const all = blocksOf(turn.content);
    const final = all.map((block) => block.type).lastIndexOf("fallback");
    all.forEach((block, b) => {
      if (block.type === "fallback" && (typeof rec(block.from).model !== "string" || typeof rec(block.to).model !== "string")) out.push(`messages.${t}.content.${b}: fallback block without from.model and to.model`);
      if (b < final && ["thinking", "redacted_thinking", "tool_use"].includes(String(block.type))) out.push(`messages.${t}.content.${b}: ${String(block.type)} before the turn's final fallback block`);
      if (b < final && (block.type === "server_tool_use" || block.type === "mcp_tool_use") && !results.has(block.id)) {
        out.push(`messages.${t}.content.${b}: server tool use ${String(block.id)} without its result block before the turn's final fallback block`);
      }
    });
    const last = all.at(-1);
    if (last?.type === "thinking" || last?.type === "redacted_thinking") out.push(`messages.${t}: the final block in an assistant message cannot be thinking`);
    const closed = turns.slice(t + 1).some((later) => later.role === "user" && blocksOf(later.content).some((block) => block.type !== "tool_result"));
    for (const block of blocksOf(turn.content)) {
      if ((block.type === "server_tool_use" || block.type === "mcp_tool_use") && closed && !results.has(block.id)) {
        out.push(`messages.${t}: server tool use ${String(block.id)} without its result block, and its turn is over`);
      }
    }
  });
  const final = turns[turns.length - 1];
  if (final?.role === "assistant") {
    const lastBlock = blocksOf(final.content).at(-1);
    if (lastBlock?.type === "text" && /\s$/.test(String(lastBlock.text))) out.push("final assistant content ends with whitespace");
  }
  return out;
}
