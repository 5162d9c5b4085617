// The studio faults injected while orders flow (studio-simulator.md, "Fault kinds"): every kind on
// POST /orders, /quotes and /uploads, some with a probability for the whole run, some as bursts.
import type { FaultInput } from "./studio-surface";

/** Client timeouts are not in any contract; 20 s is longer than any sensible per-request timeout. */
const SLOW_MS = 20_000;

export function steadyFaults(): FaultInput[] {
  return [
    { method: "POST", path: "/orders", kind: "commit-then-500", probability: 0.1 },
    { method: "POST", path: "/orders", kind: "commit-then-reset", probability: 0.08 },
    { method: "POST", path: "/orders", kind: "500", probability: 0.06 },
    { method: "POST", path: "/orders", kind: "reset", probability: 0.05 },
    { method: "POST", path: "/orders", kind: "429", probability: 0.05, retryAfterSeconds: 2 },
    { method: "POST", path: "/orders", kind: "timeout", probability: 0.03, delayMs: SLOW_MS },
    { method: "POST", path: "/quotes", kind: "500", probability: 0.08 },
    { method: "POST", path: "/quotes", kind: "429", probability: 0.05, retryAfterSeconds: 1 },
    { method: "POST", path: "/quotes", kind: "reset", probability: 0.04 },
    { method: "POST", path: "/quotes", kind: "timeout", probability: 0.02, delayMs: SLOW_MS },
    { method: "POST", path: "/uploads", kind: "500", probability: 0.08 },
    { method: "POST", path: "/uploads", kind: "reset", probability: 0.04 },
    { method: "POST", path: "/uploads", kind: "429", probability: 0.04, retryAfterSeconds: 1 },
    { method: "POST", path: "/uploads", kind: "commit-then-500", probability: 0.04 },
  ];
}

/** Bursts added while orders are being created: the next few calls fail in a row. */
export function burstFaults(): FaultInput[] {
  return [
    { method: "POST", path: "/orders", kind: "commit-then-reset", count: 3 },
    { method: "POST", path: "/orders", kind: "commit-then-500", count: 2 },
    { method: "POST", path: "/quotes", kind: "500", count: 3 },
    { method: "POST", path: "/uploads", kind: "reset", count: 2 },
    { method: "POST", path: "/orders", kind: "429", count: 2, retryAfterSeconds: 3 },
  ];
}
