import { EventType, readBridgeMetadata, type Event, type Interrupt, type RunFinishedEvent } from "@agui-bridge/core";
import { contentText, el, prettyJson } from "./dom.js";

/** The CUSTOM event name the playground server uses for a request warning. */
export const WARNING_EVENT_NAME = "agui-bridge.request-warning";

/** A request warning as the page receives it. */
export interface RequestWarning {
  code: string;
  message: string;
}

/** How a run ended, as the page shows it. */
export type RunStatus = "running" | "success" | "interrupt" | "cancelled" | "error";

interface RunLanes {
  root: HTMLElement;
  status: HTMLElement;
  lanes: Map<string, HTMLElement>;
}

/**
 * Renders AG-UI events into the conversation, live: one block per run (labelled with its
 * provider), text streamed into its message, reasoning as collapsible blocks (with a mark where an
 * encrypted value was kept, never the value), tool calls with their streamed arguments and results
 * (provider-run tools marked), steps, subagents as nested labelled groups, request warnings, the
 * run's outcome and the error category of a failed run. Every string is set as text, never HTML.
 */
export class ConversationView {
  private run: RunLanes | undefined;
  private readonly texts = new Map<string, HTMLElement>();
  private readonly toolCalls = new Map<string, HTMLElement>();
  private readonly entities = new Map<string, HTMLElement>();

  constructor(private readonly container: HTMLElement) {}

  /** Shows the user's message. */
  addUserMessage(text: string): void {
    this.container.append(el("div", { class: "msg user", "data-role": "user" }, el("div", { class: "who" }, "you"), el("div", { class: "text" }, text)));
    this.scroll();
  }

  /** Shows a note between runs (a provider switch, a frontend tool answered). */
  addNote(text: string, kind = "note"): void {
    this.container.append(el("div", { class: `note ${kind}` }, text));
    this.scroll();
  }

  /** Opens the block of a new run on `providerLabel`. */
  startRun(providerLabel: string): void {
    const status = el("span", { class: "run-status", "data-status": "running" }, "running…");
    const root = el("section", { class: "run", "data-status": "running" }, el("header", { class: "run-head" }, el("span", { class: "run-provider" }, providerLabel), status));
    this.container.append(root);
    this.run = { root, status, lanes: new Map([["", root]]) };
  }

  /** Marks the current run as stopped by the user (the page aborted the request). */
  markStopped(): void {
    this.setStatus("cancelled", "cancelled (stopped)");
  }

  /** Marks a frontend tool call as answered by the page. */
  markAnswered(toolCallId: string, result: string): void {
    const card = this.toolCalls.get(toolCallId);
    if (card === undefined) return;
    card.classList.add("answered");
    card.querySelector(".tool-result")?.replaceChildren(el("span", { class: "badge page" }, "answered by the page"), el("pre", {}, prettyJson(result)));
  }

