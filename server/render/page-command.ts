import type { z } from "zod";
import type { FieldErrors } from "#domain/api-error";
import type { Database } from "../db/client";
import { ApiError, unauthenticated, validationError } from "../errors";
import type { JobQueue } from "../jobs/job-queue";
import type { CardGateway } from "../payments/card-gateway";
import type { SessionUser } from "#domain/session-user";
import type { LoadContext } from "./load-context";

/** What a command is given: who asks, and where it writes and schedules. */
export interface CommandDeps {
  db: Database;
  jobs: JobQueue;
  cards: CardGateway | undefined;
  viewer: SessionUser;
}

/** A command's answer, or its refusal in the contract's terms (status, message, field errors) for a form to show. */
export type CommandResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; message: string; errors: FieldErrors };

/**
 * Runs a module's command from a page's action with the checks its API route makes: a signed-in
 * viewer, the body valid by the route's own schema, then the command, which authorizes and
 * limits as it does for the route. Nothing goes back through /api: the answer is the command's
 * own type, and a refusal is the same message the API would give.
 */
export async function runCommand<S extends z.ZodType, T>(
  context: Pick<LoadContext, "viewer" | "db" | "jobs"> & { cards?: CardGateway | undefined },
  schema: S,
  input: unknown,
  command: (deps: CommandDeps, body: z.output<S>) => Promise<T>,
): Promise<CommandResult<T>> {
  try {
    if (!context.viewer) throw unauthenticated();
    const parsed = schema.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error, input);
    return {
      ok: true,
      data: await command(
        { db: context.db, jobs: context.jobs, cards: context.cards, viewer: context.viewer },
        parsed.data,
      ),
    };
  } catch (error) {
    if (error instanceof ApiError)
      return { ok: false, status: error.status, message: error.message, errors: error.errors ?? {} };
    throw error;
  }
}
