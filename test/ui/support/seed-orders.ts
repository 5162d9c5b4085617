// Print orders written straight to the database for UI tests and the loader benchmark: the rows the
// pipeline would have written (state, timeline, lines, parcels), without running the pipeline.
import db from "~/db.server";

export interface SeedOrder {
  shop: string;
  name: string;
  state: string;
  createdAt?: Date;
  studioStatus?: string | null;
  studioOrderNumber?: string | null;
  studioTotalCents?: number | null;
  placedAt?: Date | null;
  attention?: { code: string; message: string; action: string } | null;
  refundDecision?: string | null;
  events?: Array<{ type: string; message: string; data?: Record<string, unknown> }>;
  parcels?: Array<{ trackingNumber: string; carrier: string; trackingUrl: string }>;
  address?: Record<string, string | null>;
}

let seq = 0;

export async function seedOrder(o: SeedOrder): Promise<string> {
  seq += 1;
  const at = o.createdAt ?? new Date();
  const created = await db.printOrder.create({
    data: {
      shopDomain: o.shop,
      shopifyOrderGid: `gid://shopify/Order/${Date.now()}${seq}`,
      shopifyOrderName: o.name,
      state: o.state,
      studioStatus: o.studioStatus ?? null,
      studioOrderNumber: o.studioOrderNumber ?? null,
      studioOrderId: o.studioOrderNumber ? `ord_${seq}` : null,
      studioTotalCents: o.studioTotalCents ?? null,
      placedAt: o.placedAt ?? null,
      attentionCode: o.attention?.code ?? null,
      attentionMessage: o.attention?.message ?? null,
      attentionAction: o.attention?.action ?? null,
      refundDecision: o.refundDecision ?? null,
      environment: "test",
      currency: "USD",
      email: "ada@example.com",
      shippingAddress: JSON.stringify(o.address ?? { name: "Ada Moreau", company: null, line1: "12 Quay Street", line2: null, city: "Portland", state: "ME", postcode: "04101", country: "US", phone: null }),
      createdAt: at,
      lines: { create: [{ position: 0, shopifyLineItemGid: `gid://shopify/LineItem/${seq}`, variantGid: "gid://shopify/ProductVariant/1", title: "Harbour at Dawn - A3", quantity: 1, studioQuantity: 1, productSlug: "fine-art-printing", variantSelections: "{}", amountCents: o.studioTotalCents ?? null }] },
      events: { create: (o.events ?? [{ type: "received", message: `Order ${o.name} paid: 1 print line(s) of 1.` }]).map((e, i) => ({ type: e.type, message: e.message, data: e.data ? JSON.stringify(e.data) : null, at: new Date(at.getTime() + i * 1000) })) },
      shipments: { create: (o.parcels ?? []).map((p) => ({ ...p })) },
    },
  });
  return created.id;
}
