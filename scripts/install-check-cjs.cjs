// Run by scripts/install-check.mjs inside the fresh npm project: every library package through
// require(), one run per adapter from in-memory chunks, checked with the conformance kit.
const core = require("@agui-bridge/core");
const { assertConformant } = require("@agui-bridge/conformance");
const { streamChatCompletions } = require("@agui-bridge/openai");
const { streamMessages } = require("@agui-bridge/anthropic");
const { streamGenerateContent } = require("@agui-bridge/google");
// The agent, the server and the mock provider load through require() too.
for (const name of ["@agui-bridge/agent", "@agui-bridge/server", "@agui-bridge/core/adapter"]) {
  if (Object.keys(require(name)).length === 0) throw new Error(name + " exports nothing under require()");
}

async function* of(items) {
  yield* items;
}
const runs = {
  openai: () =>
    streamChatCompletions(
      of([
        { id: "c1", object: "chat.completion.chunk", model: "gpt", choices: [{ index: 0, delta: { role: "assistant", content: "Hi" }, finish_reason: null }] },
        { id: "c1", object: "chat.completion.chunk", model: "gpt", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] },
      ]),
      { generateId: core.createSequentialIds("id") },
    ),
  anthropic: () =>
    streamMessages(
      of([
        { type: "message_start", message: { id: "msg_1", type: "message", role: "assistant", model: "claude", content: [], usage: { input_tokens: 3, output_tokens: 1 } } },
        { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
        { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Hi" } },
        { type: "content_block_stop", index: 0 },
        { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 2 } },
        { type: "message_stop" },
      ]),
      { generateId: core.createSequentialIds("id") },
    ),
  google: () =>
    streamGenerateContent(
      of([{ candidates: [{ content: { role: "model", parts: [{ text: "Hi" }] }, finishReason: "STOP", index: 0 }], modelVersion: "gemini", responseId: "r1" }]),
      { generateId: core.createSequentialIds("id") },
    ),
};

(async () => {
  for (const [name, run] of Object.entries(runs)) {
    const events = [];
    for await (const event of run()) events.push(event);
    await assertConformant(events);
    const last = events[events.length - 1];
    if (last.type !== "RUN_FINISHED") throw new Error(`${name}: ${JSON.stringify(last)}`);
    console.log(`   require("@agui-bridge/${name}"): conformant run, ${events.length} events`);
  }
})().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
