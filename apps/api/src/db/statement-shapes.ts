import type { CompiledQuery } from "kysely";

const BLANK = "\u0000blank:";

/** Stands, in a kept shape, for a parameter each use of the statement fills in. */
export const blank = (name: string): string => `${BLANK}${name}`;

/**
 * Compiled statements kept by shape. Kysely compiles a statement's text from its builders each
 * time; the booking write's statements come in a few shapes, with each batch's data in a few
 * parameters (JSON), so each shape is compiled once with `blank`s for those parameters and each
 * batch only fills them in. The same text each time is also what PREPARE names (db/pg/pool.ts).
 * `key` must name everything `build` varies on (every PostgreSQL handle compiles alike): the
 * shapes are few, and each is kept.
 */
export function statementShapes<R>(): (key: string, build: () => CompiledQuery<R>, values: Readonly<Record<string, unknown>>) => CompiledQuery<R> {
  const kept = new Map<string, CompiledQuery<R>>();
  return (key, build, values) => {
    let shape = kept.get(key);
    if (!shape) kept.set(key, (shape = build()));
    const parameters = shape.parameters.map((p) => {
      if (typeof p !== "string" || !p.startsWith(BLANK)) return p;
      const name = p.slice(BLANK.length);
      if (!(name in values)) throw new Error(`statement shape ${key}: no value for ${name}`);
      return values[name];
    });
    return { ...shape, parameters };
  };
}
