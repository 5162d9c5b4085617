// Webhook endpoints, events and deliveries. Retries follow simulated time: a scheduler looks for due
// deliveries on a short real interval and right after every clock advance.
import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { isoOrNull } from "./clock";
import type { EventSink, Sim } from "./context";
import { newId } from "./ids";
import { orderView } from "./order-lifecycle";
import type { Environment, StoredOrder } from "./store";

export const RETRY_DELAYS_S = [60, 300, 900, 3600, 14_400, 43_200];
export const DISABLE_AFTER_FAILURES = 20;
export const DELIVERY_TIMEOUT_MS = 10_000;
export const USER_AGENT = "PrintStudio-Webhooks/1.0 (studio-simulator)";
const TICK_MS = 200;

export interface Endpoint {
  endpointId: string;
  accountId: string;
  environment: Environment;
  url: string;
  secret: string;
  disabled: boolean;
  disabledAt: number | null;
  consecutiveFailures: number;
  createdAt: number;
}

export interface Attempt {
  at: string;
  wallAt: string;
  status: number | null;
  error: string | null;
  manual: boolean;
}

export interface Delivery {
  deliveryId: string;
  endpointId: string;
  eventId: string;
  type: string;
  orderId: string;
  body: string;
  createdAt: number;
  attempts: Attempt[];
  scheduledAttempts: number;
  state: "pending" | "delivered" | "failed";
  nextAttemptAt: number | null;
  inFlight: boolean;
}

