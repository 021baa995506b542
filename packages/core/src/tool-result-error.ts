/** How a tool result's `error` is written into its text (the wording `@agui-bridge/agent` answers a failed call with). */
export const TOOL_ERROR_PREFIX = "Error: ";

/** Options of {@link toolErrorNote}. */
export interface ToolErrorNoteOptions {
  /** The content has parts besides its text (images, documents): it is not empty even when its text is. */
  hasMedia?: boolean;
}

/**
 * The text a failed tool result adds after its content, for the APIs whose tool results have no
 * error field of their own (OpenAI Chat and Responses) or no field for the error's text
 * (Anthropic's `is_error` is a flag): `Error: <error>`. AG-UI carries `error` beside the content
 * ("Present alongside content rather than instead of it, so a partial result survives a
 * failure"), so a result with both must reach the model with both; sent alone, the content reads
 * as a success. `undefined` when there is nothing to add: no error, a blank one, content that is
 * blank with no media parts (the converters then send the error itself as the content) or content that already holds
 * the error text (an agent's `Error: <message>` answer).
 */
export function toolErrorNote(contentText: string, error: string | undefined, options: ToolErrorNoteOptions = {}): string | undefined {
  if (error === undefined || error.trim() === "" || (contentText.trim() === "" && options.hasMedia !== true)) return undefined;
  if (contentText.includes(error.trim())) return undefined;
  return `${TOOL_ERROR_PREFIX}${error}`;
}

/** `text` with the tool error note of {@link toolErrorNote} after it (a blank line between), or `text` as it is. */
export function withToolErrorNote(text: string, error: string | undefined): string {
  const note = toolErrorNote(text, error);
  return note === undefined ? text : `${text}\n\n${note}`;
}
