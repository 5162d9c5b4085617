// The print order's states (docs/decisions/020). Terminal states have no next attempt.
export const STATES = [
  "received",
  "scheduled",
  "awaiting_approval",
  "artwork_ready",
  "quoted",
  "placing",
  "placed",
  "fulfilled",
  "needs_attention",
  "waiting_credit",
  "cancelled",
  "nothing_to_print",
] as const;
export type PrintOrderState = (typeof STATES)[number];

/** States in which no studio order can exist yet (nothing was sent to POST /orders). */
export const NOT_YET_SENT: readonly string[] = ["received", "scheduled", "awaiting_approval", "artwork_ready", "quoted"];

/** Studio statuses after which nothing more will happen to the studio order. */
export const FINAL_STUDIO_STATUSES: readonly string[] = ["completed", "cancelled"];

export const TERMINAL: readonly string[] = ["cancelled", "nothing_to_print"];
