import { sql, type Kysely } from "kysely";
import { FOLD_FROM, FOLD_TO } from "./006-admin-lists.js";
import { onPostgres } from "./portable.js";

// Frozen in time: never import application code here.
//
// Decision 021: PostgreSQL's search index folds every new booking's name, e-mail, phone and
// reference (migration 006's `tearoom_fold`), and `translate` over its list of accented letters
// was most of a booking's insert. Text of ASCII letters only (in UTF-8, as many bytes as
// characters) has nothing to fold, so it is only lower-cased: the same result, so the indexes
// built with the old definition stay right. SQLite's search is FTS5's, and unchanged.

const fold = (body: string) => sql.raw(`CREATE OR REPLACE FUNCTION tearoom_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURN ${body}`);

export async function up(db: Kysely<any>): Promise<void> {
  if (!onPostgres(db)) return;
  await fold(`lower(CASE WHEN octet_length(value) = char_length(value) THEN value ELSE translate(value, '${FOLD_FROM}', '${FOLD_TO}') END)`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!onPostgres(db)) return;
  await fold(`lower(translate(value, '${FOLD_FROM}', '${FOLD_TO}'))`).execute(db);
}
