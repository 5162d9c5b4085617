// The order's timeline (PrintOrderEvent): one row per step, shown on the order page. Messages are
// for the merchant; `data` never holds secrets (and personal data only where the merchant sees it anyway).
export interface TimelineEntry {
  type: string;
  message: string;
  data?: Record<string, unknown>;
}

export function timelineRows(printOrderId: string, entries: TimelineEntry[]) {
  const base = Date.now();
  // Distinct, increasing timestamps keep the order of entries written in one step.
  return entries.map((e, i) => ({
    printOrderId,
    type: e.type,
    message: e.message,
    at: new Date(base + i),
    data: e.data ? JSON.stringify(e.data) : null,
  }));
}
