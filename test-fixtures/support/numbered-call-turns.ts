import { bridgeMetadata, type Message } from "@agui-bridge/core/adapter";

/**
 * A conversation whose every turn has one tool call with the same id: what a server that numbers
 * its calls per response (`call_0`, `functions.get_weather:0`) leaves behind. Each turn is a user
 * question, the assistant's `get_weather` call (minted by `provider`) and its result
 * (`<city>: sunny`), so a test can tell which result went back with which call.
 */
export function numberedCallTurns(cities: readonly string[], options: { id?: string; provider?: string } = {}): Message[] {
  const id = options.id ?? "call_0";
  const metadata = bridgeMetadata({ provider: options.provider ?? "openai" });
  return cities.flatMap((city, i): Message[] => [
    { id: `u${i + 1}`, role: "user", content: `Weather in ${city}?` },
    {
      id: `a${i + 1}`,
      role: "assistant",
      content: "",
      metadata,
      toolCalls: [{ id, type: "function", function: { name: "get_weather", arguments: JSON.stringify({ city }) }, metadata }],
    },
    { id: `t${i + 1}`, role: "tool", toolCallId: id, content: `${city}: sunny` },
  ]);
}
