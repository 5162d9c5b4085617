// Injected faults: `{operation?, kind, count?, probability?}`. `operation` matches a GraphQL operation
// name or a root field name ("tokenExchange" targets the token-exchange endpoint, and only a fault
// naming it does); without it every Admin GraphQL request matches. A fault fires for the next `count` matching requests (1 when neither count
// nor probability is given; unlimited when only probability is given), each with `probability` (1).
import { randomUUID } from "node:crypto";
import { z } from "zod";

export const faultInput = z.object({
  operation: z.string().min(1).optional(),
  kind: z.union([z.enum(["throttled", "500", "timeout"]), z.literal(500).transform(() => "500" as const)]),
  count: z.number().int().positive().optional(),
  probability: z.number().min(0).max(1).optional(),
});
export type FaultInput = z.infer<typeof faultInput>;

interface Fault { id: string; operation: string | null; kind: FaultInput["kind"]; remaining: number; probability: number }

export class Faults {
  private faults: Fault[] = [];

  constructor(private readonly random: () => number = Math.random) {}

  add(input: FaultInput): string {
    const id = randomUUID();
    const remaining = input.count ?? (input.probability !== undefined ? Number.POSITIVE_INFINITY : 1);
    this.faults.push({ id, operation: input.operation ?? null, kind: input.kind, remaining, probability: input.probability ?? 1 });
    return id;
  }

  clear(): void {
    this.faults = [];
  }

  /** The kind of the first fault that matches one of `names` and fires now, or null. With `namedOnly`,
   * faults without an operation do not match (the token endpoint is hit only when named). */
  take(names: string[], namedOnly = false): FaultInput["kind"] | null {
    for (const f of this.faults) {
      if (f.remaining <= 0) continue;
      if (f.operation === null ? namedOnly : !names.includes(f.operation)) continue;
      if (this.random() >= f.probability) continue;
      f.remaining -= 1;
      this.faults = this.faults.filter((x) => x.remaining > 0);
      return f.kind;
    }
    return null;
  }
}
