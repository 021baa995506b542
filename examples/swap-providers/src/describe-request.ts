/**
 * A one-line summary of what a provider request carried, read from the body the mock provider
 * recorded: which roles and which kinds of content crossed to the provider.
 */
export function describeRequest(format: string | undefined, body: unknown): string {
  if (typeof body !== "object" || body === null) return "(no body)";
  const record = body as Record<string, unknown>;
  const counts = new Map<string, number>();
  const add = (label: string): void => {
    counts.set(label, (counts.get(label) ?? 0) + 1);
  };
  if (format === "anthropic" && Array.isArray(record.messages)) {
    for (const message of record.messages as Array<{ role?: string; content?: unknown }>) {
      const blocks = Array.isArray(message.content) ? (message.content as Array<{ type?: string }>) : [{ type: "text" }];
      for (const block of blocks) add(`${message.role ?? "?"}:${block.type ?? "?"}`);
    }
  } else if (format === "google" && Array.isArray(record.contents)) {
    for (const content of record.contents as Array<{ role?: string; parts?: Array<Record<string, unknown>> }>) {
      for (const part of content.parts ?? []) {
        const kind = Object.keys(part).find((key) => key !== "thoughtSignature" && key !== "thought") ?? "?";
        add(`${content.role ?? "?"}:${part.thought === true ? "thought" : kind}${part.thoughtSignature !== undefined ? "+signature" : ""}`);
      }
    }
  } else if (format === "openai-responses" && Array.isArray(record.input)) {
    for (const item of record.input as Array<{ type?: string; role?: string }>) add(item.role !== undefined ? `${item.role}` : (item.type ?? "?"));
  } else if (format === "openai-chat" && Array.isArray(record.messages)) {
    for (const message of record.messages as Array<{ role?: string }>) add(message.role ?? "?");
  } else {
    return "(unrecognised request)";
  }
  return [...counts].map(([label, count]) => (count > 1 ? `${label}×${count}` : label)).join(", ");
}
