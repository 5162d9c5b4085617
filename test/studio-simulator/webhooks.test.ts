// GIVEN a registered webhook endpoint WHEN orders change status THEN signed events arrive; failures are
// retried on the spec's schedule in simulated time, and 20 failures in a row disable the endpoint.
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { StudioDelivery } from "../support/studio-control";
import { partner, placeOrder, startHarness, type Harness } from "./test-helpers";

interface Received {
  url: string;
  headers: http.IncomingHttpHeaders;
  raw: string;
}

let h: Harness;
let receiver: http.Server;
let receiverUrl: string;
let received: Received[] = [];
let answerStatus = 200;

beforeAll(async () => {
  h = await startHarness();
  receiver = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (raw += c));
    req.on("end", () => {
      received.push({ url: req.url ?? "", headers: req.headers, raw });
      res.writeHead(answerStatus, answerStatus === 302 ? { location: `${receiverUrl}/elsewhere` } : {});
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/studio`;
});
beforeEach(async () => {
  await h.control.reset();
  received = [];
  answerStatus = 200;
});
afterAll(async () => {
  await h.close();
  await new Promise((resolve) => receiver.close(resolve));
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("condition not reached");
}

function verify(secret: string, header: string, raw: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const expected = createHmac("sha256", secret).update(`${match[1]}.${raw}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2], "hex")) && Math.abs(Date.now() / 1000 - Number(match[1])) <= 300;
}

describe("webhook delivery", () => {
  it("THEN each status change arrives signed, with the spec headers and the order exactly as GET returns it", async () => {
    const p = await partner(h);
    const { endpointId, secret } = await h.control.createWebhookEndpoint(p.accountId, { url: receiverUrl, environment: "test" });
    await h.control.createWebhookEndpoint(p.accountId, { url: `${receiverUrl}?live`, environment: "live" });
    expect(secret).toMatch(/^whsec_/);
    const { order } = await placeOrder(p.api, p.imageUrl);
    await h.control.setOrderStatus(order.orderId, "in_production");
    await h.control.addShipment(order.orderId, { carrier: "AusPost", trackingNumber: "AP1" });
    await until(async () => received.length, (n) => n >= 3);
    const types = received.map((r) => String(r.headers["service-event-type"]));
    expect(types.sort()).toEqual(["order.in_production", "order.received", "order.shipped"]);
    const last = received.find((r) => r.headers["service-event-type"] === "order.shipped") as Received;
    expect(verify(secret, String(last.headers["service-signature"]), last.raw)).toBe(true);
    expect(verify(secret, String(last.headers["service-signature"]), `${last.raw} `)).toBe(false);
    expect(last.headers["content-type"]).toBe("application/json");
    expect(last.headers["user-agent"]).toMatch(/\S/);
    const event = JSON.parse(last.raw);
    expect(last.headers["service-event-id"]).toBe(event.id);
    expect(event.type).toBe("order.shipped");
    expect(typeof event.createdAt).toBe("string");
    expect(event.data).toEqual((await p.api("GET", `/orders/${order.orderId}`)).body.data);
    const deliveries = await h.control.webhookDeliveries(endpointId);
    expect(deliveries.map((d) => d.state)).toEqual(["delivered", "delivered", "delivered"]);
    expect(received.some((r) => r.url.includes("live"))).toBe(false);
  });

  it("WHEN the receiver keeps failing THEN retries follow 1m, 5m, 15m, 1h, 4h, 12h of simulated time, then failed; resend delivers", async () => {
    const p = await partner(h);
    const { endpointId } = await h.control.createWebhookEndpoint(p.accountId, { url: receiverUrl, environment: "test" });
    answerStatus = 500;
    await placeOrder(p.api, p.imageUrl);
    const attempts = async () => (await h.control.webhookDeliveries(endpointId))[0];
    let d: StudioDelivery = await until(attempts, (x) => x?.attempts.length === 1);
    expect(d.state).toBe("pending");
    expect(d.attempts[0].status).toBe(500);
    const delays = [60, 300, 900, 3600, 14_400, 43_200];
    let dueAt = Date.parse(d.createdAt);
    for (const [i, delay] of delays.entries()) {
      dueAt += delay * 1000;
      expect(Date.parse(d.nextAttemptAt as string)).toBe(dueAt);
      await h.control.advanceClock(delay - 1);
      expect((await attempts()).attempts).toHaveLength(i + 1);
      await h.control.advanceClock(1);
      d = await attempts();
      expect(d.attempts).toHaveLength(i + 2);
    }
    expect(d.state).toBe("failed");
    expect(d.nextAttemptAt).toBeNull();
    answerStatus = 200;
    const resent = await h.control.resendDelivery(d.deliveryId);
    expect(resent.state).toBe("delivered");
    expect(new Set(received.map((r) => r.headers["service-event-id"])).size).toBe(1);
  });

  it("WHEN the clock jumps past the whole schedule THEN every retry is made during that advance and the delivery ends failed", async () => {
    const p = await partner(h);
    const { endpointId } = await h.control.createWebhookEndpoint(p.accountId, { url: receiverUrl, environment: "test" });
    answerStatus = 500;
    await placeOrder(p.api, p.imageUrl);
    await h.control.advanceClock(18 * 3600);
    const [d] = await h.control.webhookDeliveries(endpointId);
    expect(d.attempts).toHaveLength(7);
    expect(d.state).toBe("failed");
  });

  it("WHEN the receiver redirects THEN the redirect is not followed and counts as a failure", async () => {
    const p = await partner(h);
    const { endpointId } = await h.control.createWebhookEndpoint(p.accountId, { url: receiverUrl, environment: "test" });
    answerStatus = 302;
    await placeOrder(p.api, p.imageUrl);
    const [d] = await until(() => h.control.webhookDeliveries(endpointId), (x) => x[0]?.attempts.length === 1);
    expect(d.attempts[0].status).toBe(302);
    expect(d.state).toBe("pending");
    expect(received).toHaveLength(1);
  });

  it("WHEN 20 deliveries fail in a row THEN the endpoint is disabled until the studio enables it", async () => {
    const p = await partner(h);
    const { endpointId } = await h.control.createWebhookEndpoint(p.accountId, { url: receiverUrl, environment: "test" });
    answerStatus = 503;
    for (let i = 0; i < 20; i++) {
      const { order } = await placeOrder(p.api, p.imageUrl);
      await until(() => h.control.webhookDeliveries(endpointId), (x) => x.filter((d) => d.orderId === order.orderId && d.attempts.length === 1).length === 1);
    }
    const [endpoint] = await h.control.webhookEndpoints(p.accountId);
    expect(endpoint.disabled).toBe(true);
    const { order } = await placeOrder(p.api, p.imageUrl);
    await h.control.advanceClock(120);
    const waiting = (await h.control.webhookDeliveries(endpointId)).find((d) => d.orderId === order.orderId);
    expect(waiting?.attempts).toHaveLength(0);
    answerStatus = 200;
    await h.control.enableEndpoint(endpointId);
    await until(() => h.control.webhookDeliveries(endpointId), (x) => x.find((d) => d.orderId === order.orderId)?.state === "delivered");
  });
});
