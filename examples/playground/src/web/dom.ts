/** Attributes for {@link el}: `class`, `data-*`, `aria-*` and other string attributes. */
export type Attributes = Record<string, string | undefined>;

/**
 * Creates an element. Children are nodes or strings; strings become text nodes, so untrusted
 * text (model output, tool results, event JSON) is never parsed as HTML.
 */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, value);
  for (const child of children) element.append(typeof child === "string" ? document.createTextNode(child) : child);
  return element;
}

/** The element with this id, or an error naming it (the page's markup is ours, so this is a bug). */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`#${id} is missing from the page`);
  return element as T;
}

/** Pretty-prints a JSON text, or returns it unchanged when it does not parse. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** A tool result's content as text (a string, or the text of its parts). */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content.map((part: unknown) => (typeof part === "object" && part !== null && typeof (part as { text?: unknown }).text === "string" ? (part as { text: string }).text : `[${String((part as { type?: unknown }).type)}]`)).join("");
  }
  return JSON.stringify(content);
}
