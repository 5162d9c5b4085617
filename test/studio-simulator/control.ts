// The /__studio control surface (no auth, loopback only): accounts, keys, webhook endpoints, studio-side
// order actions, catalogue withdrawal, request log, simulated clock and faults.
import { randomBytes } from "node:crypto";
import { CATALOGUE_SECTIONS, type CatalogueSection } from "./catalogue";
import { isoOrNull } from "./clock";
import { ApiError, dataReply, validationError, type Reply } from "./envelope";
import { FAULT_KINDS, type FaultKind } from "./faults";
import { newId, safeDecode } from "./ids";
import { MANUAL_STATUSES, addShipment, cancel, markPrinted, orderView, recordPayment, setStatus, voidShipment, type ManualStatus } from "./order-lifecycle";
import type { Simulator } from "./simulator";
import { SCOPES, type Account, type Environment, type Invoice, type Scope, type StoredOrder } from "./store";
import { Checker, isObject, type JsonObject } from "./validation";
import { checkEndpointUrl } from "./webhooks";

export const CONTROL_BASE = "/__studio";

const notFound = (what: string, id: string): ApiError => new ApiError(404, "NOT_FOUND", `No ${what} ${id}.`);
const ENVIRONMENTS = ["live", "test"] as const;

function nullableInt(c: Checker, body: JsonObject, key: string): number | null | undefined {
  if (body[key] === null) return null;
  return c.integer(body, key, "", { min: 0 });
}

export class ControlApi {
  constructor(private readonly sim: Simulator) {}

  private account(id: string): Account {
    const account = this.sim.state.accounts.get(id);
    if (!account) throw notFound("account", id);
    return account;
  }

  private order(id: string): StoredOrder {
    const order = this.sim.state.orders.get(id);
    if (!order) throw notFound("order", id);
    return order;
  }

  private accountView(a: Account): Record<string, unknown> {
    return {
      accountId: a.accountId, name: a.name, creditLimitCents: a.creditLimitCents, tradeDiscountPercent: a.tradeDiscountPercent,
      suspended: a.suspended, apiAccess: a.apiAccess, createdAt: isoOrNull(a.createdAt),
      outstandingCents: { live: this.sim.state.outstandingCents(a.accountId, "live"), test: this.sim.state.outstandingCents(a.accountId, "test") },
    };
  }

  private invoiceView(i: Invoice): Record<string, unknown> {
    const state = this.sim.state;
    return {
      invoiceId: i.invoiceId, orderId: i.orderId, accountId: i.accountId, environment: i.environment, amountCents: i.amountCents,
      paidCents: state.invoicePaidCents(i), state: state.invoiceState(i), createdAt: isoOrNull(i.createdAt),
    };
  }

  studioOrderView(o: StoredOrder): Record<string, unknown> {
    const invoice = this.sim.state.invoices.get(o.invoiceId);
    const view = orderView(o);
    return {
      ...view,
      accountId: o.accountId,
      lines: o.quote.lines.map((l, i) => ({ ...l, imageUrl: o.quote.imageUrls[i] ?? null })),
      idempotencyKey: o.idempotencyKey,
      invoice: invoice ? this.invoiceView(invoice) : null,
      printed: o.printed,
      printedAt: isoOrNull(o.printedAt),
      payments: o.payments.map((p) => ({ amountCents: p.amountCents, at: isoOrNull(p.at) })),
      specialInstructions: o.specialInstructions,
      whiteLabel: o.quote.whiteLabel,
      rushTier: o.quote.rushTier,
      shippingAddress: o.quote.shippingAddress,
    };
  }

