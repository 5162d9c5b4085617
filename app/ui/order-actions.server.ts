// The order page's actions, mapped onto the pipeline's (each scoped by shop inside the pipeline).
import { z } from "zod";
import { approvePrintOrder, cancelPrintOrder, recordRefundDecision, retryPrintOrder, updateAddressAndRequote } from "~/pipeline/actions.server";

export const OrderActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve") }),
  z.object({ intent: z.literal("retry") }),
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("address"), address: z.record(z.string(), z.string()) }),
  z.object({ intent: z.literal("refund"), decision: z.string() }),
]);

export type OrderActionResult = { intent: string; ok: true; message: string } | { intent: string; ok: false; message: string };

const OPTIONAL = new Set(["company", "line2", "phone", "email"]);

const DONE: Record<string, string> = {
  approve: "Approved: the order is on its way to the studio.",
  retry: "Retrying now.",
  cancel: "Cancellation requested.",
  address: "Address saved; the order is being priced again.",
  refund: "Decision recorded.",
};

export async function orderAction(shop: string, id: string, raw: unknown): Promise<OrderActionResult> {
  const parsed = OrderActionSchema.safeParse(raw);
  if (!parsed.success) return { intent: "unknown", ok: false, message: "This action is not available." };
  const input = parsed.data;
  const result = await (() => {
    switch (input.intent) {
      case "approve": return approvePrintOrder(shop, id);
      case "retry": return retryPrintOrder(shop, id);
      case "cancel": return cancelPrintOrder(shop, id);
      case "address": {
        // optional fields left empty are absent, required ones stay strings so their own messages apply
        const a: Record<string, string | null> = Object.fromEntries(Object.entries(input.address).map(([k, v]) => [k, v.trim() === "" && OPTIONAL.has(k) ? null : v]));
        if (!a.email) delete a.email;
        return updateAddressAndRequote(shop, id, a);
      }
      case "refund": return recordRefundDecision(shop, id, input.decision);
    }
  })();
  return result.ok ? { intent: input.intent, ok: true, message: DONE[input.intent] } : { intent: input.intent, ok: false, message: result.message };
}
