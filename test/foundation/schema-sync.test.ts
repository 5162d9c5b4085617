import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { derivePostgresSchema, POSTGRES_SCHEMA, SQLITE_SCHEMA } from "../../scripts/db/schemas";

describe("one source of truth for the models", () => {
  it("GIVEN prisma/schema.prisma WHEN the PostgreSQL schema is derived THEN the committed one is identical (run npm run db:generate)", () => {
    expect(readFileSync(POSTGRES_SCHEMA, "utf8")).toBe(derivePostgresSchema(readFileSync(SQLITE_SCHEMA, "utf8")));
  });

  it("GIVEN the last migration snapshot WHEN compared with the schema THEN no model change is left without a migration", () => {
    expect(readFileSync(SQLITE_SCHEMA, "utf8")).toBe(readFileSync("prisma/schema.snapshot.prisma", "utf8"));
  });
});
