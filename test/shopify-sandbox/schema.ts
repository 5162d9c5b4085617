// The real Admin GraphQL schema (introspection JSON, API 2026-10), loaded lazily once per process.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from "graphql";

export const SCHEMA_PATH = fileURLToPath(new URL("../fixtures/admin-2026-10.schema.json.gz", import.meta.url));

let cached: GraphQLSchema | undefined;

export function adminSchema(): GraphQLSchema {
  if (!cached) {
    const json = JSON.parse(gunzipSync(readFileSync(SCHEMA_PATH)).toString("utf8")) as { data: IntrospectionQuery };
    cached = buildClientSchema(json.data, { assumeValid: true });
  }
  return cached;
}
