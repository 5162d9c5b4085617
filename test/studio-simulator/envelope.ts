import type { ServerResponse } from "node:http";

// The public envelope `{ data, error }` and the Reply value every handler returns. Handlers build a
// Reply instead of writing to the socket so that idempotent replays, faults and the request log can
// all see (and reuse) exactly what would have been sent.

export interface ErrorBody {
  code: string;
  message: string;
  details?: unknown;
}

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string;
  errorCode: string | null;
}

/** A request fault or service failure that maps onto the spec's error table. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8" };

export function dataReply(status: number, data: unknown, extra: { nextCursor?: string | null; headers?: Record<string, string> } = {}): Reply {
  const body = "nextCursor" in extra ? { data, error: null, nextCursor: extra.nextCursor } : { data, error: null };
  return { status, headers: { ...JSON_HEADERS, ...(extra.headers ?? {}) }, body: JSON.stringify(body), errorCode: null };
}

export function errorReply(err: ApiError): Reply {
  const error: ErrorBody = { code: err.code, message: err.message };
  if (err.details !== undefined) error.details = err.details;
  return { status: err.status, headers: { ...JSON_HEADERS, ...err.headers }, body: JSON.stringify({ data: null, error }), errorCode: err.code };
}

export const internalError = (): ApiError =>
  new ApiError(500, "INTERNAL_ERROR", "The studio could not complete the request. It is safe to retry with backoff.");

export const notFound = (what = "resource"): ApiError => new ApiError(404, "NOT_FOUND", `No such ${what} for this account.`);

export interface PathIssue {
  path: string;
  message: string;
}

export const validationError = (errors: PathIssue[]): ApiError =>
  new ApiError(
    400,
    "VALIDATION_ERROR",
    `The request body does not match the schema: ${errors.map((e) => `${e.path || "(body)"} ${e.message}`).join("; ")}`,
    { errors },
  );

/** Writes a Reply unless the client is already gone (a fault or a timeout may have closed it). */
export function writeReply(res: ServerResponse, reply: Reply): void {
  if (res.destroyed || res.headersSent) return;
  res.writeHead(reply.status, { ...reply.headers, "content-length": Buffer.byteLength(reply.body) });
  res.end(reply.body);
}
