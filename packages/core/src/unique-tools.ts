import type { Tool } from "./types/input.js";
import type { RequestWarn } from "./request-helpers.js";

/** The warning {@link uniqueTools} reports for each tool it left out. */
export const DUPLICATE_TOOL_WARNING = "request.duplicate-tool";

/**
 * The declared tools with each name once: the first tool of a name is kept, a later one with the
 * same name is left out with warning `request.duplicate-tool`. The providers refuse a request
 * declaring a name twice (Anthropic: 400 "tools: Tool names must be unique."; Gemini: "Duplicate
 * function declaration found"), which an application hits when the same tool is registered twice
 * (an MCP server added again, a tool list merged from two sources). Returns the input array itself
 * when no name repeats.
 */
export function uniqueTools(tools: readonly Tool[] | undefined, sink: RequestWarn): readonly Tool[] {
  if (tools === undefined) return [];
  const seen = new Set<string>();
  const kept: Tool[] = [];
  for (const [index, tool] of tools.entries()) {
    if (seen.has(tool.name)) {
      sink.warn(DUPLICATE_TOOL_WARNING, `Tool ${JSON.stringify(tool.name)} is declared more than once; tools[${index}] was left out (the first declaration is sent)`, {
        toolName: tool.name,
        index,
      });
      continue;
    }
    seen.add(tool.name);
    kept.push(tool);
  }
  return kept.length === tools.length ? tools : kept;
}
