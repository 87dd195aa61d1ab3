import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, json, type TestServer } from "../../tests/setup/api-harness";
import { OPERATION_IDS } from "./operation-ids";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

type Document = { paths: Record<string, Record<string, { operationId?: string; summary?: string }>> };

describe("the OpenAPI document", () => {
  it("names every operation once, and the table names no operation that is gone", async () => {
    const doc = await json<Document>(await server.request("/api/openapi.json"));
    const operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, ...operation })));
    expect(operations.filter((operation) => !operation.operationId).map((operation) => operation.key)).toEqual([]);
    expect(operations.filter((operation) => !operation.summary).map((operation) => operation.key)).toEqual([]);
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(OPERATION_IDS).filter((key) => !operations.some((operation) => operation.key === key))).toEqual([]);
    expect(doc.paths["/acts/{actUrl}"]?.get?.operationId).toBe("getActProfile");
  });
});
