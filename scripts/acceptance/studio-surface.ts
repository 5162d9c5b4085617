// The studio simulator's /__studio control surface, as the contract (studio-simulator.md) lists it.
import { z } from "zod";
import { callEnvelope } from "./http-json";

const studioOrder = z.looseObject({
  orderId: z.string(),
  orderNumber: z.string().optional(),
  status: z.string(),
  environment: z.string().optional(),
  createdAt: z.string(),
  printed: z.boolean().optional(),
  lines: z.array(z.looseObject({ externalReference: z.string().nullable(), quantity: z.number().int() })),
  shipments: z.array(z.looseObject({ trackingNumber: z.string() })),
});
export type StudioOrder = z.infer<typeof studioOrder>;

export interface StudioRequest {
  wallAt: string;
  method: string;
  path: string;
  status: number | null;
  errorCode: string | null;
}

export interface StudioDelivery {
  type: string;
  orderId?: string;
  state: string;
  attempts: Array<{ wallAt?: string; status: number | null; error?: string | null }>;
}

export type FaultKind = "500" | "429" | "timeout" | "reset" | "commit-then-500" | "commit-then-reset";
export interface FaultInput {
  method: string;
  path: string;
  kind: FaultKind;
  count?: number;
  probability?: number;
  retryAfterSeconds?: number;
  delayMs?: number;
}

export interface ParcelInput {
  carrier: string;
  trackingNumber: string;
  trackingUrl: string;
}

export class StudioSurface {
  constructor(readonly origin: string, readonly accountId: string) {}

  private url(rest: string): string {
    return `${this.origin}/__studio${rest}`;
  }

  async orders(): Promise<StudioOrder[]> {
    const data = await callEnvelope<unknown>("GET", this.url(`/orders?accountId=${encodeURIComponent(this.accountId)}`));
    const r = z.array(studioOrder).safeParse(data);
    if (!r.success) throw new Error(`GET /__studio/orders answered an unexpected shape: ${r.error.issues.slice(0, 3).map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
    return r.data;
  }

  /** Every public request made with the account's keys, oldest first. */
  async requests(): Promise<StudioRequest[]> {
    return callEnvelope<StudioRequest[]>("GET", this.url(`/requests?accountId=${encodeURIComponent(this.accountId)}`));
  }

  /** Every webhook delivery of the simulator (the control surface lists them per endpoint or all). */
  async webhookDeliveries(): Promise<StudioDelivery[]> {
    return callEnvelope<StudioDelivery[]>("GET", this.url("/webhook-deliveries"));
  }

  async ship(orderId: string, parcel: ParcelInput): Promise<void> {
    await callEnvelope("POST", this.url(`/orders/${encodeURIComponent(orderId)}/shipments`), parcel);
  }

  async markPrinted(orderId: string): Promise<void> {
    await callEnvelope("POST", this.url(`/orders/${encodeURIComponent(orderId)}/printed`), {});
  }

  async addFault(fault: FaultInput): Promise<string> {
    return (await callEnvelope<{ faultId: string }>("POST", this.url("/faults"), fault)).faultId;
  }

  async clearFaults(): Promise<void> {
    await callEnvelope("DELETE", this.url("/faults"));
  }

  /** Simulated time minus wall time, in ms (0 unless someone moved the studio clock). */
  async clockOffsetMs(): Promise<number> {
    const { now } = await callEnvelope<{ now: string }>("GET", this.url("/clock"));
    return Date.parse(now) - Date.now();
  }
}
