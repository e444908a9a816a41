import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { buildApp } from "../app.js";
import { createAppContext } from "../composition-root.js";
import { loadEnv } from "../env.js";

/**
 * Writes the OpenAPI document the server serves at /api/openapi.json to the file given as the
 * first argument: the app is built over a fresh database in a temporary folder and never listens.
 */
const out = resolve(process.argv[2] ?? "openapi.json");
const dir = mkdtempSync(join(tmpdir(), "tearoom-openapi-"));
try {
  const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", DATABASE_URL: join(dir, "openapi.sqlite"), PUBLIC_ORIGIN: "https://tearoom.example" });
  const ctx = await createAppContext(env);
  const app = await buildApp({ ctx, spaRoots: { web: join(dir, "no-web"), admin: join(dir, "no-admin") } });
  const res = await app.inject({ method: "GET", url: "/api/openapi.json" });
  if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}`);
  writeFileSync(out, JSON.stringify(res.json(), null, 2) + "\n");
  await app.close();
  await ctx.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
