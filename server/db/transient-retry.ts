import { isTransientFailure } from "./errors";

/** How many times a transaction is tried in all when PostgreSQL gives up on it for a transient reason. */
const ATTEMPTS = 3;

let retried = 0;

/**
 * How many transactions this process has tried again. Tests read it to prove that concurrent
 * writes succeed on their own: the retry is a last defence, and no test may pass only through it.
 */
export function transientRetries(): number {
  return retried;
}

type TransactionRunner<Db> = Db extends { transaction: infer Run } ? Run : never;

/**
 * Makes `db.transaction` try a transaction again (up to ATTEMPTS in all, after a short random
 * pause) when the server aborted it with a deadlock or serialization failure. A transaction's
 * callback only talks to the database (files and mail happen before or after it), so running it
 * again is safe; statements outside a transaction are not retried.
 */
export function retryTransientFailures<Db extends { transaction: (...args: never[]) => Promise<unknown> }>(
  db: Db,
  log: (attempt: number, error: unknown) => void,
): Db {
  const run = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  const transaction = async (...args: unknown[]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run(...args);
      } catch (error) {
        if (attempt >= ATTEMPTS || !isTransientFailure(error)) throw error;
        retried += 1;
        log(attempt, error);
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
      }
    }
  };
  db.transaction = transaction as TransactionRunner<Db>;
  return db;
}
