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

export const messageSchema = z.object({ data: z.looseObject({ message: z.string() }) }).openapi("ActionResult");

const actionResponses = (errors: number[]) => ({
  200: { description: "Done", content: { "application/json": { schema: messageSchema } } },
  ...errorResponses(...errors),
});

interface ActionOptions<P extends z.ZodObject> {
  path: string;
  tags: string[];
  summary: string;
  params: P;
  errors: number[];
}

/** A POST without a body that changes something and answers `{data: {message, …}}`. */
export function actionRoute<P extends z.ZodObject>(options: ActionOptions<P>) {
  const { path, tags, summary, params, errors } = options;
  return { method: "post" as const, path, tags, summary, request: { params }, responses: actionResponses(errors) };
}

/** The same, with a JSON body checked by a shared schema. */
export function actionRouteWithBody<P extends z.ZodObject, B extends z.ZodType>(options: ActionOptions<P> & { body: B }) {
  const { path, tags, summary, params, errors, body } = options;
  return {
    method: "post" as const,
    path,
    tags,
    summary,
    request: { params, body: { content: { "application/json": { schema: body } }, required: true } },
    responses: actionResponses(errors),
  };
}
