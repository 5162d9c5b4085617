// Query cost and the per-shop leaky bucket, modelled on Shopify's calculated query cost:
// - requested cost: every field returning an object (or interface/union) costs 1, scalars and enums 0;
//   fragments on different possible types are alternatives (the most expensive one counts);
//   a connection (a type named *Connection) costs 2 plus its `first`/`last` (default 10) times the cost
//   of one node (1 + its selection; edges/pageInfo wrappers are free); every root mutation field costs 10 (its payload is not counted).
// - actual cost: 1 per object in the response data (connections' edge/pageInfo wrappers included),
//   plus 10 per root mutation field, never more than the requested cost.
// - bucket: maximumAvailable 2000, restoreRate 100/s by default. A request whose requested cost exceeds
//   what is available is THROTTLED and takes nothing; otherwise the requested cost is taken and the
//   difference to the actual cost is refunded.
import {
  getNamedType, isAbstractType, isObjectType, isInterfaceType, Kind,
  type FragmentDefinitionNode, type GraphQLCompositeType, type GraphQLSchema, type OperationDefinitionNode, type SelectionSetNode, type ValueNode,
} from "graphql";
import type { BucketState } from "./store";

export const MAX_SINGLE_QUERY_COST = 1000;
const DEFAULT_PAGE = 10;

function argNumber(value: ValueNode | undefined, variables: Record<string, unknown>): number | null {
  if (!value) return null;
  if (value.kind === Kind.INT) return Number(value.value);
  if (value.kind === Kind.VARIABLE) {
    const v = variables[value.name.value];
    return typeof v === "number" ? v : null;
  }
  return null;
}

export function requestedCost(schema: GraphQLSchema, op: OperationDefinitionNode, fragments: Map<string, FragmentDefinitionNode>, variables: Record<string, unknown>): number {
  const root = op.operation === "mutation" ? schema.getMutationType() : op.operation === "subscription" ? schema.getSubscriptionType() : schema.getQueryType();
  if (!root) return 0;
  const seen = new Set<string>();
  const walk = (set: SelectionSetNode | undefined, parent: GraphQLCompositeType, depth: number): number => {
    if (!set || depth > 50) return 0;
    let sum = 0;
    // Fragments on other (possible) types are alternatives: Shopify charges the most expensive one.
    const alternatives = new Map<string, number>();
    const fragment = (typeName: string | undefined, inner: SelectionSetNode) => {
      const t = typeName ? (schema.getType(typeName) as GraphQLCompositeType | undefined) ?? parent : parent;
      const cost = walk(inner, t, depth + 1);
      if (t === parent) sum += cost;
      else alternatives.set(t.name, (alternatives.get(t.name) ?? 0) + cost);
    };
    for (const sel of set.selections) {
      if (sel.kind === Kind.INLINE_FRAGMENT) {
        fragment(sel.typeCondition?.name.value, sel.selectionSet);
        continue;
      }
      if (sel.kind === Kind.FRAGMENT_SPREAD) {
        const frag = fragments.get(sel.name.value);
        if (!frag || seen.has(frag.name.value)) continue;
        seen.add(frag.name.value);
        fragment(frag.typeCondition.name.value, frag.selectionSet);
        seen.delete(frag.name.value);
        continue;
      }
      if (sel.name.value.startsWith("__")) continue;
      const fields = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields() : {};
      const def = fields[sel.name.value];
      if (!def) continue;
      const named = getNamedType(def.type);
      const composite = isObjectType(named) || isAbstractType(named) || isInterfaceType(named);
      if (depth === 0 && op.operation === "mutation") { sum += 10; continue; }
      if (!composite) continue;
      if (named.name.endsWith("Connection") && isObjectType(named)) {
        const arg = (n: string) => sel.arguments?.find((a) => a.name.value === n)?.value;
        const page = argNumber(arg("first"), variables) ?? argNumber(arg("last"), variables) ?? DEFAULT_PAGE;
        let perNode = 0;
        for (const inner of sel.selectionSet?.selections ?? []) {
          if (inner.kind !== Kind.FIELD || inner.name.value === "pageInfo") continue;
          const innerDef = named.getFields()[inner.name.value];
          if (!innerDef) continue;
          const innerType = getNamedType(innerDef.type) as GraphQLCompositeType;
          if (inner.name.value === "edges") perNode += walk(inner.selectionSet, innerType, depth + 2);
          else if (inner.name.value === "nodes") perNode += 1 + walk(inner.selectionSet, innerType, depth + 2);
        }
        sum += 2 + page * perNode;
      } else sum += 1 + walk(sel.selectionSet, named as GraphQLCompositeType, depth + 1);
    }
    return sum + Math.max(0, ...alternatives.values());
  };
  return walk(op.selectionSet, root, 0);
}

export function actualCost(data: unknown, mutationFields: number, requested: number): number {
  let objects = 0;
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") {
      objects++;
      Object.values(v).forEach(walk);
    }
  };
  if (mutationFields > 0) return Math.min(requested, mutationFields * 10);
  walk(data);
  return Math.min(requested, Math.max(0, objects - 1));
}

export interface ThrottleStatus { maximumAvailable: number; currentlyAvailable: number; restoreRate: number }

export function refill(bucket: BucketState, now: number): void {
  const elapsed = Math.max(0, now - bucket.updatedAt) / 1000;
  bucket.currentlyAvailable = Math.min(bucket.maximumAvailable, bucket.currentlyAvailable + elapsed * bucket.restoreRate);
  bucket.updatedAt = now;
}

export function throttleStatus(bucket: BucketState): ThrottleStatus {
  return { maximumAvailable: bucket.maximumAvailable, currentlyAvailable: Math.floor(bucket.currentlyAvailable), restoreRate: bucket.restoreRate };
}

/** Takes `cost` from the bucket if it is available; false (taking nothing) when throttled. */
export function take(bucket: BucketState, cost: number, now: number): boolean {
  refill(bucket, now);
  if (cost > bucket.currentlyAvailable) return false;
  bucket.currentlyAvailable -= cost;
  return true;
}

export function refund(bucket: BucketState, amount: number): void {
  bucket.currentlyAvailable = Math.min(bucket.maximumAvailable, bucket.currentlyAvailable + Math.max(0, amount));
}
