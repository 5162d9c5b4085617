// Artwork uploads: streamed with exact Content-Type and Content-Length, refused before sending
// when the studio would refuse them, and counted so a short or long source fails clearly.
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StudioUploadError, UPLOAD_MAX_BYTES } from "../../app/studio";
import { fineArtRequest, rejection, requestsTo, startWorld, withShipping, type World } from "./world";

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world.close();
});

const MB = 1024 * 1024;

/** A generated source of `total` bytes in 64 KiB chunks, counting how much was pulled. */
function generated(total: number) {
  const pulled = { bytes: 0 };
  async function* chunks() {
    for (let sent = 0; sent < total; ) {
      const size = Math.min(64 * 1024, total - sent);
      sent += size;
      pulled.bytes += size;
      yield Buffer.alloc(size, sent & 0xff);
    }
  }
  return { stream: Readable.from(chunks(), { objectMode: false }), pulled };
}

function expectUploadError(error: unknown, reason: StudioUploadError["reason"]): void {
  expect(error).toBeInstanceOf(StudioUploadError);
  expect((error as StudioUploadError).reason).toBe(reason);
}

describe("uploads", () => {
  it("GIVEN a generated 600 MB stream WHEN uploaded THEN it is refused before anything is sent or read", async () => {
    const { client, accountId } = await world.account();
    const sizeBytes = 600 * MB;
    expect(sizeBytes).toBeGreaterThan(UPLOAD_MAX_BYTES);
    expectUploadError(await rejection(client.uploads.create({ filename: "huge.tif", contentType: "image/tiff", sizeBytes })), "too_large");
    const source = generated(sizeBytes);
    const target = { uploadUrl: `${world.sim.origin}/__storage/none`, contentType: "image/tiff", url: "x", key: "x" };
    expectUploadError(await rejection(client.uploads.put(target, source.stream, { sizeBytes, contentType: "image/tiff" })), "too_large");
    expect(source.pulled.bytes).toBe(0);
    expect(await world.control.requests(accountId)).toEqual([]);
    source.stream.destroy();
  });

  it("GIVEN a generated 20 MB stream WHEN uploaded THEN storage accepts it and its url prices as artwork", async () => {
    const { client } = await world.account();
    const sizeBytes = 20 * MB;
    const target = await client.uploads.create({ filename: "large.tiff", contentType: "image/tiff", sizeBytes });
    expect(target.contentType).toBe("image/tiff");
    const source = generated(sizeBytes);
    const result = await client.uploads.put(target, source.stream, { sizeBytes, contentType: "image/tiff" });
    expect(result).toEqual({ url: target.url, key: target.key, sizeBytes });
    expect(source.pulled.bytes).toBe(sizeBytes);
    const quote = await client.quotes.create(await withShipping(client, await fineArtRequest(client, result.url)));
    expect(quote.lines).toHaveLength(1);
  });

  it("GIVEN a source that ends short or runs long WHEN uploaded THEN size_mismatch, and the target still takes the right bytes afterwards", async () => {
    const { client } = await world.account();
    for (const [declared, actual] of [
      [2 * MB, 2 * MB - 10],
      [1 * MB, 1 * MB + 64 * 1024],
    ]) {
      const target = await client.uploads.create({ filename: "art.png", contentType: "image/png", sizeBytes: declared });
      const error = await rejection(client.uploads.put(target, generated(actual).stream, { sizeBytes: declared, contentType: "image/png" }));
      expectUploadError(error, "size_mismatch");
      expect((error as StudioUploadError).message).toContain(String(declared));
      // The aborted PUT left nothing half-done: the same target then takes the right bytes.
      await client.uploads.put(target, generated(declared).stream, { sizeBytes: declared, contentType: "image/png" });
    }
  });

  it("GIVEN a content type the studio does not take, or one differing from the target's WHEN uploading THEN refused before sending", async () => {
    const { client, accountId } = await world.account();
    expectUploadError(await rejection(client.uploads.create({ filename: "a.gif", contentType: "image/gif", sizeBytes: 10 })), "content_type_not_allowed");
    const target = await client.uploads.create({ filename: "a.png", contentType: "image/png", sizeBytes: 10 });
    const source = generated(10);
    expectUploadError(await rejection(client.uploads.put(target, source.stream, { sizeBytes: 10, contentType: "image/jpeg" })), "content_type_not_allowed");
    expect(source.pulled.bytes).toBe(0);
    expect(requestsTo(await world.control.requests(accountId), "POST", "/uploads")).toHaveLength(1);
    source.stream.destroy();
  });

  it("GIVEN storage refuses the PUT (tampered signature) WHEN uploading THEN storage_rejected with the status", async () => {
    const { client } = await world.account();
    const target = await client.uploads.create({ filename: "a.png", contentType: "image/png", sizeBytes: 1000 });
    const tampered = { ...target, uploadUrl: target.uploadUrl.replace(/X-Signature=[0-9a-f]/, "X-Signature=Z") };
    const error = await rejection(client.uploads.put(tampered, generated(1000).stream, { sizeBytes: 1000, contentType: "image/png" }));
    expectUploadError(error, "storage_rejected");
    expect((error as StudioUploadError).status).toBe(403);
  });
});
