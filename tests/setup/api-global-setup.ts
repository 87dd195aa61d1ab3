import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#server/db/client";
import { migrateDatabase } from "#start/migrate";
import { seedDemoData } from "#start/demo/seed";
import { loadEnv } from "#server/env";
import { createFileStorage } from "#server/storage/create-storage";

/** A database migrated and seeded once per run, which each test server starts as a copy of. */
export interface SeededStart {
  /** The DATA_DIR the seed wrote its files to, copied into each test server's own. */
  filesDir: string;
  /** The embedded database's dump (PGlite's tarball), when the project runs on PGlite. */
  snapshotFile?: string;
  /** The PostgreSQL database to copy (CREATE DATABASE … TEMPLATE), when the project runs on the server. */
  templateDatabase?: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    seededStart: SeededStart;
  }
}

/**
 * Migrating and seeding a database took a test server ~6 s of its ~6.5 s start, a hundred
 * times a run: done once here, each server copies the result (tests/setup/api-harness.ts).
 */
export default async function setup(project: TestProject) {
  const onServer = project.config.env?.TEST_DB === "postgres";
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (onServer && !baseUrl) throw new Error("the api-postgres project needs TEST_DATABASE_URL");
  const root = mkdtempSync(join(tmpdir(), "eva-api-seeded-"));
  const filesDir = join(root, "files");
  const templateDatabase = onServer ? `eva_template_${randomBytes(6).toString("hex")}` : undefined;
  let databaseUrl: string | undefined;
  if (templateDatabase && baseUrl) {
    await adminQuery(baseUrl, `create database ${templateDatabase}`);
    const url = new URL(baseUrl);
    url.pathname = `/${templateDatabase}`;
    databaseUrl = url.toString();
  }
  const env = loadEnv({
    DATA_DIR: filesDir,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: randomBytes(32).toString("hex"),
    PUBLIC_URL: "http://localhost:3000",
    LOG_LEVEL: "silent",
    NODE_ENV: "test",
  });
  const teardown = async () => {
    rmSync(root, { recursive: true, force: true });
    if (templateDatabase && baseUrl)
      await adminQuery(baseUrl, `drop database if exists ${templateDatabase} with (force)`);
  };
  const start: SeededStart = { filesDir };
  try {
    const database = await openDatabase({ databaseUrl });
    try {
      await migrateDatabase(database);
      await seedDemoData(database, { storage: createFileStorage(env) });
      if (templateDatabase) start.templateDatabase = templateDatabase;
      else {
        start.snapshotFile = join(root, "pglite.tar");
        writeFileSync(start.snapshotFile, await database.dump!());
      }
    } finally {
      await database.close();
    }
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide("seededStart", start);
  return teardown;
}

async function adminQuery(baseUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
