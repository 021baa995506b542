import { HttpAgent, type BaseEvent } from "@ag-ui/client";
import { EventType, type Event, type Interrupt, type ResumeEntry, type RunFinishedEvent } from "@agui-bridge/core";
import { promptForApprovals } from "./approval-prompt.js";
import { ConversationView, WARNING_EVENT_NAME } from "./conversation-view.js";
import { byId, el } from "./dom.js";
import { FRONTEND_TOOLS, runFrontendTool } from "./frontend-tools.js";
import { RawEventsPanel } from "./raw-events-panel.js";
import { UsagePanel } from "./usage-panel.js";

interface PlaygroundConfig {
  providers: Array<{ id: string; label: string; live: boolean }>;
  defaultProvider: string;
}

/** One run as the page saw it. */
interface RunRecord {
  /** The conversation the run started from. */
  initialMessages: unknown[];
  events: Event[];
}

/** What the page exposes for its browser tests: every run, in order. */
interface PlaygroundHandle {
  runs: RunRecord[];
  busy: boolean;
}

declare global {
  interface Window {
    __playground: PlaygroundHandle;
  }
}

const agent = new HttpAgent({ url: "/agent" });
const view = new ConversationView(byId("conversation"));
const raw = new RawEventsPanel(byId("raw-events"), byId("raw-count"));
const usage = new UsagePanel(byId<HTMLTableSectionElement>("usage-rows"), byId<HTMLTableSectionElement>("price-rows"), byId("usage-total"));
const providerSelect = byId<HTMLSelectElement>("provider");
const form = byId<HTMLFormElement>("composer");
const prompt = byId<HTMLInputElement>("prompt");
const sendButton = byId<HTMLButtonElement>("send");
const stopButton = byId<HTMLButtonElement>("stop");
const approvals = byId("approvals");
const warnings = byId("warnings");
const handle: PlaygroundHandle = { runs: [], busy: false };
window.__playground = handle;
let stopped = false;

const config = (await (await fetch("/config")).json()) as PlaygroundConfig;
for (const provider of config.providers) {
  providerSelect.append(el("option", { value: provider.id }, `${provider.label}${provider.live ? "" : " (mock)"}`));
}
providerSelect.value = config.defaultProvider;
let currentProvider = providerSelect.value;
const labelOf = (id: string): string => config.providers.find((provider) => provider.id === id)?.label ?? id;

providerSelect.addEventListener("change", () => {
  if (providerSelect.value === currentProvider) return;
  view.addNote(`switched ${labelOf(currentProvider)} → ${labelOf(providerSelect.value)}: the next run carries the conversation there`, "switch");
  currentProvider = providerSelect.value;
});

function setBusy(busy: boolean): void {
  handle.busy = busy;
  sendButton.disabled = busy;
  prompt.disabled = busy;
  stopButton.disabled = !busy;
  document.body.dataset.busy = String(busy);
}

function onEvent(event: Event, events: Event[], runIndex: number, provider: string): void {
  events.push(event);
  raw.add(event, runIndex);
  view.handle(event);
  if (event.type === EventType.RUN_FINISHED || event.type === EventType.RUN_ERROR) usage.add(event.usage);
  if (event.type === EventType.CUSTOM && event.name === WARNING_EVENT_NAME) {
    const value = event.value as { code?: unknown; message?: unknown } | null;
    warnings.querySelector(".empty")?.remove();
    warnings.append(el("li", { "data-code": String(value?.code ?? "") }, el("code", {}, String(value?.code ?? "")), ` ${String(value?.message ?? "")} `, el("span", { class: "dim" }, `(run ${runIndex}, to ${labelOf(provider)})`)));
  }
}

