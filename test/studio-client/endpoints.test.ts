// Every endpoint of the Partner API through the typed client, against the simulator over real HTTP.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KNOWN_ORDER_STATUSES, parseStudioEvent, verifyStudioWebhook, type Order } from "../../app/studio";
import { fineArtRequest, heldQuote, startWorld, uploadArtwork, withShipping, type World } from "./world";

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world.close();
});

describe("Partner API endpoints", () => {
  it("GIVEN a price:read key WHEN reading the catalogue THEN every section parses and only orderable products are listed", async () => {
    const { client } = await world.account();
    const catalogue = await client.catalogue.get();
    for (const section of ["products", "media", "canvasMedia", "everydayArtMedia", "sizes", "mouldings", "canvasMouldings", "matboards", "glazing", "backing", "qualityTiers", "sleeves"] as const) {
      expect(Array.isArray(catalogue[section]), section).toBe(true);
    }
    expect(catalogue.media.length).toBeGreaterThan(0);
    expect(catalogue.products.map((p) => p.slug)).not.toContain("gift-card");
    expect(typeof catalogue.media[0].id).toBe("string");
  });

  it("GIVEN an upload target WHEN bytes are put and the url is quoted THEN the quote is priced with positional lines", async () => {
    const { client } = await world.account();
    const imageUrl = await uploadArtwork(client, 4096);
    const request = await withShipping(client, await fineArtRequest(client, imageUrl));
    const quote = await client.quotes.create(request);
    expect(quote.environment).toBe("test");
    expect(quote.consumedAt).toBeNull();
    expect(quote.lines).toHaveLength(1);
    expect(quote.lines[0]).toMatchObject({ externalReference: "line-1", productSlug: "fine-art-printing", quantity: 1 });
    expect(quote.lines[0].amountCents).toBe(quote.lines[0].unitPriceCents * quote.lines[0].quantity);
    expect(quote.gstCents).toBeLessThan(quote.totalCents);
    expect(await client.quotes.get(quote.quoteId)).toEqual(quote);
  });

  it("GIVEN a held quote WHEN ordered, read, listed and cancelled THEN each call returns the typed order", async () => {
    const { client } = await world.account();
    const quote = await heldQuote(client);
    const order = await client.orders.create({ quoteId: quote.quoteId, specialInstructions: "Handle with care" }, { idempotencyKey: `order-${quote.quoteId}` });
    expect(order).toMatchObject({ quoteId: quote.quoteId, isTest: true, environment: "test", totalCents: quote.totalCents, shipments: [] });
    expect(order.orderNumber).toMatch(/^#\d+$/);
    expect(KNOWN_ORDER_STATUSES).toContain(order.status);
    expect(await client.orders.get(order.orderId)).toEqual(order);
    expect((await client.quotes.get(quote.quoteId)).consumedAt).not.toBeNull();
    const cancelled = await client.orders.cancel(order.orderId);
    expect(cancelled.status).toBe("cancelled");
  });

  it("GIVEN five orders WHEN listed two per page THEN the iterator walks every page, newest first, each order once", async () => {
    const { client } = await world.account();
    const imageUrl = await uploadArtwork(client);
    const created: Order[] = [];
    for (let i = 0; i < 5; i++) {
      const quote = await heldQuote(client, imageUrl);
      created.push(await client.orders.create({ quoteId: quote.quoteId }, { idempotencyKey: `list-${i}-${quote.quoteId}` }));
    }
    const listed: string[] = [];
    for await (const order of client.orders.list({ limit: 2 })) listed.push(order.orderId);
    expect(listed).toEqual(created.map((o) => o.orderId).reverse());
    const pages: number[] = [];
    for await (const page of client.orders.list({ limit: 2 }).pages()) pages.push(page.data.length);
    expect(pages.reduce((a, b) => a + b, 0)).toBe(5);
    expect(pages.length).toBeGreaterThanOrEqual(3);
  });

  describe("webhooks from the simulator", () => {
    let receiver: Server;
    const deliveries: Array<{ headers: Record<string, string | string[] | undefined>; body: string }> = [];
    beforeAll(async () => {
      receiver = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on("data", (c: Buffer) => chunks.push(c));
        req.on("end", () => {
          deliveries.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
          res.writeHead(204).end();
        });
      });
      await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    });
    afterAll(async () => {
      receiver.closeAllConnections();
      await new Promise<void>((r) => receiver.close(() => r()));
    });

    it("GIVEN a registered endpoint WHEN the order ships THEN the delivery verifies with the secret and parses to the order", async () => {
      const { client, accountId } = await world.account();
      const { port } = receiver.address() as AddressInfo;
      const { secret } = await world.control.createWebhookEndpoint(accountId, { url: `http://127.0.0.1:${port}/hooks/studio`, environment: "test" });
      const quote = await heldQuote(client);
      const order = await client.orders.create({ quoteId: quote.quoteId }, { idempotencyKey: `hook-${quote.quoteId}` });
      await world.control.addShipment(order.orderId, { carrier: "AusPost", trackingNumber: "TRK123", trackingUrl: null });
      const shippedAt = Date.now();
      let shipped: (typeof deliveries)[number] | undefined;
      while (!shipped && Date.now() - shippedAt < 10_000) {
        shipped = deliveries.find((d) => d.headers["service-event-type"] === "order.shipped" && d.body.includes(order.orderId));
        if (!shipped) await new Promise((r) => setTimeout(r, 25));
      }
      expect(shipped).toBeDefined();
      const simNow = new Date((await world.control.clock()).now);
      const header = shipped?.headers["service-signature"];
      expect(verifyStudioWebhook(shipped?.body ?? "", typeof header === "string" ? header : null, secret, simNow).timestamp).toBeInstanceOf(Date);
      const event = parseStudioEvent(shipped?.body);
      expect(event.type).toBe("order.shipped");
      expect(event.id).toBe(shipped?.headers["service-event-id"]);
      expect(event.data).toEqual(await client.orders.get(order.orderId));
      expect(event.data.shipments[0]).toMatchObject({ trackingNumber: "TRK123", carrier: "AusPost" });
      expect(() => verifyStudioWebhook((shipped?.body ?? "") + " ", typeof header === "string" ? header : null, secret, simNow)).toThrow(/no v1 signature/);
    });
  });
});
