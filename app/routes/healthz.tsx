import { json } from "@remix-run/node";
import db from "~/db.server";

// Liveness and database reachability, for load balancers and the test that boots the app.
export const loader = async () => {
  await db.$queryRawUnsafe("SELECT 1");
  return json({ ok: true });
};
