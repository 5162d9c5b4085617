// Display helpers shared by the UI routes (pure, client-safe).
export type BadgeTone = "info" | "success" | "warning" | "critical" | "attention" | "new" | undefined;

export const PRINT_ORDER_STATES = [
  "received", "artwork_ready", "quoted", "placing", "placed", "fulfilled", "nothing_to_print",
  "scheduled", "awaiting_approval", "needs_attention", "waiting_credit", "cancelled",
] as const;
export type PrintOrderState = (typeof PRINT_ORDER_STATES)[number];

const STATE_INFO: Record<PrintOrderState, { label: string; tone: BadgeTone }> = {
  received: { label: "Received", tone: "info" },
  artwork_ready: { label: "Artwork uploaded", tone: "info" },
  quoted: { label: "Quoted", tone: "info" },
  placing: { label: "Placing", tone: "info" },
  placed: { label: "Placed with studio", tone: "success" },
  fulfilled: { label: "Fulfilled", tone: "success" },
  nothing_to_print: { label: "Nothing to print", tone: undefined },
  scheduled: { label: "Scheduled", tone: "attention" },
  awaiting_approval: { label: "Awaiting approval", tone: "attention" },
  needs_attention: { label: "Needs attention", tone: "critical" },
  waiting_credit: { label: "Waiting for credit", tone: "warning" },
  cancelled: { label: "Cancelled", tone: undefined },
};

const humanise = (s: string) => (s ? s[0].toUpperCase() + s.slice(1).replace(/_/g, " ") : "Unknown");

/** Label and badge tone of a print order state; an unknown state renders neutral with its own name. */
export function stateBadge(state: string): { label: string; tone: BadgeTone } {
  return (STATE_INFO as Record<string, { label: string; tone: BadgeTone }>)[state] ?? { label: humanise(state), tone: undefined };
}

export function isKnownState(state: string): state is PrintOrderState {
  return (PRINT_ORDER_STATES as readonly string[]).includes(state);
}

/** The studio's own status of a placed order (received, in_production, on_hold, shipped, completed, cancelled, or new ones). */
export function studioStatusBadge(status: string | null): { label: string; tone: BadgeTone } | null {
  if (!status) return null;
  switch (status) {
    case "received": return { label: "Studio: received", tone: "info" };
    case "in_production": return { label: "Studio: in production", tone: "info" };
    case "on_hold": return { label: "Studio: on hold", tone: "warning" };
    case "shipped": return { label: "Studio: shipped", tone: "success" };
    case "completed": return { label: "Studio: completed", tone: "success" };
    case "cancelled": return { label: "Studio: cancelled", tone: "critical" };
    default: return { label: `Studio: ${humanise(status)}`, tone: undefined };
  }
}

export function formatMoney(cents: number | null | undefined, currency: string | null | undefined): string {
  if (cents === null || cents === undefined) return "—";
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency: currency || "USD" }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency ?? ""}`.trim();
  }
}

export function formatDateTime(iso: string | Date | null | undefined): string {
  if (!iso) return "—";
  const d = typeof iso === "string" ? new Date(iso) : iso;
  return Number.isNaN(d.getTime()) ? "—" : d.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";
}

/** Numeric id of a Shopify GID (`gid://shopify/ProductVariant/123` -> "123"). */
export function legacyId(gid: string): string {
  return gid.slice(gid.lastIndexOf("/") + 1);
}
