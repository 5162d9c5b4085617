// POST /shops/{shop}/admin/api/{version}/graphql.json: parse, validate against the real schema,
// coerce variables, charge the leaky bucket, execute over the store, answer like Shopify.
import { randomUUID } from "node:crypto";
import {
  execute, getOperationAST, Kind, parse, validate, type DocumentNode, type FragmentDefinitionNode, type GraphQLError, type OperationDefinitionNode,
} from "graphql";
import type { SandboxContext } from "../context";
import { actualCost, MAX_SINGLE_QUERY_COST, refund, requestedCost, take, throttleStatus } from "../cost";
import { adminSchema } from "../schema";
import type { ShopState } from "../store";
import { PagingError } from "./connection";
import { parseError, validationError, variableError, type ShopifyError } from "./errors";
import { fieldResolver, typeResolver } from "./field-resolver";
import { mutationRoot } from "./resolvers-mutation";
import { queryRoot } from "./resolvers-query";

export interface GraphqlRequest { query?: unknown; variables?: unknown; operationName?: unknown }
export interface GraphqlAnswer { status: number; body: unknown; fault?: "timeout" }

const documents = new Map<string, DocumentNode | GraphQLError>();

function parseCached(query: string): DocumentNode | GraphQLError {
  let doc = documents.get(query);
  if (!doc) {
    try {
      doc = parse(query);
    } catch (err) {
      doc = err as GraphQLError;
    }
    if (documents.size > 500) documents.clear();
    documents.set(query, doc);
  }
  return doc;
}

function rootFieldNames(op: OperationDefinitionNode): string[] {
  return op.selectionSet.selections.flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : []));
}

function internalError(): GraphqlAnswer {
  const requestId = randomUUID();
  return { status: 500, body: { errors: [{ message: `Internal error. Looks like something went wrong on our end.\nRequest ID: ${requestId} (include this in support requests).`, extensions: { code: "INTERNAL_SERVER_ERROR", requestId } }] } };
}

export function handleGraphql(ctx: SandboxContext, shop: ShopState, req: GraphqlRequest): GraphqlAnswer {
  if (typeof req.query !== "string" || !req.query.trim()) return { status: 400, body: { errors: { query: "Required parameter missing or invalid" } } };
  const variables = req.variables && typeof req.variables === "object" && !Array.isArray(req.variables) ? (req.variables as Record<string, unknown>) : {};
  const operationName = typeof req.operationName === "string" && req.operationName ? req.operationName : undefined;
  const doc = parseCached(req.query);
  if (!("kind" in doc)) return { status: 200, body: { errors: [parseError(doc)] } };
  const schema = adminSchema();
  const invalid = validate(schema, doc);
  if (invalid.length) return { status: 200, body: { errors: invalid.map((e) => validationError(doc, e)) } };
  const op = getOperationAST(doc, operationName);
  if (!op) {
    const message = operationName ? `No operation named "${operationName}"` : "An operation name is required";
    return { status: 200, body: { errors: [{ message, extensions: { code: "OPERATION_NOT_FOUND" } }] } };
  }
  const names = [...(op.name ? [op.name.value] : []), ...rootFieldNames(op)];
  const fault = ctx.faults.take(names);
  if (fault === "500") return internalError();
  if (fault === "timeout") return { status: 504, body: {}, fault: "timeout" };

  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const requested = requestedCost(schema, op, fragments, variables);
  const now = ctx.now();
  const bucket = shop.bucket;
  const throttledBody = (message: string, code: string, extra: Record<string, unknown> = {}) => ({
    errors: [{ message, extensions: { code, documentation: "https://shopify.dev/api/usage/rate-limits", ...extra } }],
    extensions: { cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: throttleStatus(bucket) } },
  });
  if (requested > MAX_SINGLE_QUERY_COST) {
    return { status: 200, body: throttledBody(`Query cost is ${requested}, which exceeds the single query max cost limit (${MAX_SINGLE_QUERY_COST}).\n\nSee https://shopify.dev/concepts/about-apis/rate-limits for more information on how the\ncost of a query is calculated.\n\nTo query larger amounts of data with fewer limits, bulk operations should be used instead.\nSee https://shopify.dev/tutorials/perform-bulk-operations-with-admin-api for usage details.\n`, "MAX_COST_EXCEEDED", { cost: requested, maxCost: MAX_SINGLE_QUERY_COST }) };
  }
  if (fault === "throttled" || !take(bucket, requested, now)) return { status: 200, body: throttledBody("Throttled", "THROTTLED") };

  const gctx = { store: ctx.store, shop, now };
  let result;
  try {
    result = execute({
      schema, document: doc, variableValues: variables, operationName, contextValue: gctx,
      rootValue: op.operation === "mutation" ? mutationRoot(gctx) : queryRoot(gctx), fieldResolver, typeResolver,
    });
  } catch (err) {
    refund(bucket, requested);
    throw err;
  }
  if (result instanceof Promise) throw new Error("the sandbox resolvers are synchronous");
  const errors: ShopifyError[] = [];
  for (const e of result.errors ?? []) {
    if (!e.path && /^Variable "\$/.test(e.message)) errors.push(variableError(e, variables, op));
    else if (e.originalError instanceof PagingError) errors.push({ message: e.message, locations: e.locations?.map((l) => ({ ...l })), path: e.path ? [...e.path] : undefined, extensions: { code: "BAD_REQUEST" } });
    else errors.push({ message: e.message, locations: e.locations?.map((l) => ({ ...l })), path: e.path ? [...e.path] : undefined, extensions: { code: "INTERNAL_SERVER_ERROR" } });
  }
  if (!result.data && errors.length) {
    refund(bucket, requested);
    return { status: 200, body: { errors } };
  }
  const mutationFields = op.operation === "mutation" ? rootFieldNames(op).length : 0;
  const actual = actualCost(result.data, mutationFields, requested);
  refund(bucket, requested - actual);
  const body: Record<string, unknown> = { data: result.data };
  if (errors.length) body.errors = errors;
  body.extensions = { cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: throttleStatus(bucket) } };
  return { status: 200, body };
}
