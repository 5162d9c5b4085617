// POST /uploads hands out a signed, short-lived PUT target served by the simulator itself. The PUT is
// checked like object storage (signature, expiry, exact Content-Type, exact length) and its bytes are
// streamed to disk, never buffered.
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join } from "node:path";
import { Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Caller, Sim } from "./context";
import { dataReply, validationError, type Reply } from "./envelope";
import { newId } from "./ids";
import type { Upload } from "./store";
import { Checker, isObject } from "./validation";

export const UPLOAD_CONTENT_TYPES = ["image/jpeg", "image/png", "image/webp", "image/tiff", "image/heic"] as const;
export const MAX_UPLOAD_BYTES = 524_288_000;
export const UPLOAD_URL_LIFETIME_MS = 15 * 60 * 1000;
export const STORAGE_PREFIX = "/__storage/";
export const ARTWORK_PREFIX = "/artwork/";

function s3Error(res: ServerResponse, status: number, code: string, message: string): void {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>\n`;
  res.writeHead(status, { "content-type": "application/xml", "content-length": Buffer.byteLength(body) });
  res.end(body);
}

class ByteCounter extends Transform {
  bytes = 0;
  readonly hash = createHash("md5");
  constructor(private readonly limit: number) {
    super();
  }
  _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    // Past the signed length nothing more is written; the body is drained and refused at the end.
    if (this.bytes > this.limit) {
      done();
      return;
    }
    this.hash.update(chunk);
    done(null, chunk);
  }
}

export class Uploads {
  private readonly secret = randomBytes(32);

  constructor(private readonly sim: Sim, private readonly dir: () => string) {}

  private sign(upload: Upload): string {
    return createHmac("sha256", this.secret)
      .update(`PUT\n${upload.key}\n${upload.contentType}\n${upload.sizeBytes}\n${upload.expiresAt}`)
      .digest("hex");
  }

  create(caller: Caller, body: unknown): Reply {
    if (!isObject(body)) throw validationError([{ path: "", message: "body must be a JSON object" }]);
    const c = new Checker();
    const filename = c.string(body, "filename", "", { required: true, max: 1024 });
    const contentType = c.oneOf(body, "contentType", "", UPLOAD_CONTENT_TYPES);
    if (body.contentType === undefined || body.contentType === null) c.add("contentType", "is required");
    const sizeBytes = c.integer(body, "sizeBytes", "", { required: true, min: 1, max: MAX_UPLOAD_BYTES });
    c.throwIfAny();
    const ext = extname(filename as string).toLowerCase().replace(/[^.a-z0-9]/g, "").slice(0, 10);
    const key = `${caller.account.accountId}/${randomUUID()}${ext}`;
    const origin = this.sim.origin();
    const upload: Upload = {
      uploadId: newId("upl", 8), accountId: caller.account.accountId, environment: caller.key.environment, key,
      filename: filename as string, contentType: contentType as string, sizeBytes: sizeBytes as number,
      url: `${origin}${ARTWORK_PREFIX}${key}`, expiresAt: this.sim.clock.now() + UPLOAD_URL_LIFETIME_MS, storedPath: null, completedAt: null,
    };
    this.sim.state.uploads.set(key, upload);
    this.sim.state.uploadsByUrl.set(upload.url, upload);
    const query = new URLSearchParams({ "X-Expires": String(Math.floor(upload.expiresAt / 1000)), "X-Signature": this.sign(upload) });
    return dataReply(201, {
      uploadUrl: `${origin}${STORAGE_PREFIX}${key}?${query.toString()}`, contentType: upload.contentType, url: upload.url, key,
      expiresAt: new Date(upload.expiresAt).toISOString(),
    });
  }

  /** Reads and discards the request body, then answers with an object-storage style error. */
  private refuse(req: IncomingMessage, res: ServerResponse, status: number, code: string, message: string): void {
    const answer = (): void => {
      if (!res.headersSent) s3Error(res, status, code, message);
    };
    if (req.readableEnded) answer();
    else {
      req.on("end", answer);
      req.on("error", answer);
      req.resume();
    }
  }

  async put(req: IncomingMessage, res: ServerResponse, key: string, query: URLSearchParams): Promise<void> {
    const upload = this.sim.state.uploads.get(key);
    const signature = query.get("X-Signature") ?? "";
    const expected = upload ? Buffer.from(this.sign(upload), "hex") : null;
    const given = /^[0-9a-f]{64}$/.test(signature) ? Buffer.from(signature, "hex") : Buffer.alloc(0);
    if (!upload || !expected || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return this.refuse(req, res, 403, "SignatureDoesNotMatch", "The request signature does not match.");
    }
    if (this.sim.clock.now() > upload.expiresAt) {
      return this.refuse(req, res, 403, "AccessDenied", "Request has expired.");
    }
    if ((req.headers["content-type"] ?? "") !== upload.contentType) {
      return this.refuse(req, res, 403, "SignatureDoesNotMatch", `Content-Type must be exactly ${upload.contentType}.`);
    }
    const declared = req.headers["content-length"];
    if (declared !== undefined && Number(declared) !== upload.sizeBytes) {
      return this.refuse(req, res, 403, "SignatureDoesNotMatch", `Content-Length must be exactly ${upload.sizeBytes}.`);
    }
    const partPath = join(this.dir(), `${upload.uploadId}-${randomBytes(4).toString("hex")}.part`);
    const counter = new ByteCounter(upload.sizeBytes);
    try {
      await pipeline(req, counter, createWriteStream(partPath));
    } catch {
      await rm(partPath, { force: true });
      res.destroy();
      return;
    }
    if (counter.bytes !== upload.sizeBytes) {
      await rm(partPath, { force: true });
      return s3Error(res, 403, "SignatureDoesNotMatch", `Body was ${counter.bytes} bytes, signed for ${upload.sizeBytes}.`);
    }
    const finalPath = join(this.dir(), upload.uploadId);
    await rename(partPath, finalPath);
    upload.storedPath = finalPath;
    upload.completedAt = this.sim.clock.now();
    res.writeHead(200, { etag: `"${counter.hash.digest("hex")}"`, "content-length": 0 });
    res.end();
  }

  /** GET /artwork/<key>: the uploaded object, so artwork URLs are reachable. */
  async get(res: ServerResponse, key: string): Promise<void> {
    const upload = this.sim.state.uploads.get(key);
    if (!upload?.storedPath) return s3Error(res, 404, "NoSuchKey", "The specified key does not exist.");
    const info = await stat(upload.storedPath);
    res.writeHead(200, { "content-type": upload.contentType, "content-length": info.size });
    await pipeline(createReadStream(upload.storedPath), res).catch(() => res.destroy());
  }

  async removeAll(): Promise<void> {
    const paths = [...this.sim.state.uploads.values()].map((u) => u.storedPath).filter((p): p is string => p !== null);
    await Promise.all(paths.map((p) => rm(p, { force: true })));
  }
}
