// Injected faults for public requests, matched by method and a path pattern such as /orders/*/cancel.
import { newId } from "./ids";

export const FAULT_KINDS = ["500", "429", "timeout", "reset", "commit-then-500", "commit-then-reset"] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface Fault {
  faultId: string;
  method: string;
  path: string;
  kind: FaultKind;
  remaining: number | null;
  probability: number | null;
  retryAfterSeconds: number;
  delayMs: number;
}

export type FaultInput = Omit<Fault, "faultId" | "remaining"> & { count: number | null };

const BASE = "/api/print/v1";

function segmentsOf(path: string): string[] {
  const bare = path.startsWith(BASE) ? path.slice(BASE.length) : path;
  return bare.split("/").filter((s) => s.length > 0);
}

function pathMatches(pattern: string, path: string): boolean {
  const p = segmentsOf(pattern.split("?")[0]);
  const s = segmentsOf(path);
  if (p.length === 1 && p[0] === "**") return true;
  return p.length === s.length && p.every((seg, i) => seg === "*" || seg === s[i]);
}

export class Faults {
  private list: Fault[] = [];

  add(input: FaultInput): Fault {
    const fault: Fault = {
      faultId: newId("flt", 8), method: input.method.toUpperCase(), path: input.path, kind: input.kind,
      remaining: input.count ?? (input.probability === null ? 1 : null), probability: input.probability,
      retryAfterSeconds: input.retryAfterSeconds, delayMs: input.delayMs,
    };
    this.list.push(fault);
    return fault;
  }

  all(): Fault[] {
    return this.list.map((f) => ({ ...f }));
  }

  remove(faultId: string): boolean {
    const before = this.list.length;
    this.list = this.list.filter((f) => f.faultId !== faultId);
    return this.list.length < before;
  }

  clear(): void {
    this.list = [];
  }

  /** The first fault that fires for this request; consumes one of its count. */
  take(method: string, relPath: string): Fault | null {
    for (const fault of this.list) {
      if (fault.method !== "*" && fault.method !== method.toUpperCase()) continue;
      if (!pathMatches(fault.path, relPath)) continue;
      if (fault.remaining !== null && fault.remaining <= 0) continue;
      if (fault.probability !== null && Math.random() >= fault.probability) continue;
      if (fault.remaining !== null) fault.remaining -= 1;
      if (fault.remaining === 0) this.list = this.list.filter((f) => f !== fault);
      return { ...fault };
    }
    return null;
  }
}
