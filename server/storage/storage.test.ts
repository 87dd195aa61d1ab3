import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type TestS3Server } from "#tests/setup/s3";
import { EnvError, loadEnv } from "../env";
import { createFileStorage } from "./create-storage";
import type { FileStorage } from "./file-storage";

const base = { AUTH_SECRET: "x".repeat(40), NODE_ENV: "test" };

describe.each(["local", "s3"] as const)("files on %s storage", (backend) => {
  let dataDir: string;
  let s3: TestS3Server | null = null;
  let storage: FileStorage;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "eva-storage-"));
    if (backend === "s3") s3 = await startS3Server();
    storage = createFileStorage(loadEnv({ ...base, DATA_DIR: dataDir, ...s3?.env }));
    await storage.check();
  });
  afterAll(async () => {
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Whether the backend itself holds the key: the object in the bucket, or the file on disk. */
  const held = async (key: string) => (s3 ? s3.has(key) : existsSync(join(dataDir, "uploads", key)));

  it("keeps a file under its key, reads it back whole, and removes it", async () => {
    const bytes = new Uint8Array(70_000).map((_, i) => i % 251);
    await storage.save("images/0b8f6a3e-5c1d-4e2f-9a7b-3c4d5e6f7a8b.png", bytes);
    const stored = await storage.open("images/0b8f6a3e-5c1d-4e2f-9a7b-3c4d5e6f7a8b.png");
    expect(stored?.size).toBe(70_000);
    expect(new Uint8Array(await new Response(stored!.body).arrayBuffer())).toEqual(bytes);
    expect(await held("images/0b8f6a3e-5c1d-4e2f-9a7b-3c4d5e6f7a8b.png")).toBe(true);

    await storage.remove("images/0b8f6a3e-5c1d-4e2f-9a7b-3c4d5e6f7a8b.png");
    expect(await storage.open("images/0b8f6a3e-5c1d-4e2f-9a7b-3c4d5e6f7a8b.png")).toBeNull();
    expect(await held("images/0b8f6a3e-5c1d-4e2f-9a7b-3c4d5e6f7a8b.png")).toBe(false);
    // Removing what is already gone is not an error: deletes may be retried.
    await storage.remove("images/0b8f6a3e-5c1d-4e2f-9a7b-3c4d5e6f7a8b.png");
  });

  it("answers nothing for a missing file", async () => {
    expect(await storage.open("documents/00000000-0000-4000-8000-000000000000.pdf")).toBeNull();
  });

  it("never lets a key climb out of its folder or carry a control character", async () => {
    for (const key of [
      "../auth-secret",
      "images/../../auth-secret",
      "images/a/b.png",
      "/etc/passwd",
      "images/a\u0000.png",
      "images/..",
      "images/",
      "images",
    ]) {
      await expect(storage.save(key, new Uint8Array([1])), key).rejects.toThrow("Invalid storage key");
      expect(await storage.open(key), key).toBeNull();
      await storage.remove(key);
    }
  });
});

describe("S3 settings", () => {
  const load = (vars: Record<string, string>) => () => loadEnv({ ...base, ...vars });

  it("are all or nothing, and each is checked at start with a message that names it", () => {
    expect(load({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(
      new EnvError("Invalid environment:\n  S3_BUCKET: required when S3_ENDPOINT is set"),
    );
    expect(load({ S3_BUCKET: "files", S3_ACCESS_KEY_ID: "key" })).toThrow(
      "S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither",
    );
    expect(load({ S3_BUCKET: "Files_2" })).toThrow("S3_BUCKET: must be an S3 bucket name");
    expect(load({ S3_BUCKET: "files", S3_ENDPOINT: "ftp://files" })).toThrow(
      "S3_ENDPOINT: must be an http:// or https:// address",
    );
    expect(load({ S3_BUCKET: "files", S3_FORCE_PATH_STYLE: "yes" })).toThrow("S3_FORCE_PATH_STYLE");
    expect(loadEnv({ ...base }).s3).toBeUndefined();
  });

  it("put the bucket in the path for a self-hosted endpoint, and in the host for AWS", () => {
    expect(loadEnv({ ...base, S3_BUCKET: "files", S3_ENDPOINT: "http://127.0.0.1:9000" }).s3).toMatchObject({
      forcePathStyle: true,
      region: "us-east-1",
    });
    expect(loadEnv({ ...base, S3_BUCKET: "files", S3_REGION: "eu-west-1" }).s3).toMatchObject({
      forcePathStyle: false,
      region: "eu-west-1",
      endpoint: undefined,
    });
    expect(
      loadEnv({ ...base, S3_BUCKET: "files", S3_ENDPOINT: "http://127.0.0.1:9000", S3_FORCE_PATH_STYLE: "0" }).s3,
    ).toMatchObject({
      forcePathStyle: false,
    });
  });

  it("a bucket that is not there stops the start with what to check", async () => {
    const s3 = await startS3Server();
    try {
      const storage = createFileStorage(loadEnv({ ...base, ...s3.env, S3_BUCKET: "no-such-bucket" }));
      await expect(storage.check()).rejects.toThrow(
        'S3 bucket "no-such-bucket" cannot be used: NotFound (404). Check S3_BUCKET, S3_ENDPOINT, S3_REGION and the access keys.',
      );
    } finally {
      await s3.close();
    }
  });
});
