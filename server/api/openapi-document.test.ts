import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "#domain/api-error";
import { API_TYPES_FILE, apiTypesSource } from "../../scripts/api-types";
import { createTestServer, json, type TestServer } from "#tests/setup/api-harness";
import { createAnswerChecker, requestBodyValidator } from "#tests/setup/openapi-answers";
import { OPERATION_IDS } from "./operation-ids";

let server: TestServer;
let doc: Document;
beforeAll(async () => {
  server = await createTestServer();
  doc = await json<Document>(await server.request("/api/openapi.json"));
});
afterAll(async () => server.close());

type Schema = {
  $ref?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
  const?: unknown;
  enum?: unknown[];
  example?: unknown;
};
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const operationsOf = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, ...operation })),
  );

const resolve = (schema: Schema): Schema =>
  schema.$ref ? doc.components.schemas[schema.$ref.split("/").pop()!]! : schema;

describe("the OpenAPI document", () => {
  it("names every operation once, and the table names no operation that is gone", () => {
    const operations = operationsOf(doc);
    expect(operations.filter((operation) => !operation.operationId).map((operation) => operation.key)).toEqual([]);
    expect(operations.filter((operation) => !operation.summary).map((operation) => operation.key)).toEqual([]);
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(OPERATION_IDS).filter((key) => !operations.some((operation) => operation.key === key))).toEqual(
      [],
    );
    expect(doc.paths["/acts/{actUrl}"]?.get?.operationId).toBe("getActProfile");
  });

  it("says of every operation who may call it and whether it needs the session cookie", () => {
    for (const operation of operationsOf(doc)) {
      expect(operation.description, operation.key).toMatch(/\*\*Who may call:\*\* .+\./);
      expect(operation.security, operation.key).toBeDefined();
      const needsSession = !operation.security!.some((requirement) => Object.keys(requirement).length === 0);
      expect(Boolean(operation.responses["401"]), `${operation.key}: 401 exactly when a session is required`).toBe(
        needsSession,
      );
    }
    expect(doc.paths["/me"]!.get!.security).toEqual([{ sessionCookie: [] }]);
    expect(doc.paths["/acts/{actUrl}"]!.get!.security).toEqual([{}, { sessionCookie: [] }]);
    expect(doc.paths["/acts/set-status/{actUrl}"]!.post!.description).toContain("**Who may call:** Admins.");
  });

  it("gives every error status the contract's shape with its one code, and every success a schema", () => {
    for (const operation of operationsOf(doc)) {
      for (const [status, answer] of Object.entries(operation.responses)) {
        // A success is JSON, or an event stream (a conversation's live messages).
        const schema =
          answer.content?.["application/json"]?.schema ??
          (Number(status) < 400 ? answer.content?.["text/event-stream"]?.schema : undefined);
        expect(schema, `${operation.key} ${status}`).toBeDefined();
        if (Number(status) < 400) continue;
        const error = resolve(schema!);
        expect(error.required, `${operation.key} ${status}`).toEqual(expect.arrayContaining(["message", "code"]));
        const code = error.properties!.code!;
        const codes = code.enum ?? [code.const];
        expect(codes, `${operation.key} ${status}`).toHaveLength(1);
        expect(ERROR_CODES[codes[0] as keyof typeof ERROR_CODES], `${operation.key} ${status}`).toBe(Number(status));
      }
      expect(Object.keys(operation.responses), operation.key).toContain("500");
    }
  });

  it("declares every field of the central resources", () => {
    const fields = (name: string) => Object.keys(doc.components.schemas[name]!.properties ?? {});
    expect(fields("ActProfile")).toHaveLength(49);
    expect(fields("ActProfile")).toEqual(
      expect.arrayContaining([
        "images",
        "videos",
        "packages",
        "testimonials",
        "entertainerReviews",
        "manager",
        "history",
        "latestOffer",
        "price_from_cents",
        "response_rate",
        "response_time_hours",
        "facts",
        "travel",
        "travel_cents",
        "takes",
      ]),
    );
    for (const name of [
      "Review",
      "Testimonial",
      "Offering",
      "Image",
      "Video",
      "Document",
      "Event",
      "Invite",
      "Offer",
      "ActSearchPage",
      "ActSearchFacets",
      "Place",
      "Tag",
    ]) {
      expect(fields(name).length, name).toBeGreaterThan(0);
    }
  });

  it("shows an example of every success answer, and every example is a valid answer", () => {
    const checker = createAnswerChecker(doc);
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      if (schema.example !== undefined)
        expect(checker.matches(name, schema.example), `the example of ${name}`).toEqual([]);
    }
    for (const operation of operationsOf(doc)) {
      for (const [status, answer] of Object.entries(operation.responses)) {
        const schema = resolve((answer.content!["application/json"] ?? answer.content!["text/event-stream"])!.schema);
        const data = Number(status) < 400 ? (schema.properties?.data ?? schema) : schema;
        const shown = data.items ? resolve(data.items) : resolve(data);
        expect(shown.example ?? data.items?.example, `${operation.key} ${status}`).toBeDefined();
      }
    }
  });

  it("passes Redocly's linter with the recommended rules", async () => {
    const dir = mkdtempSync(join(tmpdir(), "eva-openapi-"));
    try {
      const file = join(dir, "openapi.json");
      writeFileSync(file, JSON.stringify(doc));
      // The CLI asks npm for updates and sends telemetry unless told not to.
      const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
      const run = await promisify(execFile)(
        process.execPath,
        ["node_modules/@redocly/cli/bin/cli.js", "lint", file, "--extends", "recommended", "--format", "json"],
        {
          env,
          maxBuffer: 10_000_000,
        },
      ).catch((failure: { stdout: string; stderr: string }) => failure);
      const report = JSON.parse(run.stdout) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; severity: string; message: string }[];
      };
      expect(report.problems.filter((problem) => problem.severity === "error")).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("is what the browser's types were generated from (npm run api:types)", async () => {
    expect(readFileSync(API_TYPES_FILE, "utf8"), `${API_TYPES_FILE} is stale: run npm run api:types`).toBe(
      await apiTypesSource(doc as unknown as Record<string, unknown>),
    );
  }, 30_000);
});