/** One run on the selected provider; then whatever it asks for: approvals, or the page's own tools. */
async function run(resume?: ResumeEntry[]): Promise<void> {
  const provider = providerSelect.value;
  const events: Event[] = [];
  handle.runs.push({ initialMessages: JSON.parse(JSON.stringify(agent.messages)) as unknown[], events });
  const runIndex = handle.runs.length;
  let finished: RunFinishedEvent | undefined;
  stopped = false;
  view.startRun(labelOf(provider));
  setBusy(true);
  try {
    await agent.runAgent(
      { tools: [...FRONTEND_TOOLS], forwardedProps: { provider }, ...(resume !== undefined && { resume }) },
      {
        onEvent: ({ event }: { event: BaseEvent }) => {
          const agEvent = event as unknown as Event;
          if (agEvent.type === EventType.RUN_FINISHED) finished = agEvent;
          onEvent(agEvent, events, runIndex, provider);
        },
      },
    );
  } catch (error) {
    if (!stopped) view.addNote(`the run could not complete: ${error instanceof Error ? error.message : String(error)}`, "error");
  } finally {
    setBusy(false);
  }
  if (stopped) {
    view.markStopped();
    return;
  }
  const outcome = finished?.outcome;
  if (outcome?.type === "interrupt") {
    await answerInterrupts(outcome.interrupts);
  } else if (outcome === undefined || outcome.type === "success") {
    const pending = outcome?.pendingToolCallIds ?? [];
    if (pending.length > 0 && answerFrontendTools(pending)) await run();
  }
}

async function answerInterrupts(interrupts: readonly Interrupt[]): Promise<void> {
  // The thread waits for these answers: nothing else can be sent until every card is answered.
  sendButton.disabled = true;
  prompt.disabled = true;
  const entries = await promptForApprovals(approvals, interrupts, argumentsOf);
  approvals.replaceChildren();
  await run(entries);
}

function argumentsOf(toolCallId: string): string | undefined {
  for (const message of agent.messages) {
    if (message.role !== "assistant") continue;
    const call = message.toolCalls?.find((toolCall) => toolCall.id === toolCallId);
    if (call !== undefined) return call.function.arguments;
  }
  return undefined;
}

function nameOf(toolCallId: string): string | undefined {
  for (const message of agent.messages) {
    if (message.role !== "assistant") continue;
    const call = message.toolCalls?.find((toolCall) => toolCall.id === toolCallId);
    if (call !== undefined) return call.function.name;
  }
  return undefined;
}

/** Answers the run's pending tool calls the page owns; true when the conversation should go on. */
function answerFrontendTools(pending: readonly string[]): boolean {
  let answeredAny = false;
  for (const toolCallId of pending) {
    const name = nameOf(toolCallId) ?? "";
    const result = runFrontendTool(name, argumentsOf(toolCallId) ?? "{}");
    if (result !== undefined) {
      answeredAny = true;
      view.markAnswered(toolCallId, result);
    }
    agent.addMessage({
      id: `tool-${toolCallId}`,
      role: "tool",
      toolCallId,
      content: result ?? JSON.stringify({ ok: false, error: `the page has no tool named ${name}` }),
      ...(result === undefined && { error: `no such tool on the page: ${name}` }),
    });
  }
  if (answeredAny) view.addNote("the page answered its tool call; continuing the conversation", "page-tool");
  return answeredAny;
}

form.addEventListener("submit", (submit) => {
  submit.preventDefault();
  const text = prompt.value.trim();
  if (text === "" || handle.busy) return;
  prompt.value = "";
  view.addUserMessage(text);
  agent.addMessage({ id: `user-${Date.now().toString(36)}-${agent.messages.length}`, role: "user", content: text });
  void run();
});

stopButton.addEventListener("click", () => {
  if (!handle.busy) return;
  stopped = true;
  agent.abortRun();
});

for (const button of document.querySelectorAll<HTMLButtonElement>("[data-try]")) {
  button.addEventListener("click", () => {
    prompt.value = button.dataset.try ?? "";
    prompt.focus();
  });
}

setBusy(false);
document.body.dataset.ready = "true";
