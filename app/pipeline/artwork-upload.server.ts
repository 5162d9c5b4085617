// Artwork: fetched from its source through the SSRF guard and streamed to the studio's signed upload
// target. With a declared length the bytes go straight through; without one (chunked) they are
// spooled to a temporary file first, because the studio needs the exact size before the PUT.
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { guardedFetch, safeUrl, UrlRefusedError } from "~/lib/ssrf.server";
import { UPLOAD_CONTENT_TYPES, type StudioClient } from "~/studio";

const BY_EXTENSION: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  tif: "image/tiff",
  tiff: "image/tiff",
  heic: "image/heic",
};
const EXTENSION: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "image/tiff": "tif", "image/heic": "heic" };

/** The studio content type of a fetched file, from its header or (when generic) its name. */
export function artworkContentType(header: string | null, url: string): string | null {
  if (header && (UPLOAD_CONTENT_TYPES as readonly string[]).includes(header)) return header;
  if (header === "image/jpg") return "image/jpeg";
  if (header && header !== "application/octet-stream" && header !== "binary/octet-stream") return null;
  const ext = path.extname(new URL(url).pathname).slice(1).toLowerCase();
  return BY_EXTENSION[ext] ?? null;
}

export interface UploadedArtwork {
  url: string;
  contentType: string;
  sizeBytes: number;
}

export interface ArtworkOptions {
  maxBytes: number;
  allowedOrigins: string[];
  signal?: AbortSignal;
}

export async function uploadArtwork(studio: StudioClient, sourceUrl: string, opts: ArtworkOptions): Promise<UploadedArtwork> {
  const source = await guardedFetch(sourceUrl, { maxBytes: opts.maxBytes, allowedOrigins: opts.allowedOrigins, signal: opts.signal });
  const contentType = artworkContentType(source.contentType, source.finalUrl);
  if (!contentType) {
    source.body.destroy();
    throw new UrlRefusedError(sourceUrl, `it is ${source.contentType ?? "of unknown type"}, not an image the studio accepts (${UPLOAD_CONTENT_TYPES.join(", ")})`);
  }
  const base = path.basename(new URL(source.finalUrl).pathname) || "artwork";
  const filename = path.extname(base) ? base : `${base}.${EXTENSION[contentType]}`;
  let spoolDir: string | null = null;
  try {
    let sizeBytes = source.contentLength;
    let body: NodeJS.ReadableStream = source.body;
    if (sizeBytes === null) {
      spoolDir = await mkdtemp(path.join(os.tmpdir(), "print-artwork-"));
      const file = path.join(spoolDir, "source");
      await pipeline(source.body, createWriteStream(file));
      sizeBytes = (await stat(file)).size;
      body = createReadStream(file);
    }
    const target = await studio.uploads.create({ filename, contentType, sizeBytes }, { signal: opts.signal });
    await studio.uploads.put(target, body as AsyncIterable<Uint8Array>, { sizeBytes, contentType: target.contentType, signal: opts.signal });
    return { url: target.url, contentType, sizeBytes };
  } catch (error) {
    source.body.destroy();
    throw error;
  } finally {
    if (spoolDir) await rm(spoolDir, { recursive: true, force: true });
  }
}

export { safeUrl };
