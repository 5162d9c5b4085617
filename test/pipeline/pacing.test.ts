// The studio budget is shared by every worker through the database: two pacers (two processes)
// together never take more than the endpoint's budget, and a Retry-After blocks both.
import { afterAll, beforeAll, expect, it } from "vitest";
import { DatabasePacer } from "~/pipeline/db-pacer.server";
import { createTestDatabase, type TestDatabase } from "../support/db";

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  await tdb?.cleanup();
});

const blocked = async (p: Promise<void>) => {
  try {
    await p;
    return false;
  } catch {
    return true;
  }
};

it("GIVEN two workers' pacers with a budget of 3 per minute THEN together they take 3 slots and the 4th waits", async () => {
  const a = new DatabasePacer({ "POST /orders": 3 });
  const b = new DatabasePacer({ "POST /orders": 3 });
  await Promise.all([a.acquire("key1", "POST /orders"), b.acquire("key1", "POST /orders"), a.acquire("key1", "POST /orders")]);
  expect(await blocked(b.acquire("key1", "POST /orders", AbortSignal.timeout(300)))).toBe(true);
  // Another key has its own budget.
  expect(await blocked(b.acquire("key2", "POST /orders", AbortSignal.timeout(300)))).toBe(false);
});

it("GIVEN one worker got a Retry-After THEN the other worker waits too, and slots free up after the window", async () => {
  const a = new DatabasePacer({ "POST /quotes": 10 }, 400);
  const b = new DatabasePacer({ "POST /quotes": 10 }, 400);
  await a.penalize("key3", "POST /quotes", 60);
  expect(await blocked(b.acquire("key3", "POST /quotes", AbortSignal.timeout(300)))).toBe(true);

  const c = new DatabasePacer({ "GET /orders/{id}": 1 }, 200);
  await c.acquire("key4", "GET /orders/{id}");
  // The window (200 ms) passes; the next slot is granted without any abort.
  await c.acquire("key4", "GET /orders/{id}");
});
