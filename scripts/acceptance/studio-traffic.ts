// What the app asked the studio, from the studio's request log (GET /__studio/requests): the only
// outside view of whether the app is still working on orders that have not been placed.
import type { StudioDelivery, StudioRequest } from "./studio-surface";

const endpoint = (r: StudioRequest) => `${r.method} ${r.path.replace(/\?.*$/, "").replace(/\/(orders|quotes)\/[^/]+/g, "/$1/{id}")}`;

export function trafficLines(requests: StudioRequest[], placementEndedAt: number | null): string[] {
  const byEndpoint = new Map<string, Map<string, number>>();
  for (const r of requests) {
    const e = endpoint(r);
    const statuses = byEndpoint.get(e) ?? new Map<string, number>();
    const key = `${r.status ?? "none"}${r.errorCode ? ` ${r.errorCode}` : ""}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    byEndpoint.set(e, statuses);
  }
  const lines = [`Studio requests by the app: ${requests.length}`];
  for (const [e, statuses] of byEndpoint) lines.push(`  ${e}: ${[...statuses].map(([k, n]) => `${k}×${n}`).join(", ")}`);
  if (placementEndedAt !== null) {
    const orders = requests.filter((r) => r.method === "POST" && r.path.endsWith("/orders"));
    const lastOrder = orders.length > 0 ? Date.parse(orders[orders.length - 1].wallAt) : null;
    const late = requests.filter((r) => Date.parse(r.wallAt) > placementEndedAt - 60_000).length;
    lines.push(`  in the last 60 s of the placement wait: ${late} requests; last POST /orders ${lastOrder === null ? "never" : `${((placementEndedAt - lastOrder) / 1000).toFixed(0)} s before the wait ended`}`);
  }
  return lines;
}

/** The studio's webhooks to the app: how they were answered. Failed ones (given up) are violations. */
export function webhookLines(deliveries: StudioDelivery[]): { lines: string[]; violations: string[] } {
  const states = new Map<string, number>();
  const answers = new Map<string, number>();
  for (const d of deliveries) {
    states.set(d.state, (states.get(d.state) ?? 0) + 1);
    for (const a of d.attempts) {
      const key = a.status === null ? `no answer${a.error ? ` (${a.error})` : ""}` : String(a.status);
      answers.set(key, (answers.get(key) ?? 0) + 1);
    }
  }
  const failed = deliveries.filter((d) => d.state === "failed");
  return {
    lines: [
      `Studio webhooks to the app: ${deliveries.length} deliveries (${[...states].map(([k, n]) => `${k} ${n}`).join(", ")}); attempts answered: ${[...answers].map(([k, n]) => `${k}×${n}`).join(", ") || "none"}`,
    ],
    violations: failed.map((d) => `studio webhook ${d.type} for studio order ${d.orderId ?? "?"} was given up (failed) after answers ${JSON.stringify(d.attempts.map((a) => a.status))}`),
  };
}
