import SQLite from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { ConflictError, STORAGE_UNAVAILABLE_MESSAGE, StorageUnavailableError } from "../errors.js";
import { storageFailures, storageProblem, storageUnavailable } from "./storage-errors.js";

const sqlite = (code: string) => new SQLite.SqliteError("failed", code);
const pg = (code: string) => Object.assign(new Error("failed"), { code });

describe("storage failures (R41)", () => {
  it.each([
    ["SQLITE_FULL", "full disk"],
    ["SQLITE_READONLY", "read-only"],
    ["SQLITE_READONLY_DBMOVED", "read-only"],
    ["SQLITE_IOERR_WRITE", "disk error"],
    ["SQLITE_IOERR_FSYNC", "disk error"],
    ["SQLITE_CANTOPEN", "unreachable"],
    ["SQLITE_BUSY", "busy"],
    ["SQLITE_BUSY_SNAPSHOT", "busy"],
  ])("SQLite's %s is a %s", (code, problem) => {
    expect(storageProblem(sqlite(code))).toBe(problem);
  });

  it("keeps its SQLite code as the writer thread passes it back (a plain Error with the code)", () => {
    expect(storageProblem(Object.assign(new Error("database or disk is full"), { name: "SqliteError", code: "SQLITE_FULL" }))).toBe("full disk");
  });

  it.each([
    ["53100", "full disk"],
    ["53200", "out of resources"],
    ["53300", "out of resources"],
    ["25006", "read-only"],
    ["57P03", "unreachable"],
    ["57P01", "unreachable"],
    ["08006", "unreachable"],
    ["58030", "disk error"],
    ["ECONNREFUSED", "unreachable"],
    ["ECONNRESET", "unreachable"],
  ])("PostgreSQL's (or the network's) %s is %s", (code, problem) => {
    expect(storageProblem(pg(code))).toBe(problem);
  });

  it("knows pg's own words for a lost connection, and looks through a wrapping error's cause", () => {
    expect(storageProblem(new Error("Connection terminated unexpectedly"))).toBe("unreachable");
    expect(storageProblem(new Error("timeout exceeded when trying to connect"))).toBe("unreachable");
    expect(storageProblem(new Error("wrapped", { cause: sqlite("SQLITE_FULL") }))).toBe("full disk");
  });

  it.each([
    ["a broken constraint", sqlite("SQLITE_CONSTRAINT_UNIQUE")],
    ["a unique violation", pg("23505")],
    ["a deadlock", pg("40P01")],
    ["a plain error", new Error("boom")],
    ["a refusal", new ConflictError("That time is full.")],
    ["not an error", "SQLITE_FULL"],
  ])("%s is not a storage failure", (_what, err) => {
    expect(storageProblem(err)).toBeNull();
  });

  it("turns a storage failure into a 503 with a plain message and Retry-After, and counts it", () => {
    const ctx = { cache: new Map<string, unknown>() };
    expect(storageUnavailable(ctx, new Error("boom"))).toBeNull();
    expect(storageFailures(ctx)).toBe(0);
    const err = storageUnavailable(ctx, sqlite("SQLITE_FULL"));
    expect(err).toBeInstanceOf(StorageUnavailableError);
    expect(err).toMatchObject({ statusCode: 503, problem: "full disk", message: STORAGE_UNAVAILABLE_MESSAGE, retryAfterSeconds: 60 });
    expect(err!.message).not.toMatch(/SQLITE|disk is full|53100/);
    expect(storageFailures(ctx)).toBe(1);
  });
});
