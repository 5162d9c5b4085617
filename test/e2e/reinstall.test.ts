// app/uninstalled stops a shop's work; opening the app again after a reinstall (token exchange)
// resumes it through the afterAuth hook, without the merchant doing anything else.
import { afterAll, beforeAll, expect, it } from "vitest";
import { SHOP, startHarness, waitFor, type Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

it("GIVEN an uninstalled shop WHEN the merchant reinstalls and opens the app THEN the shop is active again with a fresh offline session", { timeout: 60_000 }, async () => {
  // GIVEN the merchant uninstalls the app
  await h.shopify.uninstall(SHOP);
  await waitFor("app/uninstalled to stop the shop's work", async () => (await h.tdb.db.shop.findUnique({ where: { domain: SHOP } }))?.uninstalledAt != null);
  expect(await h.tdb.db.session.count({ where: { shop: SHOP } })).toBe(0);

  // WHEN they install it again and open it in the admin (the embedded page carries a session token)
  await h.shopify.installShop({ shop: SHOP, appUrl: h.app.origin });
  const token = await h.shopify.sessionToken(SHOP);
  const host = Buffer.from(`admin.shopify.com/store/${SHOP.replace(".myshopify.com", "")}`).toString("base64url");
  const res = await fetch(`${h.app.origin}/app?shop=${SHOP}&host=${host}&embedded=1&id_token=${token}`, {
    headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36" },
  });

  // THEN the page renders, the token exchange stored an offline session, and the shop's work resumed
  expect(res.status).toBe(200);
  expect(await h.tdb.db.session.count({ where: { shop: SHOP, isOnline: false } })).toBe(1);
  expect((await h.tdb.db.shop.findUniqueOrThrow({ where: { domain: SHOP } })).uninstalledAt).toBeNull();
});
