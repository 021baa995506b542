import type { Tool } from "@agui-bridge/core";

/** The one tool of the demo, answered by the application itself. */
export const weatherTool: Tool = {
  name: "get_weather",
  description: "Current weather for a city.",
  parameters: {
    type: "object",
    properties: { city: { type: "string", description: "City name" } },
    required: ["city"],
  },
};

const TABLE: Record<string, { tempC: number; sky: string }> = {
  paris: { tempC: 18, sky: "light rain" },
  tokyo: { tempC: 24, sky: "clear" },
};

/** The application's implementation of {@link weatherTool}: a fixed table, no network. */
export function lookUpWeather(argumentsJson: string): string {
  let city = "";
  try {
    const parsed = JSON.parse(argumentsJson) as { city?: unknown };
    city = typeof parsed.city === "string" ? parsed.city : "";
  } catch {
    return JSON.stringify({ error: "arguments are not valid JSON" });
  }
  const entry = TABLE[city.trim().toLowerCase()];
  return JSON.stringify(entry === undefined ? { city, error: "unknown city" } : { city, ...entry });
}
