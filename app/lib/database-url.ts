// DATABASE_URL conventions shared by the app and the Prisma CLI config.
import path from "node:path";

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/** Prisma reads `file:./x.db` relative to prisma/; libsql relative to the cwd. Use Prisma's meaning. */
export function sqliteUrl(databaseUrl: string): string {
  const rel = databaseUrl.replace(/^file:/, "");
  return `file:${path.isAbsolute(rel) ? rel : path.resolve("prisma", rel)}`;
}