  /** Renders one event of the current run. */
  handle(event: Event): void {
    const run = this.run;
    if (run === undefined) return;
    const lane = this.laneOf(event);
    switch (event.type) {
      case EventType.TEXT_MESSAGE_START: {
        const meta = readBridgeMetadata(event.metadata);
        const role = event.role ?? "assistant";
        const text = el("div", { class: "text" });
        const message = el(
          "div",
          { class: `msg ${role}${meta?.refusal === true ? " refusal" : ""}`, "data-message-id": event.messageId, "data-role": role },
          el("div", { class: "who" }, `${role}${typeof meta?.provider === "string" ? ` · ${meta.provider}` : ""}${meta?.refusal === true ? " · refusal" : ""}`),
          text,
        );
        this.texts.set(event.messageId, text);
        this.entities.set(event.messageId, message);
        lane.append(message);
        break;
      }
      case EventType.TEXT_MESSAGE_CONTENT:
        this.texts.get(event.messageId)?.append(event.delta);
        break;
      case EventType.TEXT_MESSAGE_END:
        this.entities.get(event.messageId)?.classList.add("done");
        break;
      case EventType.REASONING_MESSAGE_START: {
        const text = el("pre", { class: "reasoning-text" });
        const block = el("details", { class: "reasoning", open: "", "data-message-id": event.messageId }, el("summary", {}, "reasoning"), text);
        this.texts.set(event.messageId, text);
        this.entities.set(event.messageId, block);
        lane.append(block);
        break;
      }
      case EventType.REASONING_MESSAGE_CONTENT:
        this.texts.get(event.messageId)?.append(event.delta);
        break;
      case EventType.REASONING_MESSAGE_END: {
        const block = this.entities.get(event.messageId);
        if (block instanceof HTMLDetailsElement) {
          block.open = false;
          block.classList.add("done");
        }
        break;
      }
      case EventType.REASONING_ENCRYPTED_VALUE: {
        // Where the value was kept, and how long it is: never the value itself.
        const mark = el("span", { class: "badge encrypted", title: "kept and sent back only to the provider that minted it" }, `encrypted value kept (${event.subtype}, ${event.encryptedValue.length} chars)`);
        const owner = this.entities.get(event.entityId);
        (owner?.querySelector("summary") ?? owner?.querySelector(".who") ?? owner ?? lane).append(mark);
        break;
      }
      case EventType.TOOL_CALL_START: {
        const meta = readBridgeMetadata(event.metadata);
        const providerRun = meta?.providerExecuted === true;
        const head = el("div", { class: "tool-head" }, el("span", { class: "tool-name" }, event.toolCallName));
        if (providerRun) head.append(el("span", { class: "badge provider-run" }, `run by the provider${typeof meta?.providerToolType === "string" ? ` (${meta.providerToolType})` : ""}`));
        const card = el(
          "div",
          { class: `tool-call${providerRun ? " provider-executed" : ""}`, "data-tool-call-id": event.toolCallId, "data-tool-name": event.toolCallName },
          head,
          el("pre", { class: "tool-args" }),
          el("div", { class: "tool-result" }),
        );
        this.toolCalls.set(event.toolCallId, card);
        this.entities.set(event.toolCallId, card);
        lane.append(card);
        break;
      }
      case EventType.TOOL_CALL_ARGS:
        this.toolCalls.get(event.toolCallId)?.querySelector(".tool-args")?.append(event.delta);
        break;
      case EventType.TOOL_CALL_END: {
        const args = this.toolCalls.get(event.toolCallId)?.querySelector(".tool-args");
        if (args) args.textContent = prettyJson(args.textContent ?? "");
        this.toolCalls.get(event.toolCallId)?.classList.add("done");
        break;
      }
      case EventType.TOOL_CALL_RESULT: {
        const card = this.toolCalls.get(event.toolCallId);
        const result = el("pre", {}, prettyJson(contentText(event.content)));
        // An agent marks a failed, denied or invalid call with `toolError: { code, message }`.
        const toolError = readBridgeMetadata(event.metadata)?.toolError as { code?: unknown } | undefined;
        const isError = toolError !== undefined && toolError !== null;
        const target = card?.querySelector(".tool-result") ?? lane;
        target.replaceChildren(el("span", { class: `badge ${isError ? "error" : "result"}` }, isError ? `error${typeof toolError?.code === "string" ? `: ${toolError.code}` : ""}` : "result"), result);
        card?.classList.add("has-result");
        break;
      }
      case EventType.STEP_STARTED:
        lane.append(el("div", { class: "step", "data-step": event.stepName }, `step: ${event.stepName}`));
        break;
      case EventType.SUBAGENT_STARTED: {
        const body = el("div", { class: "lane" });
        const group = el(
          "details",
          { class: "subagent", open: "", "data-subagent-run-id": event.subagentRunId, "data-subagent-name": event.name },
          el("summary", {}, el("span", { class: "subagent-name" }, `subagent: ${event.name}`), event.description !== undefined ? el("span", { class: "dim" }, ` — ${event.description}`) : "", el("span", { class: "subagent-status" }, " running…")),
          body,
        );
        run.lanes.set(event.subagentRunId, body);
        const parent = event.parentToolCallId !== undefined ? this.toolCalls.get(event.parentToolCallId) : undefined;
        if (parent !== undefined) parent.insertBefore(group, parent.querySelector(".tool-result"));
        else (run.lanes.get(event.parentSubagentRunId ?? "") ?? run.root).append(group);
        break;
      }
      case EventType.SUBAGENT_FINISHED:
      case EventType.SUBAGENT_ERROR: {
        const group = run.root.querySelector(`[data-subagent-run-id="${CSS.escape(event.subagentRunId)}"]`);
        const status = group?.querySelector(".subagent-status");
        const failed = event.type === EventType.SUBAGENT_ERROR;
        const suspended = !failed && event.outcome?.type === "suspended";
        if (status) status.textContent = failed ? ` failed: ${event.message}` : suspended ? " suspended (waiting for approval)" : " finished";
        group?.setAttribute("data-status", failed ? "error" : suspended ? "suspended" : "success");
        break;
      }
      case EventType.CUSTOM:
        if (event.name === WARNING_EVENT_NAME) {
          const value = event.value as Partial<RequestWarning> | null;
          lane.append(el("div", { class: "warning", "data-code": String(value?.code ?? "") }, `dropped on the way: ${String(value?.code ?? "")} — ${String(value?.message ?? "")}`));
        }
        break;
      case EventType.RUN_FINISHED:
        this.finish(event);
        break;
      case EventType.RUN_ERROR:
        lane.append(el("div", { class: "run-error", "data-code": event.code ?? "" }, el("strong", {}, `error: ${event.code ?? "unknown"}`), ` ${event.message}`));
        this.setStatus("error", `failed (${event.code ?? "error"})`);
        break;
      default:
        break;
    }
    this.scroll();
  }

