import { S3, S3ServiceException, type S3ClientConfig } from "@aws-sdk/client-s3";
import { S3Store } from "@tus/s3-store";
import { type FileStorage, assertSafeKey, isSafeKey } from "./file-storage";

export interface S3Settings {
  bucket: string;
  /** Any S3-compatible service; AWS itself when absent. */
  endpoint: string | undefined;
  region: string;
  /** Both or neither: without them the SDK's own chain (instance role, AWS_* variables) is used. */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** bucket in the path (most self-hosted services) rather than in the host name. */
  forcePathStyle: boolean;
}

function clientConfig(settings: S3Settings): S3ClientConfig {
  return {
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: many S3-compatible services refuse the newer
    // default (CRC32 trailers on every upload), and TLS already guards the bytes in flight.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  };
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404);

/**
 * Files as objects in one bucket under the same keys as on disk, and resumable uploads as S3
 * multipart uploads (@tus/s3-store) at the bucket's top level under their upload id, so any
 * server can continue an upload another one started.
 */
export function createS3Storage(settings: S3Settings): FileStorage {
  const config = clientConfig(settings);
  const client = new S3(config);
  const Bucket = settings.bucket;

  return {
    description: `s3://${Bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ""}`,

    async check() {
      try {
        await client.headBucket({ Bucket });
      } catch (error) {
        const reason =
          error instanceof S3ServiceException
            ? `${error.name} (${error.$metadata.httpStatusCode ?? "no answer"})`
            : String(error);
        throw new Error(
          `S3 bucket "${Bucket}" cannot be used: ${reason}. Check S3_BUCKET, S3_ENDPOINT, S3_REGION and the access keys.`,
        );
      }
    },

    async save(key, bytes) {
      assertSafeKey(key);
      await client.putObject({ Bucket, Key: key, Body: bytes, ContentLength: bytes.byteLength });
    },

    async open(key) {
      if (!isSafeKey(key)) return null;
      try {
        const object = await client.getObject({ Bucket, Key: key });
        if (!object.Body || object.ContentLength === undefined) return null;
        return { size: object.ContentLength, body: object.Body.transformToWebStream() };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async remove(key) {
      if (!isSafeKey(key)) return;
      await client.deleteObject({ Bucket, Key: key });
    },

    createTusStore() {
      return new S3Store({ s3ClientConfig: { ...config, bucket: Bucket } });
    },

    async readUploadStart(tusId, length) {
      const object = await client.getObject({ Bucket, Key: tusId, Range: `bytes=0-${length - 1}` });
      return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
    },

    async keepUpload(tusId, key) {
      assertSafeKey(key);
      await client.copyObject({ Bucket, Key: key, CopySource: `${Bucket}/${encodeURIComponent(tusId)}` });
    },

    async discardUpload(tusId) {
      await client.deleteObjects({
        Bucket,
        Delete: { Objects: [{ Key: tusId }, { Key: `${tusId}.info` }, { Key: `${tusId}.part` }], Quiet: true },
      });
    },
  };
}
