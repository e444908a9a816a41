import { runCommand } from "./backup/command.js";
import { loadEnvFileIfPresent } from "./env.js";

// `node apps/api/dist/cli.js backup|restore <file>`: the operator's commands for the SQLite database
// (R41, decision 022). Reads the configuration as `pnpm dev` does: ./.env if there is one, the shell winning.
loadEnvFileIfPresent(".env");
process.exitCode = runCommand(process.argv.slice(2), process.env, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
