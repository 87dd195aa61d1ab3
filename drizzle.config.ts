import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // The platform's tables and each module's (start/schema.ts gathers the same for the code).
  schema: ["./server/db/schema.ts", "./modules/*/server/tables.ts"],
  out: "./server/db/migrations",
});
