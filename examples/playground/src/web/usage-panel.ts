import type { TokenUsage } from "@agui-bridge/core";
import { el } from "./dom.js";
import { addUsage, costOf, defaultPrice, usageKey, type Price, type UsageRow } from "./usage-math.js";

const PRICE_FIELDS: ReadonlyArray<readonly [keyof Price, string]> = [
  ["input", "input"],
  ["cachedInput", "cache read"],
  ["cacheWrite", "cache write"],
  ["output", "output"],
];

/**
 * The usage panel: one row per provider and model with input (and its cache read / cache write
 * parts), output (and its reasoning part), total and cost, summed over every run of the session;
 * below it the price table (USD per million tokens), editable, kept in localStorage.
 */
export class UsagePanel {
  private readonly rows = new Map<string, UsageRow>();
  private readonly prices: Record<string, Price>;

  constructor(
    private readonly table: HTMLTableSectionElement,
    private readonly priceTable: HTMLTableSectionElement,
    private readonly totalCell: HTMLElement,
    private readonly storage: Storage | undefined = globalThis.localStorage,
  ) {
    this.prices = this.load();
  }

  /** Adds a run's usage (from its terminal event). */
  add(entries: readonly TokenUsage[] | undefined): void {
    addUsage(this.rows, entries);
    for (const entry of entries ?? []) {
      const key = usageKey(entry);
      this.prices[key] ??= { ...defaultPrice(entry.model ?? "") };
    }
    this.render();
  }

  private render(): void {
    let total = 0;
    this.table.replaceChildren(
      ...[...this.rows].map(([key, row]) => {
        const cost = costOf(row, this.prices[key] ?? defaultPrice(row.model));
        total += cost;
        const cell = (name: string, value: number): HTMLTableCellElement => el("td", { "data-field": name }, String(value));
        return el(
          "tr",
          { "data-usage-key": key },
          el("td", { class: "model" }, el("strong", {}, row.provider), el("br"), row.model),
          cell("runs", row.runs),
          cell("inputTokens", row.inputTokens),
          cell("cachedInputTokens", row.cachedInputTokens),
          cell("cacheWriteInputTokens", row.cacheWriteInputTokens),
          cell("outputTokens", row.outputTokens),
          cell("reasoningTokens", row.reasoningTokens),
          cell("totalTokens", row.totalTokens),
          el("td", { "data-field": "cost" }, `$${cost.toFixed(6)}`),
        );
      }),
    );
    this.totalCell.textContent = `$${total.toFixed(6)}`;
    this.renderPrices();
  }

  private renderPrices(): void {
    if (this.priceTable.contains(document.activeElement)) return; // do not steal focus while editing
    this.priceTable.replaceChildren(
      ...[...this.rows.keys()].map((key) => {
        const price = this.prices[key] as Price;
        return el(
          "tr",
          { "data-price-key": key },
          el("td", { class: "model" }, key),
          ...PRICE_FIELDS.map(([field, label]) => {
            const input = el("input", { type: "number", min: "0", step: "any", "aria-label": `${key} ${label} price`, "data-price-field": field, value: String(price[field]) });
            input.addEventListener("input", () => {
              const value = Number(input.value);
              if (!Number.isFinite(value) || value < 0) return;
              price[field] = value;
              this.save();
              this.render();
            });
            return el("td", {}, input);
          }),
        );
      }),
    );
  }

  private load(): Record<string, Price> {
    try {
      // Stored by an earlier visit, but still narrowed: only complete, non-negative prices are kept.
      const parsed = JSON.parse(this.storage?.getItem("agui-playground-prices") ?? "{}") as unknown;
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
      const valid = (value: unknown): value is Price =>
        typeof value === "object" && value !== null && PRICE_FIELDS.every(([field]) => {
          const n = (value as Record<string, unknown>)[field];
          return typeof n === "number" && Number.isFinite(n) && n >= 0;
        });
      return Object.fromEntries(Object.entries(parsed).filter(([, value]) => valid(value))) as Record<string, Price>;
    } catch {
      return {};
    }
  }

  private save(): void {
    try {
      this.storage?.setItem("agui-playground-prices", JSON.stringify(this.prices));
    } catch {
      // storage full or disabled: prices stay for this page only
    }
  }
}
