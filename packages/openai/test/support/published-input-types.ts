/**
 * Where the SDK's published input types differ from what the API accepts, a body is put into the
 * published shape before it is type-checked against them (and only then: the converter's output is
 * asserted as sent elsewhere).
 *
 * `local_shell_call_output`: the SDK names the answered call `id`; the API matches the output to
 * its call by `call_id` (an output with `id` alone is HTTP 400 "No tool output found for local
 * shell call", openai/openai-agents-python#1855), which is what the converter sends.
 */
export function asPublishedInputTypes<T>(body: T): T {
  const record = body as unknown as Record<string, unknown>;
  if (!Array.isArray(record.input)) return body;
  const input = record.input.map((item: unknown) => {
    const entry = item as Record<string, unknown>;
    if (entry.type !== "local_shell_call_output" || typeof entry.call_id !== "string") return item;
    const { call_id: callId, ...rest } = entry;
    return { ...rest, id: callId };
  });
  return { ...record, input } as unknown as T;
}
