// Every Admin GraphQL document in the app (a template literal starting with #graphql) is parsed and
// validated against the real Admin API schema 2026-10, so a typo or a removed field fails here,
// not in a merchant's shop.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { buildClientSchema, parse, validate, type GraphQLSchema, type IntrospectionQuery } from "graphql";
import { describe, expect, it } from "vitest";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(d.name) && !d.name.endsWith(".test.ts") ? [p] : [];
  });
}

function documentsIn(file: string): { file: string; line: number; text: string }[] {
  const src = readFileSync(file, "utf8");
  const found: { file: string; line: number; text: string }[] = [];
  const re = /`#graphql[ \t]*\n([\s\S]*?)`/g;
  for (let m = re.exec(src); m; m = re.exec(src)) {
    if (m[1].includes("${")) throw new Error(`${file}: a #graphql document must not interpolate \${…}; use variables`);
    found.push({ file, line: src.slice(0, m.index).split("\n").length, text: m[1] });
  }
  return found;
}

let schema: GraphQLSchema | undefined;
function adminSchema(): GraphQLSchema {
  if (!schema) {
    const json = JSON.parse(gunzipSync(readFileSync("test/fixtures/admin-2026-10.schema.json.gz")).toString("utf8")) as { data: IntrospectionQuery };
    schema = buildClientSchema(json.data);
  }
  return schema;
}

const documents = sourceFiles("app").flatMap(documentsIn);

describe("Admin GraphQL documents against the real 2026-10 schema", () => {
  it("GIVEN the app's sources WHEN scanned THEN they hold the documents the app sends", () => {
    expect(documents.length).toBeGreaterThan(0);
  });

  it.each(documents.map((d) => [`${d.file}:${d.line}`, d.text] as const))("%s is valid", (_where, text) => {
    const errors = validate(adminSchema(), parse(text)).map((e) => e.message);
    expect(errors).toEqual([]);
  });

  it("GIVEN a document with a field that does not exist WHEN validated THEN it is refused (the check can fail)", () => {
    const errors = validate(adminSchema(), parse("query { shop { name notAField } }"));
    expect(errors.map((e) => e.message)).toEqual([expect.stringContaining(`Cannot query field "notAField" on type "Shop"`)]);
  });
});
