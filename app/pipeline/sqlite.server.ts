// SQLite (the embedded default) shared by the app and `npm run worker` processes: write-ahead
// logging lets readers go on while one writer commits, and a busy timeout makes a writer wait for
// the lock instead of failing at once. journal_mode=WAL is stored in the database file, so setting
// it once covers every connection and process. PostgreSQL needs nothing.
import db from "~/db.server";
import { isPostgresUrl } from "~/lib/database-url";
import { env } from "~/env.server";

export async function prepareDatabaseForWorkers(): Promise<void> {
  if (isPostgresUrl(env().DATABASE_URL)) return;
  await db.$queryRawUnsafe("PRAGMA journal_mode=WAL");
  await db.$queryRawUnsafe("PRAGMA busy_timeout=5000");
}
