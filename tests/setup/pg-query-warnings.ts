import { afterEach, expect } from "vitest";

/**
 * node-postgres warns once a process when a query is sent on a connection that is still running
 * one ("Calling client.query() when the client is already executing a query is deprecated"):
 * that is a `Promise.all` of queries inside a transaction, whose one connection answers them one
 * at a time, and pg 9 will refuse it. Any such warning fails the test that caused it.
 */
const OVERLAPPING_QUERY = /already executing a query/;
const seen: string[] = [];
process.on("warning", (warning) => {
  if (OVERLAPPING_QUERY.test(warning.message)) seen.push(warning.stack ?? warning.message);
});

afterEach(() => {
  const found = seen.splice(0);
  expect(found, "queries were sent at once on one connection (a transaction's)").toEqual([]);
});

/** The warnings seen since the last test ended, taken: for the test that shows this guard works. */
export function takeOverlappingQueryWarnings(): string[] {
  return seen.splice(0);
}
