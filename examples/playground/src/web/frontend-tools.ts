import type { Tool } from "@agui-bridge/core";

/** The page's own tool: the model calls it, the page runs it and answers with a tool message. */
export const SET_THEME_TOOL: Tool = {
  name: "set_theme",
  description: "Switch the playground page between its light and dark theme.",
  parameters: {
    type: "object",
    properties: { theme: { type: "string", enum: ["light", "dark"] } },
    required: ["theme"],
  },
};

/** The tools the page sends with every run. */
export const FRONTEND_TOOLS: readonly Tool[] = [SET_THEME_TOOL];

/**
 * Runs a frontend tool call on the page. Returns the tool result's content (JSON text), or
 * undefined when the page has no such tool. Arguments are model output: narrowed, never trusted.
 */
export function runFrontendTool(name: string, argumentsText: string, root: HTMLElement = document.documentElement): string | undefined {
  if (name !== SET_THEME_TOOL.name) return undefined;
  let theme: unknown;
  try {
    theme = (JSON.parse(argumentsText) as { theme?: unknown } | null)?.theme;
  } catch {
    return JSON.stringify({ ok: false, error: "arguments are not JSON" });
  }
  if (theme !== "light" && theme !== "dark") return JSON.stringify({ ok: false, error: "theme must be light or dark" });
  root.dataset.theme = theme;
  return JSON.stringify({ ok: true, theme });
}