export const signature = (secret: string, t: number, rawBody: string): string =>
  `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${rawBody}`).digest("hex")}`;

const isLoopbackHost = (host: string): boolean => host === "localhost" || host === "[::1]" || host === "::1" || /^127\./.test(host);

/** https anywhere (the spec's rule); plain http only to loopback, for tests and the demo. */
export function checkEndpointUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "url must be an absolute URL";
  }
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && isLoopbackHost(url.hostname)) return null;
  return "url must be https (plain http is accepted only for loopback addresses)";
}

export class Webhooks implements EventSink {
  endpoints = new Map<string, Endpoint>();
  deliveries = new Map<string, Delivery>();
  private timer: NodeJS.Timeout | null = null;
  private sockets = new Set<http.ClientRequest>();
  private inFlight = new Set<Promise<void>>();

  constructor(private readonly sim: Sim) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const req of this.sockets) req.destroy();
    this.sockets.clear();
  }

  reset(): void {
    for (const req of this.sockets) req.destroy();
    this.sockets.clear();
    this.endpoints.clear();
    this.deliveries.clear();
  }

  register(accountId: string, url: string, environment: Environment): Endpoint {
    const endpoint: Endpoint = {
      endpointId: newId("we", 8), accountId, environment, url, secret: `whsec_${randomBytes(24).toString("hex")}`,
      disabled: false, disabledAt: null, consecutiveFailures: 0, createdAt: this.sim.clock.now(),
    };
    this.endpoints.set(endpoint.endpointId, endpoint);
    return endpoint;
  }

  enable(endpoint: Endpoint): void {
    endpoint.disabled = false;
    endpoint.disabledAt = null;
    endpoint.consecutiveFailures = 0;
    void this.tick();
  }

  emit(order: StoredOrder, type: string): void {
    const now = this.sim.clock.now();
    const eventId = newId("evt");
    const body = JSON.stringify({ id: eventId, type, createdAt: isoOrNull(now), data: orderView(order) });
    for (const endpoint of this.endpoints.values()) {
      if (endpoint.accountId !== order.accountId || endpoint.environment !== order.environment) continue;
      const delivery: Delivery = {
        deliveryId: newId("whd", 8), endpointId: endpoint.endpointId, eventId, type, orderId: order.orderId, body,
        createdAt: now, attempts: [], scheduledAttempts: 0, state: "pending", nextAttemptAt: now, inFlight: false,
      };
      this.deliveries.set(delivery.deliveryId, delivery);
    }
    void this.tick();
  }

  /** Attempts every due delivery; resolves when those attempts have finished. */
  async tick(): Promise<void> {
    const now = this.sim.clock.now();
    const due = [...this.deliveries.values()].filter((d) => {
      const endpoint = this.endpoints.get(d.endpointId);
      return d.state === "pending" && !d.inFlight && d.nextAttemptAt !== null && d.nextAttemptAt <= now && endpoint && !endpoint.disabled;
    });
    await Promise.all(due.map((d) => this.attempt(d, false)));
  }

  async resend(delivery: Delivery): Promise<void> {
    await this.attempt(delivery, true);
  }

  /** Waits for attempts in flight, then sends whatever became due meanwhile, until nothing is due. */
  async settle(): Promise<void> {
    for (let round = 0; round < 10; round++) {
      await Promise.all(this.inFlight);
      const now = this.sim.clock.now();
      const due = [...this.deliveries.values()].some((d) => d.state === "pending" && d.nextAttemptAt !== null && d.nextAttemptAt <= now && !this.endpoints.get(d.endpointId)?.disabled);
      if (!due && this.inFlight.size === 0) return;
      await this.tick();
    }
  }

  private attempt(d: Delivery, manual: boolean): Promise<void> {
    const running = this.runAttempt(d, manual);
    this.inFlight.add(running);
    return running.finally(() => this.inFlight.delete(running));
  }

  private async runAttempt(d: Delivery, manual: boolean): Promise<void> {
    const endpoint = this.endpoints.get(d.endpointId);
    if (!endpoint || d.inFlight) return;
    d.inFlight = true;
    // Retries count from when the attempt was due, so a clock jump past several retry times replays
    // each of them (as the real service would have made them during that time).
    const sentAt = this.sim.clock.now();
    const dueAt = manual || d.nextAttemptAt === null ? sentAt : d.nextAttemptAt;
    const wallAt = new Date().toISOString();
    const result = await this.post(endpoint, d);
    d.inFlight = false;
    if (!this.deliveries.has(d.deliveryId)) return; // reset while in flight
    const now = sentAt;
    d.attempts.push({ at: isoOrNull(sentAt) as string, wallAt, status: result.status, error: result.error, manual });
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    if (ok) {
      d.state = "delivered";
      d.nextAttemptAt = null;
      endpoint.consecutiveFailures = 0;
      return;
    }
    endpoint.consecutiveFailures += 1;
    if (endpoint.consecutiveFailures >= DISABLE_AFTER_FAILURES && !endpoint.disabled) {
      endpoint.disabled = true;
      endpoint.disabledAt = now;
    }
    if (manual) return; // a manual resend keeps the delivery's own schedule and state
    d.scheduledAttempts += 1;
    if (d.scheduledAttempts > RETRY_DELAYS_S.length) {
      d.state = "failed";
      d.nextAttemptAt = null;
    } else {
      d.nextAttemptAt = dueAt + RETRY_DELAYS_S[d.scheduledAttempts - 1] * 1000;
    }
  }

  private post(endpoint: Endpoint, d: Delivery): Promise<{ status: number | null; error: string | null }> {
    return new Promise((resolve) => {
      const t = Math.floor(Date.now() / 1000);
      let url: URL;
      try {
        url = new URL(endpoint.url);
      } catch {
        resolve({ status: null, error: "invalid url" });
        return;
      }
      const client = url.protocol === "https:" ? https : http;
      let settled = false;
      const settle = (value: { status: number | null; error: string | null }): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.sockets.delete(req);
        resolve(value);
      };
      const req = client.request(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(d.body),
          "service-signature": signature(endpoint.secret, t, d.body),
          "service-event-id": d.eventId,
          "service-event-type": d.type,
          "user-agent": USER_AGENT,
        },
      }, (res) => {
        res.resume();
        res.on("end", () => settle({ status: res.statusCode ?? null, error: null }));
        res.on("error", () => settle({ status: res.statusCode ?? null, error: null }));
      });
      const timer = setTimeout(() => {
        req.destroy();
        settle({ status: null, error: `timeout after ${DELIVERY_TIMEOUT_MS} ms` });
      }, DELIVERY_TIMEOUT_MS);
      this.sockets.add(req);
      req.on("error", (err) => settle({ status: null, error: err.message }));
      req.end(d.body);
    });
  }

  deliveryView(d: Delivery): Record<string, unknown> {
    return {
      deliveryId: d.deliveryId, endpointId: d.endpointId, eventId: d.eventId, type: d.type, orderId: d.orderId,
      state: d.state, attempts: d.attempts.map((a) => ({ ...a })), nextAttemptAt: isoOrNull(d.nextAttemptAt),
      createdAt: isoOrNull(d.createdAt), body: d.body,
    };
  }

  endpointView(e: Endpoint): Record<string, unknown> {
    return {
      endpointId: e.endpointId, accountId: e.accountId, environment: e.environment, url: e.url, disabled: e.disabled,
      disabledAt: isoOrNull(e.disabledAt), consecutiveFailures: e.consecutiveFailures,
    };
  }
}
