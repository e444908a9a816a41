import { createTemplate, testDatabaseUrl } from "./pg-databases.js";

/** Vitest's global setup: on PostgreSQL, the migrated template every test database is copied from. */
export default async function setup(): Promise<void> {
  if (testDatabaseUrl()) await createTemplate();
}
