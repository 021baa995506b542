/**
 * Zhipu GLM / Z.ai with the built-in `web_search` tool (`search_result: true`): the search results
 * come as a top-level `web_search` array beside `choices`, on the stream's first chunk as on the
 * non-streamed completion (each `{ title, link, content, media, icon, refer, publish_date }`,
 * `refer` = the `ref_N` the text cites; `link` may be empty for some search engines). Clients read
 * them off the chunk (Cherry Studio, LobeChat: "in Zhipu api, the citation is in the first
 * chunk"). They reach the text's TEXT_MESSAGE_END metadata as `webSearch`, like Perplexity's
 * `search_results`. Through the real SDK and the raw-bytes path.
 */
import { readBridgeMetadata } from "@agui-bridge/core/adapter";
import { textOf } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { chatChunk, runChatBothPaths } from "./support/chat-both-paths.js";
import { ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;

const chunk = (choice: Rec, extra: Rec = {}): Rec => chatChunk(choice, extra, { id: "20250526201557dda85ca6801b467b", model: "glm-4.6" });
const results = [
  {
    content: "1-4月我国对外直接投资575.4亿美元。",
    icon: "https://sfile.chatglm.cn/searchImage/sohu_icon_new.jpg",
    link: "https://www.sohu.com/a/897879632_121123890",
    media: "搜狐",
    publish_date: "2025-05-23",
    refer: "ref_1",
    title: "2025年5月23日财经早资讯",
  },
  { content: "snippet", link: "", media: "", refer: "ref_2", title: "No link" },
];

describe("Zhipu web_search results on the chunk", () => {
  it("reach the text's TEXT_MESSAGE_END metadata as `webSearch`, entries unchanged; the text byte for byte", async () => {
    const { events } = await runChatBothPaths([
      chunk({ delta: { role: "assistant", content: "" } }, { web_search: [...results, "not-an-object"] }),
      chunk({ delta: { content: "投资575.4亿美元[ref_1]。" } }),
      chunk({ delta: {}, finish_reason: "stop" }, { usage: { prompt_tokens: 30, completion_tokens: 8, total_tokens: 38 } }),
    ], { provider: "zhipu" });
    expect(textOf(events as never)).toBe("投资575.4亿美元[ref_1]。");
    const ends = ofType(events, "TEXT_MESSAGE_END");
    expect(ends).toHaveLength(1);
    expect(readBridgeMetadata(ends[0]?.metadata)).toMatchObject({ webSearch: results });
  });

  it("a `web_search` that is not an array is ignored", async () => {
    const { events } = await runChatBothPaths([
      chunk({ delta: { role: "assistant", content: "ok" } }, { web_search: { enable: true } }),
      chunk({ delta: {}, finish_reason: "stop" }),
    ], { provider: "zhipu" });
    expect(ofType(events, "TEXT_MESSAGE_END")[0]?.metadata).toBeUndefined();
  });
});
