// Stores the shop's offline access token in the Shopify session table, under the id the Shopify
// library uses (`offline_{shop}`), so that both the library and the pipeline's Admin client find it.
// Used by the sandbox/demo and tests, where the token comes from the sandbox's control surface.
import db from "~/db.server";

export async function storeOfflineSession(shop: string, accessToken: string, scope: string | null = null): Promise<void> {
  const id = `offline_${shop}`;
  const data = { shop, state: "", isOnline: false, scope, accessToken };
  await db.session.upsert({ where: { id }, create: { id, ...data }, update: data });
}
