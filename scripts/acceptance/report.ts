// The printed report: figures first, then every violation, one per line.
import type { Figures } from "./verdict";

export function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const secs = (ms: number | null) => (ms === null ? "n/a" : `${(ms / 1000).toFixed(1)} s`);
const hist = (h: Record<string, number>) => Object.keys(h).sort((a, b) => Number(a) - Number(b)).map((k) => `${k}→${h[k]}`).join("  ") || "(none)";

export function formatReport(f: Figures, violations: string[], extra: string[]): string {
  const lines = [
    "",
    "=== Acceptance report ===",
    `Shopify orders created: ${f.shopifyOrders}  (${Object.entries(f.byKind).map(([k, n]) => `${k} ${n}`).join(", ")})`,
    `Studio orders in the account: ${f.studioOrders}`,
    `Studio orders per Shopify order, orders with print lines (count→orders): ${hist(f.studioPerOrder.mappable)}`,
    `Studio orders per Shopify order, orders without print lines: ${hist(f.studioPerOrder.unmapped)}`,
    `Fulfilments per shipped order: ${hist(f.fulfilmentsPerOrder)}`,
    `Print line quantities fulfilled: ${f.linesFulfilled} of ${f.linesExpected} expected; non-print quantities fulfilled: ${f.otherLinesFulfilled}`,
    `Orders lost: ${f.lost}   Orders with duplicate studio orders: ${f.duplicates}`,
    `Time to placement: p50 ${secs(percentile(f.placementMs, 50))}, p95 ${secs(percentile(f.placementMs, 95))}, max ${secs(percentile(f.placementMs, 100))} (${f.placementMs.length} orders)`,
    `Time from shipment to fulfilment: p50 ${secs(percentile(f.fulfilmentMs, 50))}, p95 ${secs(percentile(f.fulfilmentMs, 95))}, max ${secs(percentile(f.fulfilmentMs, 100))} (${f.fulfilmentMs.length} orders)`,
    `App answers to Shopify webhooks (status→count): ${Object.entries(f.webhookStatuses).map(([k, n]) => `${k}→${n}`).join("  ")}`,
    ...Object.entries(f.cancellations).map(([when, list]) => `Cancelled ${when}: ${list.join("; ")}`),
    ...extra,
    violations.length === 0 ? "VIOLATIONS: none" : `VIOLATIONS (${violations.length}):`,
    ...violations.map((v, i) => `  ${i + 1}. ${v}`),
  ];
  return lines.join("\n");
}
