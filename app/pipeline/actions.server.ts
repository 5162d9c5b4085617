// What the merchant can do to a print order from the admin UI. Every action is scoped by shop
// (another shop's id answers "not found"), records a timeline row, and leaves the work itself to the
// worker, which does it under the order's lease and is woken at once.
import { z } from "zod";
import db from "~/db.server";
import { StoredAddressSchema } from "./address";
import { requestCancellation } from "./cancel-request.server";
import { requestWork } from "./lease.server";
import type { LoadedOrder } from "./context.server";
import { loadOrder } from "./context.server";
import { timelineRows } from "./timeline.server";
import { wakeWorker } from "./wake.server";

export type ActionResult = { ok: true } | { ok: false; message: string };

const NOT_FOUND: ActionResult = { ok: false, message: "No such print order in this shop." };
const CLEAR_ATTENTION = { attentionCode: null, attentionMessage: null, attentionAction: null };

async function find(shop: string, id: string): Promise<LoadedOrder | null> {
  const po = await loadOrder(id);
  return po && po.shopDomain === shop ? po : null;
}

async function note(id: string, type: string, message: string): Promise<void> {
  await db.printOrderEvent.createMany({ data: timelineRows(id, [{ type, message }]) });
}

/** The state a stopped order resumes in, from its recovery points. */
export function resumeStateOf(po: LoadedOrder): string {
  if (po.studioOrderId) return po.shopifyFulfillmentGid ? "fulfilled" : "placed";
  if (po.idempotencyKey) return "placing";
  if (po.quoteId) return "quoted";
  if (po.lines.length > 0 && po.lines.every((l) => l.artworkUploadUrl)) return "artwork_ready";
  return "received";
}

export async function approvePrintOrder(shop: string, id: string): Promise<ActionResult> {
  const po = await find(shop, id);
  if (!po) return NOT_FOUND;
  if (po.state !== "awaiting_approval" && po.state !== "scheduled") return { ok: false, message: `This order is ${po.state.replace(/_/g, " ")}; only orders waiting for approval or scheduled can be approved.` };
  await requestWork(po.id, { approvedAt: new Date() });
  await note(po.id, "approved", "Approved: sending it to the studio now.");
  wakeWorker();
  return { ok: true };
}

export async function retryPrintOrder(shop: string, id: string): Promise<ActionResult> {
  const po = await find(shop, id);
  if (!po) return NOT_FOUND;
  if (po.state === "nothing_to_print" || (po.state === "cancelled" && !po.cancelRequestedAt)) return { ok: false, message: "There is nothing to retry on this order." };
  if (po.state === "awaiting_approval") return { ok: false, message: "This order waits for approval: approve it instead." };
  const state = po.state === "needs_attention" ? resumeStateOf(po) : po.state;
  await requestWork(po.id, { state, attempts: 0, lastError: null, ...CLEAR_ATTENTION });
  await note(po.id, "retry", "Retry requested by the merchant.");
  wakeWorker();
  return { ok: true };
}

export async function cancelPrintOrder(shop: string, id: string): Promise<ActionResult> {
  const po = await find(shop, id);
  if (!po) return NOT_FOUND;
  if (po.state === "cancelled" || po.state === "nothing_to_print") return { ok: false, message: "This order is already stopped." };
  await requestCancellation(shop, po.id, po.studioOrderId ? "Cancellation at the studio requested by the merchant." : "Stop requested by the merchant.");
  return { ok: true };
}

const AddressInputSchema = StoredAddressSchema.extend({
  name: z.string().trim().min(1, "Enter the recipient's name.").max(200),
  line1: z.string().trim().min(1, "Enter the street address.").max(200),
  city: z.string().trim().min(1, "Enter the city.").max(100),
  state: z.string().trim().min(1, "Enter the state or province.").max(100),
  postcode: z.string().trim().min(1, "Enter the postcode.").max(20),
  country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, "Enter the 2-letter country code, e.g. AU or US."),
  email: z.email("Enter the customer's email address.").max(320).optional(),
});

export async function updateAddressAndRequote(shop: string, id: string, address: unknown): Promise<ActionResult> {
  const po = await find(shop, id);
  if (!po) return NOT_FOUND;
  if (po.studioOrderId || po.state === "placing" || po.state === "cancelled" || po.state === "nothing_to_print") {
    return { ok: false, message: "The address can only be changed before the order is placed with the studio." };
  }
  const parsed = AddressInputSchema.safeParse(address);
  if (!parsed.success) return { ok: false, message: parsed.error.issues.map((i) => i.message).join(" ") };
  const { email, ...stored } = parsed.data;
  const state = resumeStateOf({ ...po, quoteId: null, idempotencyKey: null });
  await requestWork(po.id, {
    shippingAddress: JSON.stringify(stored),
    ...(email ? { email } : {}),
    quoteId: null,
    quoteTotalCents: null,
    quoteExpiresAt: null,
    shippingMethodId: null,
    // Only reachable before anything was sent (or after a 402, which created nothing).
    idempotencyKey: null,
    orderRequestBody: null,
    state,
    attempts: 0,
    lastError: null,
    ...CLEAR_ATTENTION,
  });
  await note(po.id, "address_updated", "Shipping address corrected by the merchant; pricing the order again.");
  wakeWorker();
  return { ok: true };
}

export const REFUND_DECISIONS = ["refunded", "reprinted", "dismissed"] as const;

export async function recordRefundDecision(shop: string, id: string, decision: unknown): Promise<ActionResult> {
  const po = await find(shop, id);
  if (!po) return NOT_FOUND;
  const parsed = z.enum(REFUND_DECISIONS).safeParse(decision);
  if (!parsed.success) return { ok: false, message: "Choose refunded, reprinted or dismissed." };
  if (po.refundDecision !== "pending") return { ok: false, message: "This order does not wait for a refund decision." };
  await db.printOrder.updateMany({ where: { id: po.id }, data: { refundDecision: parsed.data, ...CLEAR_ATTENTION } });
  await note(po.id, "refund_decision", `Refund decision recorded: ${parsed.data}.`);
  return { ok: true };
}
