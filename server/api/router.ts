import { OpenAPIHono, z } from "@hono/zod-openapi";
import { pathIdSchema, pathSegmentSchema } from "#domain/schemas/fields";
import { badRequest, notFound, validationError } from "../errors";
import type { AppEnv, Guard } from "../http/app-env";
import { apiRoute, dataResponse, errorResponses } from "./route-docs";

export type { AppEnv, AppVariables, Guard } from "../http/app-env";

/** Every API router validates with the shared schemas and fails in the contract's shape. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (result.success) return;
      const input = (result as { data?: unknown }).data;
      if ((result as { target?: string }).target === "param") {
        const params = (input ?? {}) as Record<string, unknown>;
        throw pathError(result.error.issues.map((issue) => params[String(issue.path[0])]));
      }
      throw validationError(result.error, input);
    },
  });
}

/**
 * The error for path parameters that fail their schemas, given their values: a well-formed
 * number names no row (404: an id outside the column's range exists nowhere); anything else
 * is a malformed path (400).
 */
export function pathError(failing: unknown[]) {
  return failing.every((value) => typeof value === "string" && /^\d+$/.test(value))
    ? notFound("Not found")
    : badRequest("The path is malformed");
}

/** An id path parameter, in the id columns' range. */
export const idParam = <N extends string>(name: N) =>
  z.object({
    [name]: pathIdSchema().openapi({ param: { name, in: "path" }, type: "integer", minimum: 1, example: 1 }),
  } as Record<N, ReturnType<typeof pathIdSchema>>);

export const actUrlParam = z.object({
  actUrl: pathSegmentSchema().openapi({ param: { name: "actUrl", in: "path" }, example: "the-velvet-tones" }),
});

interface ActionOptions<P extends z.ZodObject, R extends z.ZodType> {
  guard: Guard;
  path: string;
  tags: string[];
  summary: string;
  /** The longer story, where limits or moments are part of the call. */
  description?: string;
  params: P;
  /** The `data` of the success answer. */
  result: R;
  /** The statuses this call raises itself (a conflict); those of its guard and request are added. */
  errors?: number[];
}

/** A POST without a body that changes something and answers `{data: result}`. */
export function actionRoute<P extends z.ZodObject, R extends z.ZodType>(options: ActionOptions<P, R>) {
  const { guard, path, tags, summary, description, params, result, errors = [] } = options;
  return apiRoute({
    method: "post" as const,
    path,
    tags,
    summary,
    ...(description ? { description } : {}),
    middleware: [guard],
    request: { params },
    responses: { 200: dataResponse("Done", result), ...errorResponses(...errors) },
  });
}

/** The same, with a JSON body checked by a shared schema. */
export function actionRouteWithBody<P extends z.ZodObject, R extends z.ZodType, B extends z.ZodType>(
  options: ActionOptions<P, R> & {
    body: B;
    /** False: a call without a JSON body is the body's defaults (a field added to a call that had none). */
    bodyRequired?: boolean;
  },
) {
  const { guard, path, tags, summary, description, params, result, errors = [], body, bodyRequired = true } = options;
  return apiRoute({
    method: "post" as const,
    path,
    tags,
    summary,
    ...(description ? { description } : {}),
    middleware: [guard],
    request: { params, body: { content: { "application/json": { schema: body } }, required: bodyRequired } },
    responses: { 200: dataResponse("Done", result), ...errorResponses(...errors) },
  });
}
