import { Worker } from "node:worker_threads";
import { join } from "node:path";
import type { QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import { PROJECT_ROOT } from "../paths";
import { countStatement } from "./statement-count";

const WORKER_FILE = join(PROJECT_ROOT, "server", "db", "pglite-worker.mjs");

type Sent = { op: string; [key: string]: unknown };
type Answer = { id: number; result?: unknown; error?: Record<string, unknown> & { message: string } };

/** The error PostgreSQL raised in the worker, with its fields (code, constraint, …), thrown here. */
function revived(error: Answer["error"] & object): Error {
  const { message, stack, ...fields } = error;
  const revivedError = Object.assign(new Error(message), fields);
  if (typeof stack === "string") revivedError.stack = stack;
  return revivedError;
}

/**
 * Query options that can cross threads: drizzle passes parser functions that return a type's text
 * as it is, so only their type ids are sent (any other parser would be lost, so it is refused).
 */
function sendable(options: QueryOptions | undefined): Record<string, unknown> | undefined {
  if (!options) return undefined;
  const { parsers, serializers, blob, onNotice, ...rest } = options;
  if (serializers || blob || onNotice)
    throw new Error("The embedded database's worker takes no serializers, blobs or notice handlers");
  if (!parsers) return rest;
  const rawTypes = Object.entries(parsers).map(([type, parse]) => {
    if (parse("x", Number(type)) !== "x")
      throw new Error(`The parser of type ${type} is not the identity: it cannot run in the worker`);
    return Number(type);
  });
  return { ...rest, rawTypes };
}

/**
 * PGlite in a worker thread, with the part of its interface that drizzle and our code use: query,
 * exec, transaction, listen, close. The main thread's event loop stays free while a query runs,
 * so other requests (and /healthz) are answered meanwhile; PGlite's own lock in the worker still
 * runs queries and transactions one at a time.
 */
export class RemotePglite {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private nextId = 1;
  private isClosed = false;
  readonly waitReady: Promise<void>;

  /**
   * In dataDir, or in memory; in memory, from a snapshot (a dump of another) when one is given;
   * with `sharedBuffers` ("512MB") for PostgreSQL's shared_buffers.
   */
  constructor(dataDir: string | undefined, snapshot?: Uint8Array, sharedBuffers?: string) {
    this.worker = new Worker(WORKER_FILE, { workerData: { dataDir, snapshot, sharedBuffers } });
    this.waitReady = new Promise((resolve, reject) => {
      const onReady = (message: { ready?: boolean; error?: Answer["error"] }) => {
        if (message.ready === undefined) return;
        this.worker.off("message", onReady);
        if (message.ready) resolve();
        else reject(revived(message.error ?? { message: "The embedded database did not start" }));
      };
      this.worker.on("message", onReady);
    });
    this.worker.on("message", (message: Answer & { notify?: number; payload?: string }) => {
      if (message.notify !== undefined) return this.listeners.get(message.notify)?.(message.payload ?? "");
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.error) waiting.reject(revived(message.error));
      else waiting.resolve(message.result);
    });
    const failAll = (error: Error) => {
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    this.worker.on("error", failAll);
    this.worker.on("exit", () => {
      this.isClosed = true;
      failAll(new Error("The embedded database's worker has stopped"));
    });
  }

  get closed(): boolean {
    return this.isClosed;
  }

  private call<T>(message: Sent): Promise<T> {
    if (this.isClosed) return Promise.reject(new Error("The embedded database is closed"));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions, txId?: number): Promise<Results<T>> {
    countStatement();
    return this.call({ op: "query", sql, params, options: sendable(options), txId });
  }

  exec(sql: string, options?: QueryOptions, txId?: number): Promise<Results[]> {
    countStatement();
    return this.call({ op: "exec", sql, options: sendable(options), txId });
  }

  /** Runs callback in a transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const txId = this.nextId++;
    // BEGIN and COMMIT are statements too, as on a PostgreSQL server.
    countStatement();
    await this.call({ op: "begin", txId });
    let closed = false;
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => this.query<R>(sql, params, options, txId),
      exec: (sql: string, options?: QueryOptions) => this.exec(sql, options, txId),
      sql: () => Promise.reject(new Error("Use query() with parameters")),
      rollback: async () => {
        closed = true;
        await this.call({ op: "rollback", txId });
      },
      listen: () => Promise.reject(new Error("Listen outside a transaction")),
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      if (!closed) await this.call({ op: "rollback", txId }).catch(() => undefined);
      throw error;
    }
    countStatement();
    if (!closed) await this.call({ op: "commit", txId });
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const listenerId = this.nextId++;
    this.listeners.set(listenerId, callback);
    await this.call({ op: "listen", channel, listenerId });
    return async () => {
      this.listeners.delete(listenerId);
      if (!this.isClosed) await this.call({ op: "unlisten", listenerId });
    };
  }

  /** The whole database as PGlite's tarball, for another to start from (see the constructor). */
  dump(): Promise<Uint8Array> {
    return this.call({ op: "dump" });
  }

  async close(): Promise<void> {
    if (this.isClosed) return;
    await this.call({ op: "close" }).catch(() => undefined);
    this.isClosed = true;
    await this.worker.terminate();
  }
}
