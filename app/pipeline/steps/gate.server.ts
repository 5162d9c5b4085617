// Submission policy: immediately, after a delay, or only once the merchant approved the order.
import { getShopSettings } from "~/models/shop-settings.server";
import type { StepContext, StepResult } from "../context.server";
import { artworkStep } from "./artwork.server";

export async function gateStep(ctx: StepContext): Promise<StepResult> {
  const { po } = ctx;
  const settings = await getShopSettings(po.shopDomain);
  if (settings.submissionPolicy === "manual" && !po.approvedAt) {
    if (po.state === "awaiting_approval") return { data: { nextAttemptAt: null } };
    return { data: { state: "awaiting_approval", nextAttemptAt: null }, events: [{ type: "awaiting_approval", message: "Waiting for your approval before it goes to the studio (submission policy: manual)." }] };
  }
  if (settings.submissionPolicy === "delay" && !po.approvedAt) {
    const due = new Date(po.createdAt.getTime() + settings.submissionDelayMinutes * 60_000);
    if (due.getTime() > Date.now()) {
      if (po.state === "scheduled") return { data: { nextAttemptAt: due } };
      return { data: { state: "scheduled", submitAfter: due, nextAttemptAt: due }, events: [{ type: "scheduled", message: `Scheduled for ${due.toISOString()} (submission delay ${settings.submissionDelayMinutes} min).` }] };
    }
  }
  return artworkStep(ctx);
}
