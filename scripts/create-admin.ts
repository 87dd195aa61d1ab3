// `npm run create-admin -- --email … --name …`, password on standard input.
import "./require-node.mjs";
import { parseArgs } from "node:util";
import { openDatabase } from "#server/db/client";
import { migrateDatabase } from "#start/migrate";
import { loadEnv } from "#server/env";
import { createAdmin } from "#modules/accounts/server/admins";

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

const { values } = parseArgs({ options: { email: { type: "string" }, name: { type: "string" } } });
if (!values.email || !values.name) {
  console.error("Usage: npm run create-admin -- --email <email> --name <name>  (password on standard input)");
  process.exit(2);
}
if (process.stdin.isTTY) process.stderr.write("Password: ");
const password = await readStdin();

const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
try {
  await migrateDatabase(database);
  const admin = await createAdmin(database.db, { email: values.email, name: values.name, password });
  console.log(`Created admin ${admin.email}.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await database.close();
}