  async handle(method: string, relPath: string, query: URLSearchParams, body: unknown): Promise<Reply> {
    const seg = relPath.split("/").filter((s) => s.length > 0).map(safeDecode);
    const b: JsonObject = isObject(body) ? body : {};
    const route = `${method} /${seg.map((s, i) => (i % 2 === 1 && seg.length > 1 && !["withdraw"].includes(s) ? ":id" : s)).join("/")}`;
    const sim = this.sim;
    const state = sim.state;
    switch (route) {
      case "POST /reset":
        await sim.reset();
        return dataReply(200, { reset: true });
      case "POST /accounts": {
        const c = new Checker();
        const name = c.string(b, "name", "", { max: 200 });
        const creditLimitCents = nullableInt(c, b, "creditLimitCents");
        const trade = c.integer(b, "tradeDiscountPercent", "", { min: 0, max: 50 });
        c.throwIfAny();
        const account: Account = {
          accountId: newId("acct", 8), name: name ?? `Trade account ${state.accounts.size + 1}`, creditLimitCents: creditLimitCents ?? null,
          tradeDiscountPercent: trade ?? 10, suspended: false, apiAccess: true, createdAt: sim.clock.now(),
        };
        state.accounts.set(account.accountId, account);
        return dataReply(201, { ...this.accountView(account) });
      }
      case "GET /accounts/:id":
        return dataReply(200, this.accountView(this.account(seg[1])));
      case "PATCH /accounts/:id": {
        const account = this.account(seg[1]);
        const c = new Checker();
        const suspended = c.boolean(b, "suspended", "");
        const apiAccess = c.boolean(b, "apiAccess", "");
        const creditLimitCents = nullableInt(c, b, "creditLimitCents");
        const trade = c.integer(b, "tradeDiscountPercent", "", { min: 0, max: 50 });
        const name = c.string(b, "name", "", { max: 200 });
        c.throwIfAny();
        if (suspended !== undefined) account.suspended = suspended;
        if (apiAccess !== undefined) account.apiAccess = apiAccess;
        if (creditLimitCents !== undefined) account.creditLimitCents = creditLimitCents;
        if (trade !== undefined) account.tradeDiscountPercent = trade;
        if (name) account.name = name;
        return dataReply(200, this.accountView(account));
      }
      case "POST /accounts/:id/keys": {
        const account = this.account(seg[1]);
        const c = new Checker();
        const environment = c.oneOf(b, "environment", "", ENVIRONMENTS);
        if (b.environment === undefined) c.add("environment", "is required");
        const scopes = b.scopes;
        if (!Array.isArray(scopes) || scopes.some((s) => !(SCOPES as readonly unknown[]).includes(s))) c.add("scopes", `must be an array of ${SCOPES.join(", ")}`);
        const expiresIn = c.integer(b, "expiresInSeconds", "", { min: 1 });
        c.throwIfAny();
        const key = `psk_${environment}_${randomBytes(32).toString("hex")}`;
        const record = {
          keyId: newId("key", 8), accountId: account.accountId, environment: environment as Environment, scopes: [...new Set(scopes as Scope[])],
          key, revoked: false, expiresAt: expiresIn === undefined ? null : sim.clock.now() + expiresIn * 1000, createdAt: sim.clock.now(),
        };
        state.keys.set(record.keyId, record);
        state.keysBySecret.set(key, record);
        return dataReply(201, { keyId: record.keyId, key, environment: record.environment, scopes: record.scopes, expiresAt: isoOrNull(record.expiresAt) });
      }
      case "POST /keys/:id/revoke": {
        const key = state.keys.get(seg[1]);
        if (!key) throw notFound("key", seg[1]);
        key.revoked = true;
        return dataReply(200, { keyId: key.keyId, revoked: true });
      }
      case "POST /accounts/:id/webhook-endpoints": {
        const account = this.account(seg[1]);
        const c = new Checker();
        const url = c.string(b, "url", "", { required: true, max: 2000 });
        const environment = c.oneOf(b, "environment", "", ENVIRONMENTS);
        if (b.environment === undefined) c.add("environment", "is required");
        const urlProblem = url ? checkEndpointUrl(url) : null;
        if (urlProblem) c.add("url", urlProblem);
        c.throwIfAny();
        const endpoint = sim.webhooks.register(account.accountId, url as string, environment as Environment);
        return dataReply(201, { endpointId: endpoint.endpointId, secret: endpoint.secret, url: endpoint.url, environment: endpoint.environment });
      }
      case "GET /webhook-endpoints": {
        const accountId = query.get("accountId");
        const list = [...sim.webhooks.endpoints.values()].filter((e) => !accountId || e.accountId === accountId);
        return dataReply(200, list.map((e) => sim.webhooks.endpointView(e)));
      }
      case "POST /webhook-endpoints/:id/enable": {
        const endpoint = sim.webhooks.endpoints.get(seg[1]);
        if (!endpoint) throw notFound("webhook endpoint", seg[1]);
        sim.webhooks.enable(endpoint);
        return dataReply(200, sim.webhooks.endpointView(endpoint));
      }
      case "GET /webhook-deliveries": {
        const endpointId = query.get("endpointId");
        const list = [...sim.webhooks.deliveries.values()].filter((d) => !endpointId || d.endpointId === endpointId);
        return dataReply(200, list.map((d) => sim.webhooks.deliveryView(d)));
      }
      case "POST /webhook-deliveries/:id/resend": {
        const delivery = sim.webhooks.deliveries.get(seg[1]);
        if (!delivery) throw notFound("webhook delivery", seg[1]);
        await sim.webhooks.resend(delivery);
        return dataReply(200, sim.webhooks.deliveryView(delivery));
      }
      case "GET /orders": {
        const accountId = query.get("accountId");
        const list = [...state.orders.values()].filter((o) => !accountId || o.accountId === accountId).sort((x, y) => x.seq - y.seq);
        return dataReply(200, list.map((o) => this.studioOrderView(o)));
      }
      case "GET /orders/:id":
        return dataReply(200, this.studioOrderView(this.order(seg[1])));
      case "GET /accounts/:id/invoices": {
        const account = this.account(seg[1]);
        const list = [...state.invoices.values()].filter((i) => i.accountId === account.accountId);
        return dataReply(200, list.map((i) => this.invoiceView(i)));
      }
      case "POST /orders/:id/status": {
        const order = this.order(seg[1]);
        const status = b.status;
        if (typeof status !== "string" || !(MANUAL_STATUSES as readonly string[]).includes(status)) {
          throw validationError([{ path: "status", message: `must be one of ${MANUAL_STATUSES.join(", ")}` }]);
        }
        setStatus(sim, order, status as ManualStatus);
        return dataReply(200, this.studioOrderView(order));
      }
      case "POST /orders/:id/shipments": {
        const order = this.order(seg[1]);
        const c = new Checker();
        const trackingNumber = c.string(b, "trackingNumber", "", { required: true, max: 200 });
        const carrier = c.string(b, "carrier", "", { nullable: true, max: 200 }) ?? null;
        const trackingUrl = c.string(b, "trackingUrl", "", { nullable: true, max: 2000 }) ?? null;
        c.throwIfAny();
        addShipment(sim, order, { carrier, trackingNumber: trackingNumber as string, trackingUrl });
        return dataReply(200, this.studioOrderView(order));
      }
      case "POST /orders/:id/shipments/:id/void": {
        const order = this.order(seg[1]);
        if (!voidShipment(sim, order, seg[3])) throw notFound("live parcel with tracking number", seg[3]);
        return dataReply(200, this.studioOrderView(order));
      }
      case "POST /orders/:id/printed": {
        const order = this.order(seg[1]);
        markPrinted(sim, order);
        return dataReply(200, this.studioOrderView(order));
      }
      case "POST /orders/:id/payments": {
        const order = this.order(seg[1]);
        const c = new Checker();
        const amountCents = c.integer(b, "amountCents", "", { required: true, min: 1 });
        c.throwIfAny();
        recordPayment(sim, order, amountCents as number);
        return dataReply(200, this.studioOrderView(order));
      }
      case "POST /orders/:id/cancel": {
        const order = this.order(seg[1]);
        cancel(sim, order);
        return dataReply(200, this.studioOrderView(order));
      }
      case "POST /catalogue/withdraw": {
        const c = new Checker();
        const section = c.oneOf(b, "section", "", CATALOGUE_SECTIONS);
        const id = c.string(b, "id", "", { required: true });
        if (b.section === undefined) c.add("section", "is required");
        c.throwIfAny();
        if (!sim.catalogue.withdraw(section as CatalogueSection, id as string)) throw notFound(`${section} item`, id as string);
        return dataReply(200, { section, id, withdrawn: true });
      }
      case "GET /requests": {
        const accountId = query.get("accountId");
        const sinceRaw = query.get("since");
        const since = sinceRaw === null ? null : /^\d+$/.test(sinceRaw) ? Number(sinceRaw) : Date.parse(sinceRaw);
        if (since !== null && Number.isNaN(since)) throw validationError([{ path: "since", message: "must be an ISO 8601 timestamp" }]);
        const list = state.requestLog.filter((e) => (!accountId || e.accountId === accountId) && (since === null || e.atMs >= since));
        return dataReply(200, list.map(({ atMs: _atMs, ...entry }) => entry));
      }
      case "GET /clock":
        return dataReply(200, { now: sim.clock.iso() });
      case "POST /clock": {
        const seconds = b.advanceSeconds;
        if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds < 0) {
          throw validationError([{ path: "advanceSeconds", message: "must be a non-negative number" }]);
        }
        sim.clock.advance(seconds);
        await sim.webhooks.settle();
        return dataReply(200, { now: sim.clock.iso() });
      }
      case "POST /faults": {
        const c = new Checker();
        const path = c.string(b, "path", "", { required: true, max: 500 });
        const faultMethod = c.string(b, "method", "", { required: true, max: 10 });
        const kind = typeof b.kind === "number" ? String(b.kind) : b.kind;
        if (typeof kind !== "string" || !(FAULT_KINDS as readonly string[]).includes(kind)) c.add("kind", `must be one of ${FAULT_KINDS.join(", ")}`);
        const count = c.integer(b, "count", "", { min: 1 });
        const probability = b.probability;
        if (probability !== undefined && probability !== null && (typeof probability !== "number" || probability < 0 || probability > 1)) {
          c.add("probability", "must be a number from 0 to 1");
        }
        const retryAfterSeconds = c.integer(b, "retryAfterSeconds", "", { min: 0 });
        const delayMs = c.integer(b, "delayMs", "", { min: 0 });
        c.throwIfAny();
        const fault = sim.faults.add({
          method: faultMethod as string, path: path as string, kind: kind as FaultKind, count: count ?? null,
          probability: typeof probability === "number" ? probability : null, retryAfterSeconds: retryAfterSeconds ?? 1, delayMs: delayMs ?? 30_000,
        });
        return dataReply(201, { faultId: fault.faultId });
      }
      case "GET /faults":
        return dataReply(200, sim.faults.all());
      case "DELETE /faults":
        sim.faults.clear();
        return dataReply(200, { cleared: true });
      case "DELETE /faults/:id":
        if (!sim.faults.remove(seg[1])) throw notFound("fault", seg[1]);
        return dataReply(200, { faultId: seg[1], removed: true });
      case "GET /uploads": {
        const accountId = query.get("accountId");
        const list = [...state.uploads.values()].filter((u) => !accountId || u.accountId === accountId);
        return dataReply(200, list.map((u) => ({
          uploadId: u.uploadId, accountId: u.accountId, key: u.key, url: u.url, filename: u.filename, contentType: u.contentType,
          sizeBytes: u.sizeBytes, completedAt: isoOrNull(u.completedAt),
        })));
      }
      default:
        throw new ApiError(404, "NOT_FOUND", `No control endpoint ${method} ${CONTROL_BASE}${relPath}.`);
    }
  }
}
