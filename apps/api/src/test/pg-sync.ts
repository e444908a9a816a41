import { createRequire } from "node:module";
import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads";
import type SQLite from "better-sqlite3";

/**
 * Tests on PostgreSQL (decision 021): many tests look into the database through `ctx.sqlite`
 * (better-sqlite3, synchronous). On PostgreSQL the test server's `ctx.sqlite` is this stand-in:
 * the same `prepare(sql).get/all/run/pluck/raw` and `exec`, each call run by a pg client on a
 * worker thread while this thread waits (Atomics.wait). `?` and `@name` parameters become
 * `$1…`. SQLite-only SQL (pragmas, sqlite_master) is not translated: such tests say so and skip.
 * Test code only: blocking a thread per query is no way to serve requests.
 */

// The worker is CommonJS and requires pg's CommonJS entry: `require` of its ES module entry
// (what import.meta.resolve gives) once crashed Node 20 inside the worker.
const WORKER = `
const { workerData } = require("node:worker_threads");
const pg = require(workerData.pgPath);
const types = { getTypeParser: (oid, format) => (oid === 20 || oid === 1700 ? (v) => Number(v) : pg.types.getTypeParser(oid, format)) };
const client = new pg.Client({ connectionString: workerData.url, types });
const connected = client.connect();
const flag = new Int32Array(workerData.shared);
const port = workerData.port;
port.on("message", async ({ id, text, values, rowMode }) => {
  let reply;
  try {
    await connected;
    const result = await client.query(values.length ? { text, values, rowMode } : { text, rowMode });
    const last = Array.isArray(result) ? result[result.length - 1] : result;
    reply = { rows: last.rows, rowCount: last.rowCount ?? 0 };
  } catch (error) {
    reply = { error: { message: error.message, code: error.code } };
  }
  port.postMessage({ id, ...reply });
  Atomics.store(flag, 0, id);
  Atomics.notify(flag, 0);
});
port.on("close", () => client.end());
`;

type Reply = { id: number } & ({ rows: unknown[]; rowCount: number } | { error: { message: string; code?: string } });

/** `?`, `@name`, `:name` and `$name` parameters as `$n`, outside quoted text. */
export function toPgParameters(text: string, params: unknown[]): { text: string; values: unknown[] } {
  const named =
    params.length === 1 && params[0] !== null && typeof params[0] === "object" && !Array.isArray(params[0]) ? (params[0] as Record<string, unknown>) : null;
  const values: unknown[] = [];
  const byName = new Map<string, number>();
  let out = "";
  let positional = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"') {
      const end = text.indexOf(c, i + 1);
      out += text.slice(i, end + 1);
      i = end;
    } else if (c === "?") {
      values.push(params[positional++]);
      out += `$${values.length}`;
    } else if (named && (c === "@" || c === ":" || c === "$") && /[A-Za-z_]/.test(text[i + 1] ?? "")) {
      const name = /^[A-Za-z_]\w*/.exec(text.slice(i + 1))![0];
      if (!byName.has(name)) {
        values.push(named[name]);
        byName.set(name, values.length);
      }
      out += `$${byName.get(name)}`;
      i += name.length;
    } else out += c;
  }
  return { text: out, values: values.map((v) => (typeof v === "boolean" ? Number(v) : v === undefined ? null : v)) };
}

export interface PgSyncHandle {
  readonly isPostgres: true;
  close(): void;
}

/** A better-sqlite3 look-alike over PostgreSQL at `url` (the subset tests use). */
export function pgSyncHandle(url: string): SQLite.Database & PgSyncHandle {
  const shared = new SharedArrayBuffer(4);
  const flag = new Int32Array(shared);
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { url, shared, port: port2, pgPath: createRequire(import.meta.url).resolve("pg") },
    transferList: [port2],
  });
  worker.unref();
  // Each query is numbered, and the worker answers with its number (also in `flag`): the answer
  // to a query that timed out, arriving later, is dropped instead of being taken for the next's.
  let lastId = 0;
  const query = (sqlText: string, params: unknown[], rowMode?: "array"): { rows: unknown[]; rowCount: number } => {
    const { text, values } = toPgParameters(sqlText, params);
    const id = ++lastId;
    port1.postMessage({ id, text, values, rowMode });
    const deadline = Date.now() + 30_000;
    for (let seen = Atomics.load(flag, 0); seen !== id; seen = Atomics.load(flag, 0)) {
      const left = deadline - Date.now();
      if (left <= 0 || Atomics.wait(flag, 0, seen, left) === "timed-out") throw new Error(`PostgreSQL did not answer within 30 s: ${sqlText}`);
    }
    for (;;) {
      const reply = receiveMessageOnPort(port1)?.message as Reply | undefined;
      if (!reply) throw new Error(`The answer to this query went missing: ${sqlText}`);
      if (reply.id !== id) continue;
      if ("error" in reply) throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
      return reply;
    }
  };
  const statement = (text: string, mode: { pluck: boolean; raw: boolean }) => {
    const shape = (row: unknown) => (mode.pluck ? (row as unknown[])[0] : row);
    const rowMode = mode.pluck || mode.raw ? ("array" as const) : undefined;
    const self = {
      get: (...params: unknown[]) => {
        const row = query(text, params, rowMode).rows[0];
        return row === undefined ? undefined : shape(row);
      },
      all: (...params: unknown[]) => query(text, params, rowMode).rows.map(shape),
      run: (...params: unknown[]) => ({ changes: query(text, params).rowCount, lastInsertRowid: 0 }),
      pluck: (on = true) => statement(text, { ...mode, pluck: on }),
      raw: (on = true) => statement(text, { ...mode, raw: on }),
    };
    return self;
  };
  const handle = {
    isPostgres: true as const,
    inTransaction: false,
    name: url,
    prepare: (text: string) => statement(text, { pluck: false, raw: false }),
    exec: (text: string) => {
      query(text, []);
      return handle;
    },
    pragma: () => {
      throw new Error("PRAGMA is SQLite's: this test is about SQLite");
    },
    close: () => {
      port1.close();
      void worker.terminate();
    },
  };
  return handle as unknown as SQLite.Database & PgSyncHandle;
}

/** Whether `sqlite` is the PostgreSQL stand-in above. */
export const isPgSyncHandle = (sqlite: unknown): sqlite is PgSyncHandle => (sqlite as { isPostgres?: boolean }).isPostgres === true;
