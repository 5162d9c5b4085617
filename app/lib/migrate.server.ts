// Applies the committed Prisma migrations (prisma/migrations for SQLite, prisma/postgres/migrations
// for PostgreSQL) in order, recording each in Prisma's own `_prisma_migrations` table so that
// `prisma migrate status`/`deploy` agree with it. Why not `prisma migrate deploy` itself: with the JS
// schema engine that offline machines need, it fails on PostgreSQL ("Column type 'name' could not be
// deserialized", prisma/orm#27403). docs/decisions/004-prisma-offline.md.
import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { isPostgresUrl, sqliteUrl } from "./database-url";

interface Executor {
  exec(sql: string): Promise<void>;
  query(sql: string, params: unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

const TABLE_SQLITE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" TEXT PRIMARY KEY NOT NULL, "checksum" TEXT NOT NULL, "finished_at" DATETIME, "migration_name" TEXT NOT NULL,
  "logs" TEXT, "rolled_back_at" DATETIME, "started_at" DATETIME NOT NULL DEFAULT current_timestamp,
  "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0)`;
const TABLE_POSTGRES = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL, "checksum" VARCHAR(64) NOT NULL, "finished_at" TIMESTAMPTZ, "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT, "rolled_back_at" TIMESTAMPTZ, "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`;

async function sqliteExecutor(url: string): Promise<Executor> {
  const { createClient } = await import("@libsql/client");
  const client = createClient({ url: sqliteUrl(url) });
  return {
    exec: async (sql) => void (await client.executeMultiple(sql)),
    query: async (sql, params) => (await client.execute({ sql, args: params as never[] })).rows as unknown as Record<string, unknown>[],
    close: async () => client.close(),
  };
}

async function postgresExecutor(url: string): Promise<Executor> {
  const pg = await import("pg");
  const client = new pg.default.Client({ connectionString: url });
  await client.connect();
  return {
    exec: async (sql) => void (await client.query(sql)),
    query: async (sql, params) => (await client.query(sql, params)).rows,
    close: async () => client.end(),
  };
}

export function migrationsDir(databaseUrl: string, root = process.cwd()): string {
  return isPostgresUrl(databaseUrl)
    ? path.join(root, "prisma", "postgres", "migrations")
    : path.join(root, "prisma", "migrations");
}

export interface MigrationResult {
  applied: string[];
  alreadyApplied: string[];
}

/** Brings the database at `databaseUrl` to the newest committed migration. Idempotent. */
export async function migrate(databaseUrl: string, root = process.cwd()): Promise<MigrationResult> {
  const postgres = isPostgresUrl(databaseUrl);
  const dir = migrationsDir(databaseUrl, root);
  if (!existsSync(dir)) throw new Error(`No migrations folder at ${dir}`);
  const names = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort();
  const db = postgres ? await postgresExecutor(databaseUrl) : await sqliteExecutor(databaseUrl);
  const p = (i: number) => (postgres ? `$${i}` : "?");
  try {
    await db.exec(postgres ? TABLE_POSTGRES : TABLE_SQLITE);
    const rows = await db.query(`SELECT "migration_name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`, []);
    const done = new Set(rows.map((r) => String(r.migration_name)));
    const result: MigrationResult = { applied: [], alreadyApplied: [] };
    for (const name of names) {
      if (done.has(name)) {
        result.alreadyApplied.push(name);
        continue;
      }
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      const checksum = createHash("sha256").update(sql).digest("hex");
      const id = randomUUID();
      await db.query(`INSERT INTO "_prisma_migrations" ("id","checksum","migration_name","started_at") VALUES (${p(1)},${p(2)},${p(3)},CURRENT_TIMESTAMP)`, [id, checksum, name]);
      try {
        await db.exec(`BEGIN;\n${sql}\nCOMMIT;`);
      } catch (error) {
        await db.exec("ROLLBACK;").catch(() => undefined);
        const message = error instanceof Error ? error.message : String(error);
        await db.query(`UPDATE "_prisma_migrations" SET "logs"=${p(1)} WHERE "id"=${p(2)}`, [message, id]);
        throw new Error(`Migration ${name} failed: ${message}`);
      }
      await db.query(`UPDATE "_prisma_migrations" SET "finished_at"=CURRENT_TIMESTAMP, "applied_steps_count"=1 WHERE "id"=${p(1)}`, [id]);
      result.applied.push(name);
    }
    return result;
  } finally {
    await db.close();
  }
}
