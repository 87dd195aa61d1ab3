import type { HttpBindings } from "@hono/node-server";
import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { Logger } from "pino";
import type { Database } from "../db/client";
import { validationError } from "../errors";
import type { SessionUser } from "../services/viewer";

export interface AppVariables {
  requestId: string;
  log: Logger;
  db: Database;
  viewer: SessionUser | null;
}
export interface AppEnv {
  Bindings: HttpBindings;
  Variables: AppVariables;
}

/** Every API router validates with the shared schemas and fails in the contract's shape. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error, (result as { data?: unknown }).data);
    },
  });
}

export const errorSchema = z
  .object({
    message: z.string(),
    code: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .openapi("Error");

export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: "Failure in the contract's error shape", content: { "application/json": { schema: errorSchema } } },
    ]),
  );

export const actUrlParam = z.object({
  actUrl: z.string().openapi({ param: { name: "actUrl", in: "path" }, example: "the-velvet-tones" }),
});
