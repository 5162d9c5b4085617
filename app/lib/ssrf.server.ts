// SSRF guard for fetching merchant-supplied URLs (artwork sources). docs/decisions/023.
// - https only; `file:`, `http:`, `data:`, credentials in the URL: refused.
// - every address a host resolves to is checked (loopback, private, link-local, CGNAT, unique-local,
//   multicast, unspecified, documentation, IPv4-mapped IPv6), at connect time through the socket's
//   own lookup, so a DNS answer cannot change between the check and the connection;
// - redirects are followed by hand (at most 5), each hop checked again;
// - the body is capped mid-stream (a lying or absent Content-Length cannot exceed the cap);
// - sandbox mode only: explicitly configured origins (SANDBOX_ARTWORK_ORIGINS) are allowed as is.
import dns from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import { Transform, type Readable } from "node:stream";
import { Agent, request } from "undici";

export class UrlRefusedError extends Error {
  constructor(readonly url: string, readonly reason: string) {
    super(`Refused to fetch ${safeUrl(url)}: ${reason}`);
    this.name = "UrlRefusedError";
  }
}

export class FetchFailedError extends Error {
  constructor(message: string, readonly retryable: boolean) {
    super(message);
    this.name = "FetchFailedError";
  }
}

/** The URL without credentials or query (queries of signed URLs are secrets). */
export function safeUrl(raw: string): string {
  try {
    const u = new URL(raw);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return "(not a URL)";
  }
}

function ipv4Parts(ip: string): number[] | null {
  const parts = ip.split(".").map(Number);
  return parts.length === 4 && parts.every((n) => Number.isInteger(n) && n >= 0 && n <= 255) ? parts : null;
}

function forbiddenIpv4(ip: string): string | null {
  const p = ipv4Parts(ip);
  if (!p) return "not an IPv4 address";
  const [a, b] = p;
  if (a === 127) return "a loopback address";
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return "a private address";
  if (a === 169 && b === 254) return "a link-local address";
  if (a === 100 && b >= 64 && b <= 127) return "a shared (CGNAT) address";
  if (a === 0) return "an unspecified address";
  if (a >= 224) return "a multicast or reserved address";
  if ((a === 192 && b === 0 && p[2] === 0) || (a === 198 && (b === 18 || b === 19))) return "a reserved address";
  return null;
}

