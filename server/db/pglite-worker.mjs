// The embedded database in a thread of its own (server/db/pglite-remote.ts speaks to it): PGlite
// runs each query synchronously on the thread that calls it, so in the main thread a 0.3 s search
// held every other request, /healthz included. Plain JavaScript, so that it runs as it is from
// the sources (tests, scripts) and beside the built server alike.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

const port = parentPort;
const db = new PGlite({
  ...(workerData.dataDir ? { dataDir: workerData.dataDir } : {}),
  // A copy of another database (its dump, made below): the tests start each from one seeded copy.
  ...(workerData.snapshot ? { loadDataDir: new Blob([workerData.snapshot]) } : {}),
  extensions: { btree_gin, pg_trgm, unaccent },
  // PostgreSQL's own 128 MB unless told: a page it does not hold is read through the
  // file system's JavaScript, several times a held one's cost (PGLITE_SHARED_BUFFERS, README).
  ...(workerData.sharedBuffers
    ? { startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${workerData.sharedBuffers}`] }
    : {}),
});
/** Open transactions by id: the callback PGlite runs, held until the main thread commits or rolls back. */
const transactions = new Map();
/** Listeners by id, each the function that stops it. */
const listeners = new Map();

/** Query options as sent: the type ids whose text is kept as it is (drizzle's identity parsers). */
function options(sent) {
  if (!sent) return undefined;
  const { rawTypes, ...rest } = sent;
  if (!rawTypes) return rest;
  return { ...rest, parsers: Object.fromEntries(rawTypes.map((type) => [type, (value) => value])) };
}

/** A result without its parser functions, which cannot cross threads. */
function plain(result) {
  return { rows: result.rows, affectedRows: result.affectedRows, fields: result.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })) };
}

/**
 * An error with the fields PostgreSQL gave it (code, constraint, detail, …): the plain values only,
 * since what cannot be cloned (the query's options) would fail the message.
 */
function serialised(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = Object.entries(error).filter(([, value]) => value === null || ["string", "number", "boolean"].includes(typeof value));
  return { ...Object.fromEntries(fields), name: error.name, message: error.message, stack: error.stack };
}

function target(txId) {
  if (txId === undefined) return db;
  const open = transactions.get(txId);
  if (!open) throw new Error(`No open transaction ${txId}`);
  return open.tx;
}

const operations = {
  query: async ({ sql, params, options: sent, txId }) => plain(await target(txId).query(sql, params, options(sent))),
  exec: async ({ sql, options: sent, txId }) => (await target(txId).exec(sql, options(sent))).map(plain),
  begin: ({ txId }) =>
    new Promise((started, failed) => {
      const open = {};
      open.done = db
        .transaction(
          (tx) =>
            new Promise((commit, rollback) => {
              Object.assign(open, { tx, commit, rollback });
              transactions.set(txId, open);
              started();
            }),
        )
        .finally(() => transactions.delete(txId));
      // A BEGIN that fails never reaches the callback.
      open.done.catch(failed);
    }),
  commit: async ({ txId }) => {
    const open = transactions.get(txId);
    open.commit();
    await open.done;
  },
  rollback: async ({ txId }) => {
    const open = transactions.get(txId);
    if (!open) return;
    open.rollback(new Error("rolled back"));
    await open.done.catch(() => undefined);
  },
  listen: async ({ channel, listenerId }) => {
    listeners.set(listenerId, await db.listen(channel, (payload) => port.postMessage({ notify: listenerId, payload })));
  },
  unlisten: async ({ listenerId }) => {
    const stop = listeners.get(listenerId);
    listeners.delete(listenerId);
    if (stop && !db.closed) await stop();
  },
  dump: async () => new Uint8Array(await (await db.dumpDataDir("none")).arrayBuffer()),
  close: async () => {
    if (!db.closed) await db.close();
  },
};

port.on("message", async (message) => {
  let answer;
  try {
    answer = { id: message.id, result: await operations[message.op](message) };
  } catch (error) {
    answer = { id: message.id, error: serialised(error) };
  }
  try {
    port.postMessage(answer);
  } catch (error) {
    // A result that cannot be cloned fails its own call, not the thread.
    port.postMessage({ id: message.id, error: serialised(error) });
  }
});

db.waitReady.then(
  () => port.postMessage({ ready: true }),
  (error) => port.postMessage({ ready: false, error: serialised(error) }),
);
