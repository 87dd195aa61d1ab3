import { appendFileSync } from "node:fs";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsPlugin from "ajv-formats";

/**
 * Checks every JSON answer the API suite receives against the OpenAPI document the server
 * publishes: the status must be one the operation declares, and the body must match that
 * status's schema, with no field the schema does not name (issue 16). An answer that fails
 * throws, so the test that made the call fails with the reason.
 */

type Schema = Record<string, unknown>;
interface Operation {
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

// ajv-formats ships CommonJS; under ESM its default export is the module object.
const addFormats = ((addFormatsPlugin as unknown as { default?: typeof addFormatsPlugin }).default ??
  addFormatsPlugin) as typeof addFormatsPlugin;

/** The document's id inside the validator, which the answers' schemas refer to. */
const DOCUMENT_ID = "https://api.invalid/openapi.json";

/** Paths under /api that are not JSON operations of the document. */
const OUTSIDE_THE_DOCUMENT = [/^\/api\/auth\//, /^\/api\/openapi\.json$/, /^\/api\/docs/, /^\/api\/videos\/upload\//];

/**
 * An object schema that does not say whether it allows more properties allows none: the
 * document must name every field an answer carries. `unevaluatedProperties` (not
 * `additionalProperties`) keeps this right for schemas composed with allOf.
 */
function closeObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (!node || typeof node !== "object") return node;
  const copy: Schema = {};
  for (const [key, value] of Object.entries(node)) copy[key] = closeObjects(value);
  if (
    copy.type === "object" &&
    copy.properties &&
    copy.additionalProperties === undefined &&
    copy.unevaluatedProperties === undefined
  ) {
    copy.unevaluatedProperties = false;
  }
  return copy;
}

interface Matcher {
  method: string;
  pattern: RegExp;
  template: string;
  params: number;
}

export interface AnswerChecker {
  /** Throws when the answer is not what the document says. */
  check(method: string, path: string, response: Response): Promise<void>;
  /** The reasons a value does not match a component schema (none when it does). */
  matches(component: string, value: unknown): string[];
  /** How many answers were checked, by "METHOD /path status". */
  counts: Map<string, number>;
}

export function createAnswerChecker(document: Document): AnswerChecker {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: DOCUMENT_ID, components: closeObjects(document.components ?? {}) as Schema });

  const matchers: Matcher[] = Object.entries(document.paths)
    .flatMap(([template, item]) =>
      Object.keys(item).map((method) => ({
        method: method.toUpperCase(),
        template,
        params: (template.match(/\{/g) ?? []).length,
        // Templates hold letters, digits, "/", "-" and {params} only.
        pattern: new RegExp(`^/api${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
      })),
    )
    .sort((a, b) => a.params - b.params);

  const compiled = new Map<string, ValidateFunction>();
  function validatorFor(key: string, schema: Schema): ValidateFunction {
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(closeObjects(schema) as Schema);
      compiled.set(key, validate);
    }
    return validate;
  }
  // An answer no operation gives (no such path or method) still has the contract's error shape.
  const errorSchema = {
    type: "object",
    required: ["message", "code"],
    properties: { message: { type: "string" }, code: { type: "string" } },
  };
  const counts = new Map<string, number>();

  async function check(method: string, path: string, response: Response) {
    const pathname = path.split("?")[0]!;
    if (
      !pathname.startsWith("/api/") ||
      OUTSIDE_THE_DOCUMENT.some((pattern) => pattern.test(pathname)) ||
      method === "HEAD"
    )
      return;
    const isJson = response.headers.get("content-type")?.includes("application/json") ?? false;
    const onPath = matchers.filter((matcher) => matcher.pattern.test(pathname));
    const operation = onPath.find((matcher) => matcher.method === method);
    let schema: Schema | undefined = errorSchema;
    let key = `error ${response.status}`;
    if (operation) {
      const declared = document.paths[operation.template]![operation.method.toLowerCase()]!.responses ?? {};
      const answer = declared[String(response.status)];
      key = `${operation.method} ${operation.template} ${response.status}`;
      if (!answer)
        throw new Error(
          `${key}: the document declares no ${response.status} for this operation (${await response.clone().text()})`,
        );
      schema = answer.content?.["application/json"]?.schema;
      if (schema && !isJson)
        throw new Error(`${key}: the document declares JSON, the answer is ${response.headers.get("content-type")}`);
    } else if (![401, 404, 405].includes(response.status)) {
      // No operation here: only "no such path" and "no such method" may answer, and a write
      // without a session is refused before the path is looked at.
      throw new Error(`${method} ${pathname}: no operation in the document answers this (${response.status})`);
    }
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (!schema || !isJson) return;
    const body: unknown = await response.clone().json();
    const validate = validatorFor(`${key}`, rebase(schema));
    if (!validate(body)) {
      throw new Error(
        `${key}: the answer does not match the document: ${ajv.errorsText(validate.errors, { separator: "; " })}\n${JSON.stringify(body).slice(0, 600)}`,
      );
    }
  }
  function matches(component: string, value: unknown): string[] {
    const validate = validatorFor(`component ${component}`, {
      $ref: `${DOCUMENT_ID}#/components/schemas/${component}`,
    });
    return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
  }
  return { check, matches, counts };
}

/** Refs inside an operation's inline schema point into the document's components. */
function rebase(node: unknown): Schema {
  if (Array.isArray(node)) return node.map(rebase) as unknown as Schema;
  if (!node || typeof node !== "object") return node as Schema;
  const copy: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    copy[key] =
      key === "$ref" && typeof value === "string" && value.startsWith("#/") ? `${DOCUMENT_ID}${value}` : rebase(value);
  }
  return copy;
}

/**
 * With OPENAPI_ANSWERS_LOG set, each test file appends its counts there, one JSON line, so a
 * run of the suite can say how many answers it checked.
 */
export function recordCheckedAnswers(checker: AnswerChecker) {
  const file = process.env.OPENAPI_ANSWERS_LOG;
  if (file) appendFileSync(file, `${JSON.stringify(Object.fromEntries(checker.counts))}\n`);
}

/** The document's JSON request body schema of one operation, compiled: what a generated client would check before it sends. */
export function requestBodyValidator(document: Document, method: string, template: string): (body: unknown) => boolean {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: DOCUMENT_ID, components: document.components ?? {} });
  const schema = document.paths[template]?.[method.toLowerCase()]?.requestBody?.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`${method} ${template} takes no JSON body`);
  const validate = ajv.compile(rebase(schema));
  return (body) => validate(body) as boolean;
}