function expandIpv6(ip: string): number[] | null {
  let text = ip.toLowerCase().split("%")[0];
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const p = ipv4Parts(v4[1]);
    if (!p) return null;
    text = text.slice(0, -v4[1].length) + `${((p[0] << 8) | p[1]).toString(16)}:${((p[2] << 8) | p[3]).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const h = head ? head.split(":") : [];
  const t = tail !== undefined && tail !== "" ? tail.split(":") : [];
  const fill = text.includes("::") ? 8 - h.length - t.length : 0;
  const groups = [...h, ...Array<string>(Math.max(fill, 0)).fill("0"), ...t].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

function forbiddenIpv6(ip: string): string | null {
  const g = expandIpv6(ip);
  if (!g) return "not an IPv6 address";
  if (g.every((x) => x === 0)) return "an unspecified address";
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return "a loopback address";
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible/NAT64 forms are judged as the IPv4 inside.
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) {
    return forbiddenIpv4(`${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`);
  }
  if (g[0] === 0x64 && g[1] === 0xff9b) return forbiddenIpv4(`${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`);
  if ((g[0] & 0xfe00) === 0xfc00) return "a unique-local (private) address";
  if ((g[0] & 0xffc0) === 0xfe80) return "a link-local address";
  if ((g[0] & 0xff00) === 0xff00) return "a multicast address";
  if (g[0] === 0x2001 && g[1] === 0xdb8) return "a documentation address";
  return null;
}

/** Why an IP address may not be fetched from, or null when it is a public address. */
export function forbiddenAddressReason(ip: string): string | null {
  const family = isIP(ip);
  if (family === 4) return forbiddenIpv4(ip);
  if (family === 6) return forbiddenIpv6(ip);
  return "not an IP address";
}

export interface GuardOptions {
  /** Exact origins allowed without the address checks (sandbox mode only; empty otherwise). */
  allowedOrigins?: string[];
}

/** Checks what can be checked without DNS. Returns the parsed URL and whether it is an allowed sandbox origin. */
export function checkUrl(raw: string, opts: GuardOptions = {}): { url: URL; sandboxOrigin: boolean } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlRefusedError(raw, "it is not a valid URL");
  }
  if ((opts.allowedOrigins ?? []).some((o) => new URL(o).origin === url.origin)) return { url, sandboxOrigin: true };
  if (url.protocol !== "https:") throw new UrlRefusedError(raw, `only https URLs are fetched (this one is ${url.protocol.replace(":", "")})`);
  if (url.username || url.password) throw new UrlRefusedError(raw, "URLs with credentials are not fetched");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) {
    const reason = forbiddenAddressReason(host);
    if (reason) throw new UrlRefusedError(raw, `${host} is ${reason}`);
  } else if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".internal") || host.endsWith(".local")) {
    throw new UrlRefusedError(raw, `${host} is a local host name`);
  }
  return { url, sandboxOrigin: false };
}

/** A socket lookup that refuses to connect to any non-public address a name resolves to. */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "", 4);
    const list = addresses as dns.LookupAddress[];
    for (const a of list) {
      const reason = forbiddenAddressReason(a.address);
      if (reason) {
        const e = Object.assign(new Error(`${hostname} resolves to ${a.address}, ${reason}`), { code: "SSRF_REFUSED" });
        return callback(e, "", 4);
      }
    }
    if (list.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "", 4);
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    return callback(null, list[0].address, list[0].family);
  });
};

const guardedAgent = new Agent({ connect: { lookup: guardedLookup, timeout: 10_000 }, headersTimeout: 30_000, bodyTimeout: 60_000 });
const sandboxAgent = new Agent({ connect: { timeout: 10_000 }, headersTimeout: 30_000, bodyTimeout: 60_000 });

export interface GuardedResponse {
  finalUrl: string;
  status: number;
  contentType: string | null;
  /** Declared length, or null when the source did not say (chunked). */
  contentLength: number | null;
  /** The body, capped at maxBytes mid-stream: exceeding it errors the stream with UrlRefusedError. */
  body: Readable;
}

export interface GuardedFetchOptions extends GuardOptions {
  maxBytes: number;
  maxRedirects?: number;
  signal?: AbortSignal;
}

function capped(source: Readable, maxBytes: number, url: string): Readable {
  let seen = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > maxBytes) return done(new UrlRefusedError(url, `the file is larger than the ${maxBytes}-byte limit`));
      done(null, chunk);
    },
  });
  source.on("error", (e) => cap.destroy(e));
  cap.on("close", () => source.destroy());
  return source.pipe(cap);
}

/** GET with the guard. Throws UrlRefusedError (never retry) or FetchFailedError (retryable when transient). */
export async function guardedFetch(raw: string, opts: GuardedFetchOptions): Promise<GuardedResponse> {
  let current = raw;
  for (let hop = 0; hop <= (opts.maxRedirects ?? 5); hop++) {
    const { url, sandboxOrigin } = checkUrl(current, opts);
    let res;
    try {
      res = await request(url, { method: "GET", dispatcher: sandboxOrigin ? sandboxAgent : guardedAgent, signal: opts.signal, headers: { accept: "image/*" } });
    } catch (error) {
      const e = error as { code?: string; cause?: { code?: string; message?: string }; message?: string };
      const refused = e.code === "SSRF_REFUSED" ? e : e.cause?.code === "SSRF_REFUSED" ? e.cause : null;
      if (refused) throw new UrlRefusedError(current, refused.message ?? "non-public address");
      if (opts.signal?.aborted) throw error;
      throw new FetchFailedError(`Could not fetch ${safeUrl(current)}: ${e.message ?? String(error)}`, true);
    }
    if ([301, 302, 303, 307, 308].includes(res.statusCode)) {
      const location = res.headers.location;
      res.body.resume();
      if (typeof location !== "string") throw new FetchFailedError(`${safeUrl(current)} redirected without a Location`, false);
      current = new URL(location, url).toString();
      continue;
    }
    if (res.statusCode < 200 || res.statusCode >= 300) {
      res.body.resume();
      throw new FetchFailedError(`${safeUrl(current)} answered ${res.statusCode}`, res.statusCode >= 500 || res.statusCode === 429);
    }
    const lengthHeader = res.headers["content-length"];
    const contentLength = typeof lengthHeader === "string" && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : null;
    if (contentLength !== null && contentLength > opts.maxBytes) {
      res.body.destroy();
      throw new UrlRefusedError(current, `the file is ${contentLength} bytes, over the ${opts.maxBytes}-byte limit`);
    }
    const type = res.headers["content-type"];
    return {
      finalUrl: current,
      status: res.statusCode,
      contentType: typeof type === "string" ? type.split(";")[0].trim().toLowerCase() : null,
      contentLength,
      body: capped(res.body, opts.maxBytes, current),
    };
  }
  throw new UrlRefusedError(raw, `more than ${opts.maxRedirects ?? 5} redirects`);
}
