// Integration fixtures: one studio simulator on 127.0.0.1:0 per test file, fresh accounts per test,
// and helpers that build valid requests from the live catalogue (no hard-coded identifiers).
import { startStudioSimulator, type StudioSimulator } from "../studio-simulator/server";
import { ALL_STUDIO_SCOPES, StudioControl, setupStudioAccount, type StudioEnvironment, type StudioRequestEntry } from "../support/studio-control";
import {
  StudioShippingUnavailableError,
  createStudioClient,
  type Quote,
  type QuoteRequest,
  type ShippingAddress,
  type StudioClient,
  type StudioClientOptions,
} from "../../app/studio";

export interface World {
  sim: StudioSimulator;
  control: StudioControl;
  /** A client for a fresh account (test key with every scope unless told otherwise). */
  account(opts?: { creditLimitCents?: number | null; environment?: StudioEnvironment; client?: Partial<StudioClientOptions> }): Promise<Account>;
  clientFor(key: string, options?: Partial<StudioClientOptions>): StudioClient;
  close(): Promise<void>;
}
export interface Account {
  accountId: string;
  key: string;
  keyId: string;
  client: StudioClient;
}

export async function startWorld(): Promise<World> {
  const sim = await startStudioSimulator({ port: 0 });
  const control = new StudioControl(sim.origin);
  const clients: StudioClient[] = [];
  const clientFor = (key: string, options: Partial<StudioClientOptions> = {}) => {
    const client = createStudioClient({ apiKey: key, baseUrl: sim.baseUrl, fetchTimeoutMs: 5_000, retry: { baseDelayMs: 20, maxDelayMs: 200 }, ...options });
    clients.push(client);
    return client;
  };
  return {
    sim,
    control,
    clientFor,
    async account(opts = {}) {
      const acct = await setupStudioAccount(control, { creditLimitCents: opts.creditLimitCents, environment: opts.environment });
      return { ...acct, client: clientFor(acct.key, opts.client) };
    },
    async close() {
      await Promise.all(clients.map((c) => c.close()));
      await sim.close();
    },
  };
}

/** A key of another environment (or with other scopes) on the same account. */
export async function extraKey(world: World, accountId: string, environment: StudioEnvironment, scopes = ALL_STUDIO_SCOPES, options: Partial<StudioClientOptions> = {}) {
  const { key, keyId } = await world.control.createKey(accountId, { environment, scopes });
  return { key, keyId, client: world.clientFor(key, options) };
}

export const address = (overrides: Partial<ShippingAddress> = {}): ShippingAddress => ({
  name: "Jane Citizen",
  line1: "1 Example Street",
  city: "Sydney",
  state: "NSW",
  postcode: "2000",
  country: "AU",
  email: "jane@example.com",
  ...overrides,
});

/** Uploads a small PNG through the client and returns its imageUrl. */
export async function uploadArtwork(client: StudioClient, sizeBytes = 1024): Promise<string> {
  const target = await client.uploads.create({ filename: "art.png", contentType: "image/png", sizeBytes });
  const bytes = new Uint8Array(sizeBytes).fill(7);
  await client.uploads.put(target, (async function* () {
    yield bytes;
  })(), { sizeBytes, contentType: "image/png" });
  return target.url;
}

/** A fine-art print line on the catalogue's first paper. */
export async function fineArtRequest(client: StudioClient, imageUrl: string | null, overrides: Partial<QuoteRequest> = {}): Promise<QuoteRequest> {
  const catalogue = await client.catalogue.get();
  return {
    items: [{ productSlug: "fine-art-printing", quantity: 1, imageUrl, externalReference: "line-1", variantSelections: { artworkWidthMm: "200", artworkHeightMm: "300", mediaId: catalogue.media[0].id } }],
    shippingAddress: address(),
    ...overrides,
  };
}

/** Shipping discovery as the spec describes it: ask without a method, pick the first delivered (non-collection) option. */
export async function withShipping(client: StudioClient, request: QuoteRequest): Promise<QuoteRequest> {
  const error = await client.quotes.create({ ...request, shippingMethodId: undefined }).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof StudioShippingUnavailableError)) throw new Error(`expected SHIPPING_UNAVAILABLE during discovery, got ${String(error)}`);
  const option = error.details.shippingOptions.find((o) => !o.isCollection) ?? error.details.shippingOptions[0];
  return { ...request, shippingMethodId: option.id };
}

/** Upload + discovery + quote: a held quote ready to order. */
export async function heldQuote(client: StudioClient, imageUrl?: string): Promise<Quote> {
  const url = imageUrl ?? (await uploadArtwork(client));
  return client.quotes.create(await withShipping(client, await fineArtRequest(client, url)));
}

/** The request log entries of one public endpoint, e.g. ("POST", "/orders"). */
export function requestsTo(entries: StudioRequestEntry[], method: string, path: string): StudioRequestEntry[] {
  return entries.filter((e) => e.method === method && e.path.replace(/^\/api\/print\/v1/, "").split("?")[0] === path);
}

/** Awaits a promise that must reject and returns the error. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}
