// Generates both Prisma clients (SQLite and PostgreSQL) from the one model file. `prisma generate`
// only needs a syntactically valid URL of the right provider, never a connection.
import { execFileSync } from "node:child_process";
import { syncPostgresSchema, SQLITE_SCHEMA, POSTGRES_SCHEMA } from "./schemas";

syncPostgresSchema();
const runs = [
  { schema: SQLITE_SCHEMA, url: "file:./dev.db" },
  { schema: POSTGRES_SCHEMA, url: "postgresql://generate@127.0.0.1:5432/generate" },
];
for (const { schema, url } of runs) {
  execFileSync("prisma", ["generate", "--schema", schema], {
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL: url },
  });
}
