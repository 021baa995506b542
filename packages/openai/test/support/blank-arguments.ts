/**
 * A finished function call's arguments as the Chat and Responses adapters write them: text with no
 * argument bytes, or only JSON whitespace, gets `{}` after it (blank-tool-arguments.test.ts); any other
 * text is kept as sent.
 */
export function finishedArguments(text: string): string {
  return /^[ \t\n\r]*$/.test(text) ? `${text}{}` : text;
}

/** {@link finishedArguments} over every call of a map (call id → argument text). */
export function withFinishedArguments(args: ReadonlyMap<string, string>): Map<string, string> {
  return new Map([...args].map(([id, text]) => [id, finishedArguments(text)]));
}
