// GIVEN the real Remix app served by test/support/app-server.ts on a fresh database
// WHEN its health route is requested over HTTP
// THEN it answers from the database.
import { afterAll, beforeAll, expect, test } from "vitest";
import { startApp, type StartedApp } from "../support/app-server";
import { createTestDatabase, type TestDatabase } from "../support/db";

let tdb: TestDatabase;
let app: StartedApp;
beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await startApp({ env: { DATABASE_URL: tdb.url } });
});
afterAll(async () => {
  await app?.close();
  await tdb?.cleanup();
});

test("the app answers over real HTTP with its database", async () => {
  const res = await fetch(`${app.origin}/healthz`);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ ok: true });
});