describe("the check of every answer against the document", () => {
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const tag = { id: 1, name: "Funk", type: "Genre" };

  it("passes an answer the document describes", async () => {
    await expect(
      createAnswerChecker(doc).check("GET", "/api/tags", answer(200, { data: [tag] })),
    ).resolves.toBeUndefined();
  });

  it("fails on a field the document does not name, a missing required one, and a wrong type", async () => {
    const checker = createAnswerChecker(doc);
    await expect(checker.check("GET", "/api/tags", answer(200, { data: [{ ...tag, secret: "x" }] }))).rejects.toThrow(
      /unevaluated properties/,
    );
    await expect(checker.check("GET", "/api/tags", answer(200, { data: [{ id: 1, name: "Funk" }] }))).rejects.toThrow(
      /required property 'type'/,
    );
    await expect(checker.check("GET", "/api/tags", answer(200, { data: [{ ...tag, id: "1" }] }))).rejects.toThrow(
      /must be integer/,
    );
  });

  it("fails on a status the operation does not declare, and on an error with another status's code", async () => {
    const checker = createAnswerChecker(doc);
    await expect(
      checker.check("GET", "/api/tags", answer(404, { message: "Not found", code: "not_found" })),
    ).rejects.toThrow(/declares no 404/);
    await expect(
      checker.check("GET", "/api/acts/nope", answer(404, { message: "Not found", code: "conflict" })),
    ).rejects.toThrow(/must be equal to one of the allowed values/);
  });
});

describe("the request schemas", () => {
  // What an independent fuzzer found the document accepting and the server refusing.
  const cases: { path: string; template: string; as: "admin" | "owner" | "planner"; good: unknown; bad: unknown }[] = [
    {
      path: "/api/acts/edit-tags/the-velvet-tones",
      template: "/acts/edit-tags/{actUrl}",
      as: "admin",
      good: { musical: true, genres: [5], "song-types": [18], "band-setups": [25] },
      bad: { musical: true, genres: [], "song-types": [18], "band-setups": [25] },
    },
    {
      path: "/api/videos/upload-link/the-velvet-tones",
      template: "/videos/upload-link/{actUrl}",
      as: "owner",
      good: { link: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" },
      bad: { link: "   " },
    },
    {
      path: "/api/events/create",
      template: "/events/create",
      as: "planner",
      good: { name: "Gala", starttime: "2027-05-01T19:00", location: "Chicago, IL" },
      bad: { name: "Gala", starttime: "next friday", location: "Chicago, IL" },
    },
    {
      path: "/api/acts/update/the-velvet-tones",
      template: "/acts/update/{actUrl}",
      as: "owner",
      good: { name: "The Velvet Tones", social: { linkedin: "https://www.linkedin.com/company/velvet" } },
      bad: { name: "The Velvet Tones", social: { linkedin: "not a link" } },
    },
  ];

  it("refuse what the server refuses, and accept what it accepts", async () => {
    for (const { path, template, as, good, bad } of cases) {
      const accepts = requestBodyValidator(doc, "POST", template);
      expect(accepts(bad), `${template}: the document refuses ${JSON.stringify(bad)}`).toBe(false);
      expect((await server.post(path, as, bad)).status, `${template}: the server refuses it`).toBe(422);
      expect(accepts(good), `${template}: the document accepts ${JSON.stringify(good)}`).toBe(true);
    }
    // The good bodies are real writes; one is enough to show the server takes them too.
    expect((await server.post("/api/videos/upload-link/the-velvet-tones", "owner", cases[1]!.good)).status).toBe(200);
  });
});
