// The one database client. DATABASE_URL chooses the provider: `file:` is the embedded SQLite
// default (libsql driver adapter), `postgres://` is production (pg driver adapter). Both generated
// clients come from the same models (prisma/schema.prisma), so the SQLite client's types serve both.
import { PrismaClient } from "@print-studio/prisma-sqlite";
import { PrismaClient as PostgresPrismaClient } from "@print-studio/prisma-postgres";
import { PrismaLibSQL } from "@prisma/adapter-libsql";
import { PrismaPg } from "@prisma/adapter-pg";
import { env } from "./env.server";
import { isPostgresUrl, sqliteUrl } from "./lib/database-url";

export type Db = PrismaClient;
export type { Prisma } from "@print-studio/prisma-sqlite";

export function createDb(databaseUrl: string): Db {
  if (isPostgresUrl(databaseUrl)) {
    const client = new PostgresPrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl }) });
    return client as unknown as Db;
  }
  return new PrismaClient({ adapter: new PrismaLibSQL({ url: sqliteUrl(databaseUrl) }) });
}

declare global {
  var __printStudioDb: Db | undefined;
}

function getDb(): Db {
  // Reused across Vite dev-server reloads so that development does not leak connections.
  globalThis.__printStudioDb ??= createDb(env().DATABASE_URL);
  return globalThis.__printStudioDb;
}

/** Lazily connected client: importing this module opens nothing until the first query. */
const db: Db = new Proxy({} as Db, {
  get(_target, prop) {
    const real = getDb() as unknown as Record<string | symbol, unknown>;
    const value = real[prop];
    return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(real) : value;
  },
});

export default db;
