import { mkdtempSync, rmSync } from "node:fs";
import { readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { S3 } from "@aws-sdk/client-s3";
import S3rver, { type S3rverContext, type S3rverMiddleware } from "s3rver";

export const S3_TEST_BUCKET = "eva-files";
const KEY = "S3RVER";

export interface TestS3Server {
  /** S3_* variables that point the app at this server. */
  env: Record<string, string>;
  /** Whether the bucket holds an object under this key. */
  has(key: string): Promise<boolean>;
  /** The objects outside every folder: where resumable uploads keep their parts and state. */
  topLevelKeys(): Promise<string[]>;
  close(): Promise<void>;
}

const escapeXml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * s3rver 3.7 stores multipart uploads but answers 405 to two calls of the same API that
 * @tus/s3-store makes: ListParts (GET ?uploadId, on every PATCH and HEAD, to find the
 * offset) and AbortMultipartUpload (DELETE ?uploadId). This adds both, reading the parts
 * where s3rver's own store keeps them (its FilesystemStore.putPart), and answers NoSuchUpload
 * once an upload is completed or aborted, as S3 does.
 */
function multipartListing(server: S3rver): S3rverMiddleware {
  return async (ctx: S3rverContext, next) => {
    const uploadId = ctx.query.uploadId;
    const [, bucket, ...keyParts] = ctx.path.split("/");
    if (!uploadId || !bucket || keyParts.length === 0 || (ctx.method !== "GET" && ctx.method !== "DELETE"))
      return next();
    const key = decodeURIComponent(keyParts.join("/"));
    const folder = join(server.store.getResourcePath(bucket, undefined, "uploads"), uploadId);
    const names = await readdir(folder).catch(() => null);
    if (!/^[0-9a-f]+$/.test(uploadId) || names === null) {
      ctx.status = 404;
      ctx.type = "application/xml";
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${escapeXml(uploadId)}</UploadId></Error>`;
      return;
    }
    if (ctx.method === "DELETE") {
      await rm(folder, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = "";
      return;
    }
    const numbers = names
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (number) => {
        const [info, md5] = await Promise.all([
          stat(join(folder, String(number))),
          readFile(join(folder, `${number}.md5`), "utf8"),
        ]);
        return `<Part><PartNumber>${number}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`;
      }),
    );
    ctx.status = 200;
    ctx.type = "application/xml";
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${escapeXml(bucket)}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${uploadId}</UploadId><PartNumberMarker>0</PartNumberMarker><NextPartNumberMarker>${numbers.at(-1) ?? 0}</NextPartNumberMarker><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join("")}</ListPartsResult>`;
  };
}

/** A real S3-compatible server (s3rver) on a free port, with one empty bucket. */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), "eva-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: S3_TEST_BUCKET }],
  });
  // Before s3rver's router, which is its last middleware.
  server.middleware.splice(server.middleware.length - 1, 0, multipartListing(server));
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const client = new S3({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: KEY, secretAccessKey: KEY },
  });
  return {
    env: {
      S3_BUCKET: S3_TEST_BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
      S3_FORCE_PATH_STYLE: "1",
    },
    async has(key) {
      try {
        await client.headObject({ Bucket: S3_TEST_BUCKET, Key: key });
        return true;
      } catch (error) {
        if ((error as { name?: string }).name === "NotFound") return false;
        throw error;
      }
    },
    async topLevelKeys() {
      // One page is enough here; s3rver's continuation tokens need a cipher OpenSSL 3 dropped.
      const listing = await client.listObjectsV2({ Bucket: S3_TEST_BUCKET, Delimiter: "/" });
      return (listing.Contents ?? []).map((object) => object.Key!).sort();
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
