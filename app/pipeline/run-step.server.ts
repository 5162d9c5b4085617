// Which step an order's state calls for, and how a failed step is recorded: transient faults are
// retried on a backoff schedule (Retry-After is authoritative), everything else becomes
// needs_attention with the code, the message and what the merchant can do.
import { FetchFailedError, UrlRefusedError } from "~/lib/ssrf.server";
import { StudioNotConfiguredError } from "~/models/shop-settings.server";
import { ShopifyAuthError, ShopifyGraphqlError, ShopifyUnavailableError, ShopifyUserError } from "~/shopify/errors";
import { StudioError, StudioUploadError } from "~/studio";
import { attention, attentionFields, attentionForStudioError, type Attention } from "./attention";
import type { LoadedOrder, PipelineConfig, StepContext, StepResult } from "./context.server";
import { TERMINAL } from "./states";
import { cancelStep } from "./steps/cancel.server";
import { gateStep } from "./steps/gate.server";
import { placeStep, sendOrder } from "./steps/place.server";
import { quoteStep } from "./steps/quote.server";
import { syncStep } from "./steps/sync.server";

export async function runStep(ctx: StepContext): Promise<StepResult> {
  const { po } = ctx;
  if (po.cancelRequestedAt && !TERMINAL.includes(po.state)) return cancelStep(ctx);
  switch (po.state) {
    case "received":
    case "scheduled":
    case "awaiting_approval":
      return gateStep(ctx);
    case "artwork_ready":
      return quoteStep(ctx);
    case "quoted":
      return placeStep(ctx);
    case "placing":
    case "waiting_credit":
      return sendOrder(ctx);
    case "placed":
    case "fulfilled":
      return syncStep(ctx);
    default:
      // needs_attention, cancelled, nothing_to_print, or a state from a newer version: wait for a person.
      return { data: { nextAttemptAt: null } };
  }
}

function backoff(po: LoadedOrder, config: PipelineConfig, retryAfterSeconds: number | null): Date {
  const ms = retryAfterSeconds !== null ? retryAfterSeconds * 1000 : Math.min(config.maxBackoffMs, 1000 * 2 ** Math.min(po.attempts, 16));
  return new Date(Date.now() + ms);
}

function retry(po: LoadedOrder, config: PipelineConfig, code: string, message: string, retryAfterSeconds: number | null = null): StepResult {
  const at = backoff(po, config, retryAfterSeconds);
  return {
    data: { attempts: po.attempts + 1, lastError: code, nextAttemptAt: at },
    events: [{ type: "retry", message: `${message} Trying again at ${at.toISOString()}.`, data: { code, attempt: po.attempts + 1 } }],
  };
}

function needsAttention(a: Attention, keepState = false, nextAttemptAt: Date | null = null): StepResult {
  return {
    data: { ...(keepState ? {} : { state: "needs_attention" }), nextAttemptAt, lastError: a.code, ...attentionFields(a) },
    events: [{ type: "error", message: `${a.message} — ${a.action}`, data: { code: a.code } }],
  };
}

/** The recovery point of a failed step. */
export function failureResult(error: unknown, po: LoadedOrder, config: PipelineConfig): StepResult {
  const later = (ms: number) => new Date(Date.now() + ms);
  if (error instanceof StudioNotConfiguredError) {
    return needsAttention(attention("STUDIO_NOT_CONFIGURED", error.message, "Paste the studio API key in Settings; the order then continues by itself."), true, later(60_000));
  }
  if (error instanceof UrlRefusedError) {
    return needsAttention(attention("ARTWORK_REFUSED", error.message, "Use a public https address for the artwork (mapping or line item property), then press Retry."));
  }
  if (error instanceof FetchFailedError) {
    if (error.retryable) return retry(po, config, "ARTWORK_FETCH_FAILED", error.message);
    return needsAttention(attention("ARTWORK_UNREACHABLE", error.message, "Check that the artwork address opens in a browser, then press Retry."));
  }
  if (error instanceof StudioUploadError) {
    if (error.reason === "storage_rejected" || error.reason === "connection_failed") return retry(po, config, error.code, `Artwork upload failed: ${error.message}.`);
    return needsAttention(attention("ARTWORK_REJECTED", error.message, "Use a JPEG, PNG, WebP, TIFF or HEIC file of at most 500 MB, then press Retry."));
  }
  if (error instanceof StudioError) {
    if (error.retryable) return retry(po, config, error.code, `The studio did not answer (${error.code}).`, error.retryAfter);
    return needsAttention(attentionForStudioError(error));
  }
  if (error instanceof ShopifyUnavailableError) return retry(po, config, "SHOPIFY_UNAVAILABLE", error.message, error.retryAfterMs ? Math.ceil(error.retryAfterMs / 1000) : null);
  if (error instanceof ShopifyAuthError) {
    return needsAttention(attention("SHOPIFY_ACCESS", error.message, "Open the app from the Shopify admin to restore its access; the order continues by itself."), true, later(15 * 60_000));
  }
  if (error instanceof ShopifyUserError || error instanceof ShopifyGraphqlError) {
    return needsAttention(attention("SHOPIFY_REFUSED", error.message, "Check the order in Shopify (was it edited or fulfilled?); the app tries again later, or press Retry."), true, later(config.pollIntervalMs));
  }
  const message = error instanceof Error ? error.message : String(error);
  return retry(po, config, "UNEXPECTED", `Unexpected failure: ${message}.`);
}
