import { buildApp } from "./app.js";
import { claimPidFile } from "./backup/pid-file.js";
import { createAppContext } from "./composition-root.js";
import { EnvError, loadEnv, type Env } from "./env.js";
import { startBackgroundWork } from "./background-work.js";

// The only place that listens. Reads the configuration, migrates and seeds the database, serves.
let env: Env;
try {
  env = loadEnv();
} catch (err) {
  if (err instanceof EnvError) {
    // One line, so a process manager's log shows the whole reason where it shows the exit.
    process.stderr.write(`${err.summary} (see .env.example for every variable and its default)\n`);
    process.exit(1);
  }
  throw err;
}

// R41: while this process serves the SQLite file, a restore refuses to replace it (backup/pid-file.ts).
if (!env.postgresUrl) process.once("exit", claimPidFile(env.databaseFile));
const ctx = await createAppContext(env);
// R43: browsers keep a Secure (and __Host-) cookie only from an https origin, so over plain http the
// staff session cookie goes without them; production is allowed to start so, but not quietly.
if (env.isProduction && !env.secureCookies) {
  ctx.logger.warn(
    { publicOrigin: env.PUBLIC_ORIGIN },
    "PUBLIC_ORIGIN is not https: staff session cookies cannot be Secure; serve the site over HTTPS and set PUBLIC_ORIGIN to its https:// origin",
  );
}
// Listen only once bookings can be stored: the writer thread has opened the database.
const [app] = await Promise.all([buildApp({ ctx }), ctx.writer.ready()]);
startBackgroundWork(ctx, app); // e-mail delivery (R17), the lapsed-hold sweeper (R9) and reminders (R38); stopped by app.close()

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  ctx.logger.info({ signal }, "shutting down");
  try {
    await app.close();
    await ctx.close();
  } finally {
    process.exit(0);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

try {
  await app.listen({ port: env.PORT, host: env.HOST });
  ctx.logger.info(
    { port: env.PORT, host: env.HOST, adminHost: env.ADMIN_HOST, mode: env.NODE_ENV, payments: env.payments, mail: env.email },
    "tearoom server listening",
  );
} catch (err) {
  ctx.logger.fatal({ err }, "could not start the server");
  await ctx.close();
  process.exit(1);
}
