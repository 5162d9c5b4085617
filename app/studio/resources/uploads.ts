import { Readable } from "node:stream";
import { request } from "undici";
import { canonicalJson } from "../canonical-json";
import { StudioUploadError, StudioUsageError, type UploadFailure } from "../errors";
import { studioCall, type StudioHttpContext } from "../http.server";
import { UPLOAD_CONTENT_TYPES, UPLOAD_MAX_BYTES, UploadTargetSchema, type UploadRequest, type UploadTarget } from "../schemas";
import type { RequestOptions } from "./options";

export type UploadSource = Readable | AsyncIterable<Uint8Array>;
export interface PutUploadOptions extends RequestOptions {
  /** Exact byte length the source will yield (as sent to uploads.create). */
  sizeBytes: number;
  /** Must equal the target's contentType. */
  contentType: string;
}
export interface UploadResult {
  /** The value to use as a quote line's imageUrl. */
  url: string;
  key: string;
  sizeBytes: number;
}

function uploadError(reason: UploadFailure, message: string, extra: { status?: number | null; sentBytes?: number | null } = {}): StudioUploadError {
  return new StudioUploadError({ code: "UPLOAD_FAILED", status: extra.status ?? null, message, details: { reason, sentBytes: extra.sentBytes ?? null }, method: "PUT", path: "(upload target)" });
}

/** Refuses, before anything is sent, what the studio or its storage would refuse. */
function checkUpload(sizeBytes: number, contentType: string): void {
  if (!Number.isSafeInteger(sizeBytes) || sizeBytes < 0) {
    throw new StudioUsageError({ code: "CLIENT_USAGE", status: null, message: `upload sizeBytes must be a non-negative integer, got ${String(sizeBytes)}` });
  }
  if (sizeBytes > UPLOAD_MAX_BYTES) {
    throw uploadError("too_large", `upload of ${sizeBytes} bytes refused: the studio accepts at most ${UPLOAD_MAX_BYTES} bytes (500 MB)`);
  }
  if (!(UPLOAD_CONTENT_TYPES as readonly string[]).includes(contentType)) {
    throw uploadError("content_type_not_allowed", `upload content type "${contentType}" refused: allowed are ${UPLOAD_CONTENT_TYPES.join(", ")}`);
  }
}

/** Passes chunks through, counting them; fails as soon as the source yields more than promised, or ends short. */
async function* exactly(source: UploadSource, sizeBytes: number, onError: (e: StudioUploadError) => void, counter: { sent: number }): AsyncGenerator<Uint8Array> {
  for await (const chunk of source as AsyncIterable<Uint8Array | string>) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    counter.sent += bytes.byteLength;
    if (counter.sent > sizeBytes) {
      const e = uploadError("size_mismatch", `upload source yielded more than the declared ${sizeBytes} bytes; upload aborted`, { sentBytes: counter.sent });
      onError(e);
      throw e;
    }
    yield bytes;
  }
  if (counter.sent !== sizeBytes) {
    const e = uploadError("size_mismatch", `upload source ended after ${counter.sent} of the declared ${sizeBytes} bytes; upload aborted`, { sentBytes: counter.sent });
    onError(e);
    throw e;
  }
}

export function uploadsResource(ctx: StudioHttpContext) {
  return {
    /** POST /uploads: a short-lived signed target for one artwork file. */
    async create(body: UploadRequest, opts: RequestOptions = {}): Promise<UploadTarget> {
      checkUpload(body.sizeBytes, body.contentType);
      const call = { method: "POST" as const, path: "/uploads", body: canonicalJson(body), schema: UploadTargetSchema, signal: opts.signal };
      return (await studioCall(ctx, call)).data;
    },

    /**
     * Streams the bytes to the target's uploadUrl with the exact Content-Type and Content-Length.
     * Never buffers the file; never sends the API key to storage; not retried (a stream cannot be replayed).
     */
    async put(target: UploadTarget, source: UploadSource, opts: PutUploadOptions): Promise<UploadResult> {
      checkUpload(opts.sizeBytes, opts.contentType);
      if (opts.contentType !== target.contentType) {
        throw uploadError("content_type_not_allowed", `upload content type "${opts.contentType}" differs from the target's "${target.contentType}"; storage would refuse it`);
      }
      const counter = { sent: 0 };
      let sizeFailure: StudioUploadError | null = null;
      const body = Readable.from(exactly(source, opts.sizeBytes, (e) => (sizeFailure = e), counter), { objectMode: false });
      const started = performance.now();
      const uploadTimeoutMs = Math.max(ctx.fetchTimeoutMs, 60_000);
      try {
        const res = await request(target.uploadUrl, {
          dispatcher: ctx.agent,
          method: "PUT",
          headers: { "content-type": target.contentType, "content-length": String(opts.sizeBytes) },
          body,
          signal: opts.signal,
          headersTimeout: uploadTimeoutMs,
          bodyTimeout: uploadTimeoutMs,
        });
        const text = await res.body.text();
        const durationMs = Math.round(performance.now() - started);
        ctx.logger.info({ method: "PUT", path: "(upload target)", status: res.statusCode, sizeBytes: opts.sizeBytes, durationMs }, "studio upload");
        if (res.statusCode < 200 || res.statusCode >= 300) {
          // Storage answers in its own format (JSON envelope or S3-style XML): take the code only.
          const m = /"code"\s*:\s*"([A-Za-z_]+)"|<Code>([A-Za-z_]+)<\/Code>/.exec(text);
          const code = m?.[1] ?? m?.[2];
          throw uploadError("storage_rejected", `storage refused the upload with ${res.statusCode}${code ? ` ${code}` : ""}`, { status: res.statusCode, sentBytes: counter.sent });
        }
        if (sizeFailure) throw sizeFailure;
        return { url: target.url, key: target.key, sizeBytes: opts.sizeBytes };
      } catch (error) {
        if (sizeFailure) throw sizeFailure;
        if (error instanceof StudioUploadError || opts.signal?.aborted) throw error;
        const detail = ctx.redact(error instanceof Error ? error.message : String(error));
        throw uploadError("connection_failed", `upload failed after ${counter.sent} bytes: ${detail}`, { sentBytes: counter.sent });
      } finally {
        body.destroy();
      }
    },
  };
}
