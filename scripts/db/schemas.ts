// The SQLite schema (prisma/schema.prisma) is the one source of truth; the PostgreSQL schema is
// derived from it by swapping the datasource provider and the generated client's folder.
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";

export const SQLITE_SCHEMA = path.join("prisma", "schema.prisma");
export const POSTGRES_SCHEMA = path.join("prisma", "postgres", "schema.prisma");

export function derivePostgresSchema(sqliteSchema: string): string {
  const out = sqliteSchema
    .replace('provider = "sqlite"', 'provider = "postgresql"')
    .replace('output     = "../node_modules/@print-studio/prisma-sqlite"', 'output     = "../../node_modules/@print-studio/prisma-postgres"');
  if (out === sqliteSchema || !out.includes('"postgresql"') || !out.includes("@print-studio/prisma-postgres")) {
    throw new Error(`${SQLITE_SCHEMA}: could not find the sqlite provider and client output lines to derive the PostgreSQL schema`);
  }
  return (
    "// GENERATED from prisma/schema.prisma by scripts/db/sync-postgres-schema.ts: edit that file, not this one.\n" + out
  );
}

export function syncPostgresSchema(): boolean {
  const wanted = derivePostgresSchema(readFileSync(SQLITE_SCHEMA, "utf8"));
  let current = "";
  try {
    current = readFileSync(POSTGRES_SCHEMA, "utf8");
  } catch {
    /* first run */
  }
  if (current === wanted) return false;
  mkdirSync(path.dirname(POSTGRES_SCHEMA), { recursive: true });
  writeFileSync(POSTGRES_SCHEMA, wanted);
  return true;
}
