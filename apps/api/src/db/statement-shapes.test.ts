import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { blank, statementShapes } from "./statement-shapes.js";

// Compiles as the PostgreSQL pool does, with nothing to connect to.
const db = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe("statementShapes (the booking write's statements, compiled once a shape)", () => {
  it("compiles a shape once and fills in each use's values, keeping the shape's own parameters", () => {
    const shapes = statementShapes<{ n: number }>();
    let compiled = 0;
    const build = () => {
      compiled++;
      return sql<{ n: number }>`SELECT n FROM jsonb_to_recordset(${blank("rows")}::jsonb) AS r(n int) WHERE n <> ${7}`.compile(db);
    };
    const first = shapes("plain", build, { rows: "[1]" });
    const second = shapes("plain", build, { rows: "[2,3]" });
    expect(compiled).toBe(1);
    expect(second.sql).toBe(first.sql);
    expect(first.sql).toBe("SELECT n FROM jsonb_to_recordset($1::jsonb) AS r(n int) WHERE n <> $2");
    expect(first.parameters).toEqual(["[1]", 7]);
    expect(second.parameters).toEqual(["[2,3]", 7]);
    shapes("other", build, { rows: "[]" });
    expect(compiled).toBe(2);
  });

  it("refuses a use that leaves a blank unfilled, rather than send the placeholder", () => {
    const shapes = statementShapes();
    expect(() => shapes("k", () => sql`SELECT ${blank("a")}, ${blank("b")}`.compile(db), { a: "1" })).toThrow("statement shape k: no value for b");
  });
});
