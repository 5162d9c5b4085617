// GIVEN the real Admin API schema (2026-10) WHEN every document the app sends is validated THEN
// none has an error, each names its operation, and each is tagged #graphql.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { buildClientSchema, parse, validate, type IntrospectionQuery, OperationDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { ALL_DOCUMENTS } from "~/shopify/documents";

const schema = buildClientSchema(
  (JSON.parse(gunzipSync(readFileSync("test/fixtures/admin-2026-10.schema.json.gz")).toString("utf8")) as { data: IntrospectionQuery }).data,
);

describe("Admin GraphQL documents", () => {
  for (const [name, doc] of Object.entries(ALL_DOCUMENTS)) {
    it(`${name} is valid against the 2026-10 schema`, () => {
      expect(doc.trimStart().startsWith("#graphql")).toBe(true);
      const ast = parse(doc);
      expect(validate(schema, ast).map((e) => e.message)).toEqual([]);
      const op = ast.definitions[0] as OperationDefinitionNode;
      expect(op.name?.value).toMatch(/^Print/);
    });
  }

  it("a wrong field is caught by the same check (the check can fail)", () => {
    const errors = validate(schema, parse(ALL_DOCUMENTS.FULFILLMENT_CREATE.replace("userErrors", "userErrorz")));
    expect(errors.length).toBeGreaterThan(0);
  });
});
