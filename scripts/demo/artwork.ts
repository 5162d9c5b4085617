// Demo artwork: small, valid PNG images drawn here (a tiny PNG encoder on zlib) and served from a
// local origin that the app's artwork fetcher is told about (SANDBOX_ARTWORK_ORIGINS).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { crc32, deflateSync } from "node:zlib";

type Rgb = [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** Encodes 8-bit RGB pixels (row-major) as a PNG file. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // colour type: truecolour
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1); // each scanline starts with filter type 0
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 3);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [0, 1, 2].map((i) => Math.round(a[i] + (b[i] - a[i]) * t)) as Rgb;

/** A landscape in two colours: sky gradient, a sun, and a hill line; portrait-shaped like a print. */
export function landscape(sky: Rgb, ground: Rgb, sun: Rgb, width = 240, height = 320): Buffer {
  return encodePng(width, height, (x, y) => {
    const hill = height * 0.62 + Math.sin(x / 23) * height * 0.05;
    if (y > hill) return mix(ground, [20, 20, 20], (y - hill) / height);
    const dx = x - width * 0.68;
    const dy = y - height * 0.3;
    if (dx * dx + dy * dy < (width * 0.11) ** 2) return sun;
    return mix(sky, [250, 246, 238], y / hill);
  });
}

export interface ArtworkServer {
  origin: string;
  urlOf(name: string): string;
  close(): Promise<void>;
}

/** Serves the given images at /artwork/{name}.png on 127.0.0.1 (any free port). */
export async function startArtworkServer(images: Record<string, Buffer>): Promise<ArtworkServer> {
  const server = createServer((req, res) => {
    const m = /^\/artwork\/([a-z0-9-]+)\.png$/.exec(new URL(req.url ?? "/", "http://x").pathname);
    const body = m ? images[m[1]] : undefined;
    if (!body || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": "image/png", "content-length": body.length, "cache-control": "public, max-age=3600" });
    res.end(req.method === "HEAD" ? undefined : body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    urlOf: (name) => `${origin}/artwork/${name}.png`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
