import { readBridgeMetadata, type Interrupt, type ResumeEntry } from "@agui-bridge/core";
import { el, prettyJson } from "./dom.js";

/**
 * The `payload` of an approval answer (AG-UI's tool-approval convention, as `@agui-bridge/agent`
 * reads it): approve, approve with a full replacement of the arguments, or deny with a reason.
 */
export interface ApprovalPayload {
  approved: boolean;
  editedArgs?: Record<string, unknown>;
  reason?: string;
}

/**
 * Shows one card per interrupt of a run that ended waiting (approve / edit the arguments / deny)
 * and resolves with one resume entry per interrupt once every card is answered. Interrupts that
 * are not tool approvals get an answer box whose text is sent as the payload.
 */
export function promptForApprovals(container: HTMLElement, interrupts: readonly Interrupt[], argsOf: (toolCallId: string) => string | undefined): Promise<ResumeEntry[]> {
  return new Promise((resolve) => {
    const answers = new Map<string, ResumeEntry>();
    const answered = (interrupt: Interrupt, entry: ResumeEntry, card: HTMLElement, label: string): void => {
      answers.set(interrupt.id, entry);
      card.classList.add("answered");
      card.querySelector(".approval-actions")?.replaceChildren(el("span", { class: "badge" }, label));
      if (answers.size === interrupts.length) resolve(interrupts.map((i) => answers.get(i.id) as ResumeEntry));
    };
    for (const interrupt of interrupts) {
      const meta = readBridgeMetadata(interrupt.metadata);
      const toolName = typeof meta?.toolName === "string" ? meta.toolName : undefined;
      const argsText = (interrupt.toolCallId !== undefined ? argsOf(interrupt.toolCallId) : undefined) ?? (meta?.args !== undefined ? JSON.stringify(meta.args) : "{}");
      const editor = el("textarea", { class: "approval-args", rows: "5", "aria-label": "arguments", spellcheck: "false" });
      editor.value = prettyJson(argsText);
      const reason = el("input", { class: "approval-reason", type: "text", placeholder: "reason (optional, shown to the model)", "aria-label": "reason" });
      const error = el("div", { class: "approval-error" });
      const approve = el("button", { type: "button", class: "approve" }, "Approve");
      const edit = el("button", { type: "button", class: "approve-edited" }, "Approve with edited args");
      const deny = el("button", { type: "button", class: "deny" }, "Deny");
      const card = el(
        "div",
        { class: "approval", "data-interrupt-id": interrupt.id, "data-tool-call-id": interrupt.toolCallId },
        el("div", { class: "approval-title" }, `${toolName !== undefined ? `${toolName} needs your approval` : interrupt.reason}`),
        interrupt.message !== undefined ? el("div", { class: "approval-message" }, interrupt.message) : "",
        editor,
        reason,
        error,
        el("div", { class: "approval-actions" }, approve, edit, deny),
      );
      const resolved = (payload: ApprovalPayload): ResumeEntry => ({ interruptId: interrupt.id, status: "resolved", payload: payload as unknown as ResumeEntry["payload"] });
      approve.addEventListener("click", () => answered(interrupt, resolved({ approved: true }), card, "approved"));
      edit.addEventListener("click", () => {
        let editedArgs: unknown;
        try {
          editedArgs = JSON.parse(editor.value);
        } catch {
          error.textContent = "The arguments are not valid JSON.";
          return;
        }
        if (typeof editedArgs !== "object" || editedArgs === null || Array.isArray(editedArgs)) {
          error.textContent = "The arguments must be a JSON object.";
          return;
        }
        answered(interrupt, resolved({ approved: true, editedArgs: editedArgs as Record<string, unknown> }), card, "approved with edits");
      });
      deny.addEventListener("click", () => {
        const why = reason.value.trim();
        answered(interrupt, resolved({ approved: false, ...(why !== "" && { reason: why }) }), card, "denied");
      });
      container.append(card);
    }
  });
}
