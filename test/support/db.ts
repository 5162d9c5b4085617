// A fresh, migrated database for one test file. SQLite by default (a temp file); PostgreSQL when
// TEST_DATABASE_URL points at a server (a new database is created on it for this file).
// The app's `db` (app/db.server.ts) is pointed at it, so domain code under test uses it as is.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { createDb, type Db } from "~/db.server";
import { migrate } from "~/lib/migrate.server";

export interface TestDatabase {
  url: string;
  provider: "sqlite" | "postgresql";
  db: Db;
  cleanup(): Promise<void>;
}

export async function createTestDatabase(opts: { provider?: "sqlite" | "postgresql" } = {}): Promise<TestDatabase> {
  const provider = opts.provider ?? (process.env.TEST_DATABASE_URL ? "postgresql" : "sqlite");
  if (provider === "postgresql") return createPostgresDatabase();
  const dir = mkdtempSync(path.join(os.tmpdir(), "print-studio-db-"));
  const url = `file:${path.join(dir, "test.db")}`;
  await migrate(url);
  const db = createDb(url);
  install(db, url);
  return {
    url,
    provider,
    db,
    async cleanup() {
      await db.$disconnect();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function createPostgresDatabase(): Promise<TestDatabase> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error("TEST_DATABASE_URL is not set: cannot create a PostgreSQL test database");
  const name = `print_studio_test_${randomBytes(6).toString("hex")}`;
  const pg = await import("pg");
  const client = new pg.default.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  await migrate(url.toString());
  const db = createDb(url.toString());
  install(db, url.toString());
  return {
    url: url.toString(),
    provider: "postgresql",
    db,
    async cleanup() {
      await db.$disconnect();
      const c = new pg.default.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

function install(db: Db, url: string): void {
  process.env.DATABASE_URL = url;
  globalThis.__printStudioDb = db;
}

/** Whether the PostgreSQL variant of database tests should run in this environment. */
export const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
