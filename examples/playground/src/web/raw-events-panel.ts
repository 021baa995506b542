import type { Event } from "@agui-bridge/core";
import { el } from "./dom.js";

const LIMIT = 2000;

/** The raw-events panel: the JSON of every event, newest last, the oldest dropped past {@link LIMIT}. */
export class RawEventsPanel {
  constructor(private readonly list: HTMLElement, private readonly counter: HTMLElement) {}

  /** Appends one event. */
  add(event: Event, runIndex: number): void {
    const item = el("li", { "data-type": event.type, "data-run": String(runIndex) }, el("details", {}, el("summary", {}, el("code", {}, event.type), el("span", { class: "dim" }, ` run ${runIndex}`)), el("pre", {}, JSON.stringify(event, null, 2))));
    this.list.append(item);
    while (this.list.childElementCount > LIMIT) this.list.firstElementChild?.remove();
    this.counter.textContent = String(Number(this.counter.textContent ?? "0") + 1);
    this.list.scrollTop = this.list.scrollHeight;
  }
}
