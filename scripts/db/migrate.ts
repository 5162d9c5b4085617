// `npm run db:migrate`: brings DATABASE_URL's database (default: the embedded SQLite prisma/dev.db)
// to the current schema, from empty or from any earlier migration, on SQLite or PostgreSQL.
import { migrate } from "../../app/lib/migrate.server";

const url = process.env.DATABASE_URL || "file:./dev.db";
const redacted = url.replace(/\/\/[^@/]*@/, "//***@");
migrate(url)
  .then(({ applied, alreadyApplied }) => {
    console.log(`database ${redacted}: applied ${applied.length} migration(s)${applied.length ? ` (${applied.join(", ")})` : ""}, ${alreadyApplied.length} already applied`);
  })
  .catch((error: unknown) => {
    console.error(`database ${redacted}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
