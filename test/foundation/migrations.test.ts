import { describe, expect, it } from "vitest";
import { createTestDatabase, hasPostgres } from "../support/db";
import { migrate } from "~/lib/migrate.server";

const providers: ("sqlite" | "postgresql")[] = ["sqlite", ...(hasPostgres ? (["postgresql"] as const) : [])];

describe.each(providers)("migrations on %s", (provider) => {
  it("GIVEN an empty database WHEN migrated THEN every model can be written and read, and migrating again applies nothing", async () => {
    const t = await createTestDatabase({ provider });
    try {
      // WHEN the database was brought from empty to the current schema (createTestDatabase did it)
      const shop = await t.db.shop.create({ data: { domain: "migrated.myshopify.com" } });
      const order = await t.db.printOrder.create({
        data: {
          shopDomain: shop.domain,
          shopifyOrderGid: "gid://shopify/Order/1",
          shopifyOrderName: "#1001",
          state: "received",
          lines: {
            create: [{ position: 0, shopifyLineItemGid: "gid://shopify/LineItem/1", variantGid: "gid://shopify/ProductVariant/1", title: "Print", quantity: 1, studioQuantity: 1, productSlug: "fine-art-printing", variantSelections: "{}" }],
          },
        },
        include: { lines: true },
      });
      // THEN rows round-trip
      expect(order.lines).toHaveLength(1);
      expect((await t.db.printOrder.findUniqueOrThrow({ where: { id: order.id } })).state).toBe("received");
      // AND the unique constraint that makes webhook delivery idempotent holds
      await expect(
        t.db.printOrder.create({ data: { shopDomain: shop.domain, shopifyOrderGid: "gid://shopify/Order/1", shopifyOrderName: "#1001", state: "received" } }),
      ).rejects.toMatchObject({ code: "P2002" });
      // AND a second migration run is a no-op
      const again = await migrate(t.url);
      expect(again.applied).toEqual([]);
      expect(again.alreadyApplied.length).toBeGreaterThan(0);
    } finally {
      await t.cleanup();
    }
  });
});
