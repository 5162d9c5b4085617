// The SSRF guard of artwork fetching: https only, no loopback/private/link-local addresses before or
// after redirects, a size cap enforced mid-stream, and local origins only by explicit allowance.
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkUrl, forbiddenAddressReason, guardedFetch, guardedLookup, UrlRefusedError } from "~/lib/ssrf.server";
import { startArtServer, type ArtServer } from "../e2e/harness";

let art: ArtServer;
beforeAll(async () => {
  art = await startArtServer();
});
afterAll(async () => {
  await art?.close();
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(UrlRefusedError);
    return (error as UrlRefusedError).message;
  }
  throw new Error("expected the fetch to be refused");
}

describe("addresses", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.8.9.10", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "link-local"],
    ["100.64.0.1", "CGNAT"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "link-local"],
    ["fd00::1", "unique-local"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["64:ff9b::a00:1", "private"],
  ])("%s is refused as %s", (ip, kind) => {
    expect(forbiddenAddressReason(ip)).toContain(kind);
  });

  it.each(["93.184.216.34", "172.32.0.1", "2606:4700::1111", "8.8.8.8"])("%s is public", (ip) => {
    expect(forbiddenAddressReason(ip)).toBeNull();
  });
});

describe("URLs", () => {
  it.each([
    ["file:///etc/passwd", "only https"],
    ["http://example.com/a.png", "only https"],
    ["ftp://example.com/a.png", "only https"],
    ["https://user:pw@example.com/a.png", "credentials"],
    ["https://localhost/a.png", "local host name"],
    ["https://127.0.0.1/a.png", "loopback"],
    ["https://10.0.0.5/a.png", "private"],
    ["https://169.254.169.254/latest/meta-data", "link-local"],
    ["https://[::1]/a.png", "loopback"],
    ["https://[::ffff:192.168.0.1]/a.png", "private"],
    ["not a url", "not a valid URL"],
  ])("%s is refused (%s)", (url, reason) => {
    expect(() => checkUrl(url)).toThrow(reason);
  });

  it("a public https URL passes the static check", () => {
    expect(checkUrl("https://cdn.example.com/art.png").sandboxOrigin).toBe(false);
  });

  it("a name that resolves to loopback is refused at connect time", async () => {
    const lookup = promisify((host: string, cb: (e: Error | null, a?: string) => void) => guardedLookup(host, {}, (e, a) => cb(e, a as string)));
    await expect(lookup("localhost")).rejects.toThrow(/resolves to .* loopback/);
  });
});

describe("fetching", () => {
  it("GIVEN a loopback origin that is not explicitly allowed THEN it is refused", async () => {
    expect(await refusal(guardedFetch(`${art.origin}/art/a.png`, { maxBytes: 1_000_000 }))).toMatch(/only https/);
  });

  it("GIVEN an explicitly allowed local origin THEN the artwork is fetched", async () => {
    const res = await guardedFetch(`${art.origin}/art/a.png`, { maxBytes: 1_000_000, allowedOrigins: [art.origin] });
    expect(res.contentType).toBe("image/png");
    res.body.resume();
  });

  it.each([
    ["https://10.0.0.1/x.png", "private"],
    ["https://127.0.0.1:1/x.png", "loopback"],
    ["https://169.254.169.254/latest", "link-local"],
    ["http://example.com/x.png", "only https"],
    ["file:///etc/passwd", "only https"],
  ])("GIVEN an allowed origin redirecting to %s THEN the redirect is refused (%s)", async (target, reason) => {
    const url = `${art.origin}/redirect?to=${encodeURIComponent(target)}`;
    expect(await refusal(guardedFetch(url, { maxBytes: 1_000_000, allowedOrigins: [art.origin] }))).toContain(reason);
  });

  it("GIVEN a body without length that exceeds the cap THEN the stream fails mid-way with the reason", async () => {
    const res = await guardedFetch(`${art.origin}/huge/a.png`, { maxBytes: 1_000_000, allowedOrigins: [art.origin] });
    expect(res.contentLength).toBeNull();
    let received = 0;
    const error = await (async () => {
      try {
        for await (const chunk of res.body) received += (chunk as Buffer).length;
      } catch (e) {
        return e as Error;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(UrlRefusedError);
    expect(error?.message).toContain("larger than the 1000000-byte limit");
    expect(received).toBeLessThanOrEqual(1_000_000);
  });
});
