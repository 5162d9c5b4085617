// The one retry policy of the studio client. Retries connection failures, 429 (waiting exactly
// Retry-After), in-flight idempotency conflicts (409 + Retry-After) and 5xx; never other 4xx.
// Backoff is capped exponential with full jitter. Callers keep the request (and, for POST /orders,
// the Idempotency-Key and the serialised body) identical across attempts.
import { realSleep } from "./clock";
import { StudioError, StudioIdempotencyKeyInFlightError, StudioRateLimitError } from "./errors";

export interface RetryOptions {
  /** Total attempts including the first (default 5). 1 disables retrying. */
  maxAttempts?: number;
  /** First backoff ceiling in ms (default 500); doubles per attempt. */
  baseDelayMs?: number;
  /** Cap of the backoff ceiling in ms (default 20 000). */
  maxDelayMs?: number;
  /** A longer Retry-After is not slept through: the error is thrown for the caller to schedule (default 120). */
  maxRetryAfterSeconds?: number;
  /** Random source in [0, 1) for the jitter (default Math.random). */
  random?: () => number;
  /** Injectable wait (default: real timers). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}
export type RetryPolicy = Required<RetryOptions>;

export function resolveRetryPolicy(options: RetryOptions = {}): RetryPolicy {
  const maxAttempts = options.maxAttempts ?? 5;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new RangeError("retry.maxAttempts must be an integer >= 1");
  return {
    maxAttempts,
    baseDelayMs: options.baseDelayMs ?? 500,
    maxDelayMs: options.maxDelayMs ?? 20_000,
    maxRetryAfterSeconds: options.maxRetryAfterSeconds ?? 120,
    random: options.random ?? Math.random,
    sleep: options.sleep ?? realSleep,
  };
}

/** Full jitter: uniform in [0, min(maxDelay, base * 2^(attempt-1))). `attempt` is the one that failed (1-based). */
export function backoffDelayMs(attempt: number, policy: Pick<RetryPolicy, "baseDelayMs" | "maxDelayMs" | "random">): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(policy.random() * ceiling);
}

export type RetryReason = "connection" | "rate_limited" | "in_flight" | "server";
export type RetryDecision = { retry: false } | { retry: true; delayMs: number; reason: RetryReason };

export function retryDecision(error: unknown, attempt: number, policy: RetryPolicy): RetryDecision {
  if (!(error instanceof StudioError) || !error.retryable || attempt >= policy.maxAttempts) return { retry: false };
  const reason: RetryReason =
    error instanceof StudioRateLimitError ? "rate_limited" : error instanceof StudioIdempotencyKeyInFlightError ? "in_flight" : error.status === null ? "connection" : "server";
  if (error.retryAfter !== null) {
    // Retry-After is authoritative: wait exactly that long, unless it is longer than we may block.
    if (error.retryAfter > policy.maxRetryAfterSeconds) return { retry: false };
    return { retry: true, delayMs: error.retryAfter * 1000, reason };
  }
  return { retry: true, delayMs: backoffDelayMs(attempt, policy), reason };
}

export interface RetryHooks {
  signal?: AbortSignal;
  /** Called before each wait; the place to log and to tell the pacer about Retry-After. */
  onRetry?: (error: StudioError, attempt: number, delayMs: number, reason: RetryReason) => void | Promise<void>;
}

/** Runs `attempt(n)` until it succeeds or the policy says stop; throws the last error. */
export async function withRetry<T>(policy: RetryPolicy, run: (attempt: number) => Promise<T>, hooks: RetryHooks = {}): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(attempt);
    } catch (error) {
      hooks.signal?.throwIfAborted();
      const decision = retryDecision(error, attempt, policy);
      if (!decision.retry) throw error;
      await hooks.onRetry?.(error as StudioError, attempt, decision.delayMs, decision.reason);
      await policy.sleep(decision.delayMs, hooks.signal);
    }
  }
}
