import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { orderFixture } from "./scripted-studio";
import { StudioSignatureError, parseSignatureHeader, parseStudioEvent, signStudioWebhook, verifyStudioWebhook } from "../../app/studio";

const secret = "whsec_0123456789abcdef0123456789abcdef";
const body = JSON.stringify({ id: "evt_1", type: "order.shipped", data: { orderId: "ord_1" } });
const now = new Date("2026-11-21T06:00:00Z");
const t = Math.floor(now.getTime() / 1000);

function reasonOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(StudioSignatureError);
    return (e as StudioSignatureError).reason;
  }
  return "accepted";
}

describe("verifyStudioWebhook", () => {
  it("GIVEN a delivery signed with the endpoint secret WHEN verified THEN it is accepted with its timestamp", () => {
    const header = signStudioWebhook(body, secret, now);
    expect(verifyStudioWebhook(body, header, secret, now)).toEqual({ timestamp: new Date(t * 1000) });
    expect(verifyStudioWebhook(Buffer.from(body), header, secret, now).timestamp.getTime()).toBe(t * 1000);
  });

  it("GIVEN a tampered body WHEN verified THEN no_matching_signature", () => {
    const header = signStudioWebhook(body, secret, now);
    expect(reasonOf(() => verifyStudioWebhook(body.replace("shipped", "cancelled"), header, secret, now))).toBe("no_matching_signature");
  });

  it("GIVEN a tampered timestamp WHEN verified THEN no_matching_signature", () => {
    const header = signStudioWebhook(body, secret, now).replace(`t=${t}`, `t=${t + 1}`);
    expect(reasonOf(() => verifyStudioWebhook(body, header, secret, now))).toBe("no_matching_signature");
  });

  it("GIVEN a valid signature 301 s old or 301 s ahead WHEN verified THEN timestamp_out_of_tolerance; 300 s either way passes", () => {
    for (const skew of [-301, 301, -3600, 3600]) {
      const header = signStudioWebhook(body, secret, t + skew);
      expect(reasonOf(() => verifyStudioWebhook(body, header, secret, now))).toBe("timestamp_out_of_tolerance");
    }
    for (const skew of [-300, 300, 0]) {
      expect(reasonOf(() => verifyStudioWebhook(body, signStudioWebhook(body, secret, t + skew), secret, now))).toBe("accepted");
    }
  });

  it("GIVEN several v1 values of which one is valid (and spaces around) WHEN verified THEN accepted", () => {
    const valid = signStudioWebhook(body, secret, now).split("v1=")[1];
    const header = ` t=${t} , v1=${"0".repeat(64)},v1=deadbeef , v0=zzz, v1=${valid} `;
    expect(reasonOf(() => verifyStudioWebhook(body, header, secret, now))).toBe("accepted");
  });

  it("GIVEN the wrong secret WHEN verified THEN no_matching_signature", () => {
    const header = signStudioWebhook(body, "whsec_other", now);
    expect(reasonOf(() => verifyStudioWebhook(body, header, secret, now))).toBe("no_matching_signature");
  });

  it("GIVEN a missing or malformed header WHEN verified THEN missing_header / malformed_header", () => {
    expect(reasonOf(() => verifyStudioWebhook(body, undefined, secret, now))).toBe("missing_header");
    expect(reasonOf(() => verifyStudioWebhook(body, null, secret, now))).toBe("missing_header");
    expect(reasonOf(() => verifyStudioWebhook(body, "  ", secret, now))).toBe("missing_header");
    for (const bad of ["v1=abc", `t=${t}`, "t=abc,v1=00", `t=${t},t=${t},v1=00`, "garbage", `t=-5,v1=00`, `t=${t},v1=`]) {
      expect(reasonOf(() => verifyStudioWebhook(body, bad, secret, now)), bad).toBe("malformed_header");
    }
  });

  it("GIVEN a v1 of another length (prefix of the valid one) WHEN verified THEN it fails instead of throwing a RangeError", () => {
    const valid = signStudioWebhook(body, secret, now).split("v1=")[1];
    expect(reasonOf(() => verifyStudioWebhook(body, `t=${t},v1=${valid.slice(0, 32)}`, secret, now))).toBe("no_matching_signature");
    expect(reasonOf(() => verifyStudioWebhook(body, `t=${t},v1=${valid}00`, secret, now))).toBe("no_matching_signature");
  });
});

describe("signature header parser (property tests)", () => {
  const hex = fc.stringMatching(/^[0-9a-f]{1,64}$/);
  const ws = fc.constantFrom("", " ", "  ", "\t");

  it("GIVEN any t and v1 list in any order with whitespace WHEN parsed THEN t and every v1 come back", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), fc.array(hex, { minLength: 1, maxLength: 5 }), fc.nat(), ws, ws, (ts, sigs, pos, a, b) => {
        const parts = sigs.map((s) => `${a}v1${b}=${b}${s}${a}`);
        parts.splice(pos % (parts.length + 1), 0, `${b}t=${ts}${a}`);
        expect(parseSignatureHeader(parts.join(","))).toEqual({ timestamp: ts, signatures: sigs });
      }),
    );
  });

  it("GIVEN arbitrary text WHEN parsed THEN it either parses or throws a StudioSignatureError, never anything else", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (header) => {
        try {
          const parsed = parseSignatureHeader(header);
          expect(Number.isSafeInteger(parsed.timestamp)).toBe(true);
          expect(parsed.signatures.length).toBeGreaterThan(0);
        } catch (e) {
          expect(e).toBeInstanceOf(StudioSignatureError);
          expect(["missing_header", "malformed_header"]).toContain((e as StudioSignatureError).reason);
        }
      }),
    );
  });

  it("GIVEN any body, secret and time WHEN signed then verified at that time THEN accepted; any flipped body byte is refused", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 300 }), fc.string({ minLength: 1, maxLength: 40 }), fc.integer({ min: 1_000_000_000, max: 4_000_000_000 }), fc.nat(), (raw, sec, ts, at) => {
        const header = signStudioWebhook(raw, sec, ts);
        expect(verifyStudioWebhook(raw, header, sec, new Date(ts * 1000)).timestamp.getTime()).toBe(ts * 1000);
        const flipped = Uint8Array.from(raw);
        flipped[at % flipped.length] ^= 0x01;
        expect(reasonOf(() => verifyStudioWebhook(flipped, header, sec, new Date(ts * 1000)))).toBe("no_matching_signature");
      }),
    );
  });
});

describe("parseStudioEvent", () => {
  const order = orderFixture({ status: "awaiting_glue" }); // a status this client does not know yet

  it("GIVEN an unknown event type and order status WHEN parsed THEN both are kept as strings", () => {
    const event = parseStudioEvent(JSON.stringify({ id: "evt_9", type: "order.glued", createdAt: "x", data: order }));
    expect(event).toMatchObject({ id: "evt_9", type: "order.glued", data: { orderId: "ord_1", status: "awaiting_glue" } });
  });

  it("GIVEN a body without an order WHEN parsed THEN a clear StudioEventParseError", () => {
    expect(() => parseStudioEvent({ id: "evt_1", type: "order.shipped" })).toThrow(/data/);
    expect(() => parseStudioEvent("{not json")).toThrow(/not JSON/);
  });
});
