// The studio as the embedded UI uses it: one client per request (closed afterwards), the shop's
// catalogue cached for 60 seconds (the studio caches it privately for as long), and a key check.
import { studioClientForShop, getStudioCredentials, StudioNotConfiguredError } from "~/models/shop-settings.server";
import { createStudioClient, keyFingerprint, StudioError, type Catalogue, type StudioClient } from "~/studio";
import { catalogueView, type CatalogueView } from "./catalogue-view";

const CATALOGUE_TTL_MS = 60_000;
const catalogueCache = new Map<string, { at: number; fingerprint: string; view: CatalogueView; raw: Catalogue }>();
const UI_TIMEOUT_MS = 10_000;

/** Runs `work` with a studio client for the shop and always closes it. */
export async function withStudio<T>(shop: string, work: (client: StudioClient) => Promise<T>): Promise<T> {
  const client = await studioClientForShop(shop, { fetchTimeoutMs: UI_TIMEOUT_MS, retry: { maxAttempts: 2, maxRetryAfterSeconds: 5 } });
  try {
    return await work(client);
  } finally {
    await client.close();
  }
}

export type CatalogueResult =
  | { ok: true; view: CatalogueView; raw: Catalogue }
  | { ok: false; reason: "not_configured" | "studio_error"; message: string };

/** The shop's catalogue (cached 60 s per key), or why it cannot be read. */
export async function catalogueForShop(shop: string): Promise<CatalogueResult> {
  const credentials = await getStudioCredentials(shop);
  if (!credentials) return { ok: false, reason: "not_configured", message: new StudioNotConfiguredError(shop).message };
  const fingerprint = keyFingerprint(credentials.apiKey);
  const hit = catalogueCache.get(shop);
  if (hit && hit.fingerprint === fingerprint && Date.now() - hit.at < CATALOGUE_TTL_MS) return { ok: true, view: hit.view, raw: hit.raw };
  try {
    const raw = await withStudio(shop, (c) => c.catalogue.get());
    const view = catalogueView(raw);
    catalogueCache.set(shop, { at: Date.now(), fingerprint, view, raw });
    return { ok: true, view, raw };
  } catch (error) {
    return { ok: false, reason: "studio_error", message: studioMessage(error) };
  }
}

export function forgetCatalogue(shop: string): void {
  catalogueCache.delete(shop);
}

/** A merchant-readable sentence for any studio failure. */
export function studioMessage(error: unknown): string {
  if (error instanceof StudioError) {
    switch (error.code) {
      case "UNAUTHORIZED":
        return "The studio did not accept the API key (it may be revoked, expired or mistyped).";
      case "FORBIDDEN":
        return "The API key lacks the permission this needs (price:read for the catalogue and quotes).";
      case "RATE_LIMITED":
        return `The studio asks us to slow down; try again in ${error.retryAfter ?? 60} seconds.`;
      default:
        return error.message || `The studio answered ${error.code}.`;
    }
  }
  return error instanceof Error ? error.message : "The studio could not be reached.";
}

/** Checks a pasted key by reading the catalogue with it (nothing is stored). */
export async function checkStudioKey(apiKey: string, baseUrl: string): Promise<void> {
  const client = createStudioClient({ apiKey, baseUrl, fetchTimeoutMs: UI_TIMEOUT_MS, retry: { maxAttempts: 1 } });
  try {
    await client.catalogue.get();
  } catch (error) {
    throw new Error(studioMessage(error));
  } finally {
    await client.close();
  }
}
