import { fileURLToPath } from "node:url";
import { loadEnvFileIfPresent } from "./env.js";

// `pnpm dev` starts the server from here, with this package as working directory. Run it from the
// repository root instead, as `pnpm start` does, so `.env` and relative paths (DATABASE_URL's
// ./data/tearoom.sqlite, WEB_DIST, ADMIN_DIST) mean the same files in development as in production.
process.chdir(fileURLToPath(new URL("../../../", import.meta.url)));
loadEnvFileIfPresent(".env", { LOG_FORMAT: "pretty" });
await import("./server.js");
