// Prisma CLI configuration. The schema engine runs as JavaScript through a driver adapter
// (no native engine binaries can be downloaded on our machines): docs/decisions/004-prisma-offline.md.
// DATABASE_URL picks the provider: `file:` is the embedded SQLite default, `postgres://` production.
import path from "node:path";
import { defineConfig } from "prisma/config";
import { isPostgresUrl, sqliteUrl } from "./app/lib/database-url";

const url = process.env.DATABASE_URL ?? "file:./dev.db";
const isPostgres = isPostgresUrl(url);

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: isPostgres ? path.join("prisma", "postgres", "schema.prisma") : path.join("prisma", "schema.prisma"),
  migrations: { path: isPostgres ? path.join("prisma", "postgres", "migrations") : path.join("prisma", "migrations") },
  async adapter() {
    if (isPostgres) {
      const { PrismaPg } = await import("@prisma/adapter-pg");
      return new PrismaPg({ connectionString: url });
    }
    const { PrismaLibSQL } = await import("@prisma/adapter-libsql");
    return new PrismaLibSQL({ url: sqliteUrl(url) });
  },
});

