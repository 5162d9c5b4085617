// After a reinstall (the auth flow stores a new offline session): the shop's work resumes. Orders
// that were open when the app was uninstalled are made due again; the worker reads each one from its
// last recovery point. Call from the install/auth hook.
import db from "~/db.server";
import { TERMINAL } from "./states";
import { wakeWorker } from "./wake.server";

const WAITING_FOR_A_PERSON = ["needs_attention", "awaiting_approval"];

export async function resumeShopWork(shop: string): Promise<number> {
  await db.shop.updateMany({ where: { domain: shop }, data: { uninstalledAt: null } });
  const { count } = await db.printOrder.updateMany({
    where: { shopDomain: shop, nextAttemptAt: null, state: { notIn: [...TERMINAL, ...WAITING_FOR_A_PERSON] }, NOT: { studioStatus: "completed", shopifyFulfillmentGid: { not: null } } },
    data: { nextAttemptAt: new Date() },
  });
  wakeWorker();
  return count;
}
