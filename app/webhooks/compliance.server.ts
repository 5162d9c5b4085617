// GDPR/compliance topics and uninstall. shop/redact deletes every row of the shop; customers/redact
// removes the customer's personal data from stored print orders (the orders themselves stay, so the
// studio orders can still be matched); customers/data_request is answered with what is held.
import { z } from "zod";
import db from "~/db.server";

const id = z.union([z.number(), z.string()]).transform(String);
const CustomerTopicSchema = z.looseObject({
  customer: z.looseObject({ id: id.nullish(), email: z.string().nullish() }).nullish(),
  orders_to_redact: z.array(id).nullish(),
  orders_requested: z.array(id).nullish(),
});

const PERSONAL = { email: null, shippingAddress: null, customerGid: null };

function orderGids(ids: string[] | null | undefined): string[] {
  return (ids ?? []).map((o) => (o.startsWith("gid://") ? o : `gid://shopify/Order/${o}`));
}

function whereCustomer(shop: string, payload: z.infer<typeof CustomerTopicSchema>, orders: string[]) {
  const customerGid = payload.customer?.id ? `gid://shopify/Customer/${payload.customer.id}` : null;
  const or: Array<Record<string, unknown>> = [];
  if (orders.length > 0) or.push({ shopifyOrderGid: { in: orders } });
  if (customerGid) or.push({ customerGid });
  if (payload.customer?.email) or.push({ email: payload.customer.email });
  return or.length > 0 ? { shopDomain: shop, OR: or } : null;
}

export async function redactCustomer(shop: string, payload: unknown): Promise<number> {
  const parsed = CustomerTopicSchema.safeParse(payload);
  if (!parsed.success) return 0;
  const where = whereCustomer(shop, parsed.data, orderGids(parsed.data.orders_to_redact));
  if (!where) return 0;
  const orders = await db.printOrder.findMany({ where, select: { id: true } });
  const ids = orders.map((o) => o.id);
  await db.$transaction([
    db.printOrder.updateMany({ where: { id: { in: ids } }, data: PERSONAL }),
    db.printOrderEvent.createMany({ data: ids.map((printOrderId) => ({ printOrderId, type: "customer_redacted", message: "The customer's personal data was removed (customers/redact)." })) }),
  ]);
  return ids.length;
}

export interface DataRequestAnswer {
  printOrders: number;
  fields: string[];
}

/** What the app holds about the customer, for the merchant to pass on (no personal data in logs). */
export async function answerDataRequest(shop: string, payload: unknown): Promise<DataRequestAnswer> {
  const parsed = CustomerTopicSchema.safeParse(payload);
  if (!parsed.success) return { printOrders: 0, fields: [] };
  const where = whereCustomer(shop, parsed.data, orderGids(parsed.data.orders_requested));
  const count = where ? await db.printOrder.count({ where }) : 0;
  return { printOrders: count, fields: count > 0 ? ["email", "shipping address", "Shopify customer id", "order name", "print lines"] : [] };
}

/** shop/redact: every row of the shop, in every table. */
export async function redactShop(shop: string): Promise<void> {
  await db.$transaction([
    db.printOrder.deleteMany({ where: { shopDomain: shop } }),
    db.artworkUpload.deleteMany({ where: { shopDomain: shop } }),
    db.variantMapping.deleteMany({ where: { shopDomain: shop } }),
    db.webhookEvent.deleteMany({ where: { shopDomain: shop } }),
    db.session.deleteMany({ where: { shop } }),
    db.shop.deleteMany({ where: { domain: shop } }),
  ]);
}

/** app/uninstalled: the shop's sessions go, its work stops (open orders keep their state for a reinstall). */
export async function stopShop(shop: string): Promise<void> {
  await db.$transaction([
    db.session.deleteMany({ where: { shop } }),
    db.shop.updateMany({ where: { domain: shop }, data: { uninstalledAt: new Date() } }),
    db.printOrder.updateMany({ where: { shopDomain: shop, nextAttemptAt: { not: null } }, data: { nextAttemptAt: null } }),
  ]);
}
