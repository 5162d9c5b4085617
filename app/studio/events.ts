// Webhook event bodies: `{ id, type, data: <order as GET /orders/{id} returns it> }`.
// Unknown event types are kept as strings (consumers keep a default arm).
import { StudioEventParseError } from "./errors";
import { StudioEventSchema, type StudioEvent } from "./schemas";

/** Accepts the parsed JSON, or the raw body as text/bytes. Throws StudioEventParseError. */
export function parseStudioEvent(raw: unknown): StudioEvent {
  let value = raw;
  if (typeof raw === "string" || raw instanceof Uint8Array) {
    try {
      value = JSON.parse(typeof raw === "string" ? raw : Buffer.from(raw).toString("utf8"));
    } catch {
      throw new StudioEventParseError({ code: "INVALID_EVENT", status: null, message: "studio event body is not JSON", details: { issues: ["not JSON"] } });
    }
  }
  const parsed = StudioEventSchema.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new StudioEventParseError({ code: "INVALID_EVENT", status: null, message: `studio event does not have the documented shape: ${issues.slice(0, 5).join("; ")}`, details: { issues } });
  }
  const { id, type, data } = parsed.data;
  return { id, type, data };
}
