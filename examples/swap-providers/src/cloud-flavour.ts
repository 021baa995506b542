import { createAnthropicProvider } from "@agui-bridge/anthropic";
import type { Provider, WarningHandler } from "@agui-bridge/core";
import type { MockProvider } from "@agui-bridge/mock-provider";
import { AnthropicBedrock } from "@anthropic-ai/bedrock-sdk";

/**
 * `--cloud`: the Anthropic turn on Amazon Bedrock instead of the Claude API, with the real
 * `AnthropicBedrock` client against the mock's `invoke-with-response-stream` endpoint (AWS
 * event-stream framing, SigV4 signed locally with placeholder credentials; offline only).
 */
export function createBedrockDemoProvider(mock: MockProvider, onWarning?: WarningHandler): Provider {
  const client = new AnthropicBedrock({
    awsRegion: "us-east-1",
    awsAccessKey: "AKIADEMOOFFLINE00000",
    awsSecretKey: "demo-offline-secret-not-a-real-key",
    baseURL: mock.baseUrls.bedrock,
    maxRetries: 0,
  });
  return createAnthropicProvider({
    client,
    model: "anthropic.claude-sonnet-4-20250514-v1:0",
    maxTokens: 4096,
    provider: "amazon-bedrock",
    params: { thinking: { type: "enabled", budget_tokens: 1024 } },
    ...(onWarning !== undefined && { onWarning }),
  });
}
