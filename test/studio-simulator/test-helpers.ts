// Shared set-up for the simulator's own tests: a simulator on port 0, its control client, and a tiny
// public-API caller that returns status, headers and the parsed envelope.
import { StudioControl, setupStudioAccount, type StudioEnvironment } from "../support/studio-control";
import { startStudioSimulator, type StudioSimulator } from "./server";

export interface Envelope {
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary response shapes
  error: { code: string; message: string; details?: any } | null; // eslint-disable-line @typescript-eslint/no-explicit-any
  nextCursor?: string | null;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: Envelope;
}

export interface Harness {
  studio: StudioSimulator;
  control: StudioControl;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const studio = await startStudioSimulator({ port: 0 });
  return { studio, control: new StudioControl(studio.origin), close: () => studio.close() };
}

export function apiClient(baseUrl: string, key: string | null) {
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(key === null ? {} : { authorization: `Bearer ${key}` }),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Envelope };
  };
}
export type Api = ReturnType<typeof apiClient>;

export const ADDRESS_AU = {
  name: "Ada Lovelace", line1: "12 King Street", city: "Newtown", state: "NSW", postcode: "2042", country: "AU", email: "ada@example.com",
};

export const FINE_ART = { artworkWidthMm: "297", artworkHeightMm: "420", mediaId: "paper-photo-rag-308" };

/** An account with a key and an uploaded artwork url. */
export async function partner(h: Harness, opts: { environment?: StudioEnvironment; creditLimitCents?: number | null } = {}) {
  const account = await setupStudioAccount(h.control, opts);
  const api = apiClient(h.studio.baseUrl, account.key);
  const imageUrl = await uploadArtwork(api, Buffer.from("artwork-bytes"));
  return { ...account, api, imageUrl };
}

export async function uploadArtwork(api: Api, bytes: Buffer, contentType = "image/png"): Promise<string> {
  const target = await api("POST", "/uploads", { filename: "art.png", contentType, sizeBytes: bytes.length });
  if (target.status !== 201) throw new Error(`upload target failed: ${JSON.stringify(target.body)}`);
  const put = await fetch(target.body.data.uploadUrl, { method: "PUT", headers: { "content-type": contentType }, body: new Uint8Array(bytes) });
  if (put.status !== 200) throw new Error(`upload PUT failed: ${put.status}`);
  return target.body.data.url as string;
}

export function quoteBody(imageUrl: string, overrides: Record<string, unknown> = {}, item: Record<string, unknown> = {}) {
  return {
    items: [{ productSlug: "fine-art-printing", quantity: 1, imageUrl, externalReference: "gid://shopify/LineItem/1", variantSelections: FINE_ART, ...item }],
    shippingAddress: ADDRESS_AU,
    shippingMethodId: "au-standard",
    ...overrides,
  };
}

export async function placeOrder(api: Api, imageUrl: string, idempotencyKey = `k-${Math.random()}`) {
  const quote = await api("POST", "/quotes", quoteBody(imageUrl));
  if (quote.status !== 201) throw new Error(`quote failed: ${JSON.stringify(quote.body)}`);
  const order = await api("POST", "/orders", { quoteId: quote.body.data.quoteId }, { "idempotency-key": idempotencyKey });
  if (order.status !== 201) throw new Error(`order failed: ${JSON.stringify(order.body)}`);
  return { quote: quote.body.data, order: order.body.data };
}

/** An account with an all-scopes test key, without uploading anything. */
export async function setupHarnessAccount(h: Harness, opts: { environment?: StudioEnvironment } = {}) {
  const account = await setupStudioAccount(h.control, opts);
  return { ...account, api: apiClient(h.studio.baseUrl, account.key) };
}