  private finish(event: RunFinishedEvent): void {
    const outcome = event.outcome;
    if (outcome?.type === "interrupt") {
      this.setStatus("interrupt", `waiting for you (${outcome.interrupts.length} approval${outcome.interrupts.length === 1 ? "" : "s"})`);
      for (const interrupt of outcome.interrupts) this.markAwaiting(interrupt);
    } else if (outcome?.type === "cancelled") {
      this.setStatus("cancelled", "cancelled");
    } else {
      const pending = outcome?.type === "success" ? (outcome.pendingToolCallIds ?? []) : [];
      this.setStatus("success", pending.length > 0 ? `finished (${pending.length} tool call${pending.length === 1 ? "" : "s"} for the page)` : "finished");
    }
  }

  private markAwaiting(interrupt: Interrupt): void {
    if (interrupt.toolCallId === undefined) return;
    this.toolCalls.get(interrupt.toolCallId)?.querySelector(".tool-result")?.replaceChildren(el("span", { class: "badge awaiting" }, "awaiting approval"));
  }

  private setStatus(status: RunStatus, label: string): void {
    if (this.run === undefined) return;
    this.run.status.dataset.status = status;
    this.run.status.textContent = label;
    this.run.root.dataset.status = status;
  }

  private laneOf(event: Event): HTMLElement {
    const run = this.run as RunLanes;
    const id = (event as { subagentRunId?: unknown }).subagentRunId;
    const attributable = event.type !== EventType.SUBAGENT_STARTED && event.type !== EventType.SUBAGENT_FINISHED && event.type !== EventType.SUBAGENT_ERROR;
    return (attributable && typeof id === "string" ? run.lanes.get(id) : undefined) ?? run.root;
  }

  private scroll(): void {
    this.container.scrollTop = this.container.scrollHeight;
  }
}
