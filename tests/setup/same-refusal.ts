import { expect } from "vitest";
import type { CommandResult } from "#server/render/page-command";

/** A page's form was refused as the API route refused the same body: the same status, message and field errors. */
export async function expectSameRefusal(page: CommandResult<unknown>, response: Response, label: string) {
  const api = (await response.json()) as { message?: string; errors?: unknown };
  expect(page.ok, label).toBe(false);
  if (page.ok) return;
  expect({ status: page.status, message: page.message, errors: page.errors }, label).toEqual({
    status: response.status,
    message: api.message,
    errors: api.errors ?? {},
  });
}
