// Every Admin GraphQL document the UI sends is valid against Shopify's 2026-10 schema, and stays
// under Shopify's 1000-point limit for a single query's requested cost (the sandbox's cost model).
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { buildClientSchema, Kind, parse, validate, type IntrospectionQuery, type OperationDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { GRAPHQL_DOCUMENTS } from "~/shopify/products.server";
import { requestedCost } from "../shopify-sandbox/cost";

const raw = JSON.parse(gunzipSync(readFileSync("test/fixtures/admin-2026-10.schema.json.gz")).toString("utf8")) as { data?: IntrospectionQuery } & IntrospectionQuery;
const schema = buildClientSchema(raw.data ?? raw);

describe("UI GraphQL documents", () => {
  it.each(Object.entries(GRAPHQL_DOCUMENTS))("GIVEN %s THEN it is #graphql-tagged and validates against the Admin API 2026-10 schema", (_name, doc) => {
    expect(doc.trimStart().startsWith("#graphql")).toBe(true);
    expect(validate(schema, parse(doc)).map((e) => e.message)).toEqual([]);
  });

  it.each(Object.entries(GRAPHQL_DOCUMENTS))("GIVEN %s THEN its requested cost is at most 1000", (_name, doc) => {
    const op = parse(doc).definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    if (!op) throw new Error("no operation");
    // paged lists ask for the full page size (products: first 20)
    expect(requestedCost(schema, op, new Map(), { first: 20 })).toBeLessThanOrEqual(1000);
  });
});
