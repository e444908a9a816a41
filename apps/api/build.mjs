// Bundles the server, the threads it starts and the command line, each into one file. Our workspace code (@tearoom/*) goes in, and so do the pure
// ESM libraries made of hundreds of small modules (kysely, zod, @trpc/server): resolving and
// compiling those one file at a time more than doubled start-up. Everything else stays in
// node_modules (better-sqlite3 is native; fastify, stripe and nodemailer are CommonJS with
// runtime requires), so the bundle never has to imitate Node's module loader.
import { build } from "esbuild";

const BUNDLED = /^(@tearoom\/[^/]+|kysely|zod|@trpc\/server)(\/|$)/;

const external = {
  name: "external-node-modules",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (BUNDLED.test(args.path) ? undefined : { path: args.path, external: true }));
  },
};

// The entry points: the server; the threads it starts, which it loads from beside it (the writer,
// src/workers/writer.ts, and the nightly backup, src/backup/nightly.ts); and the operator's
// command line (backup and restore, src/cli.ts).
await build({
  entryPoints: {
    server: "src/server.ts",
    "writer.worker": "src/workers/writer.worker.ts",
    "backup.worker": "src/backup/backup.worker.ts",
    cli: "src/cli.ts",
  },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  legalComments: "none",
  plugins: [external],
  logLevel: "warning",
});
console.log("built dist/server.js, dist/writer.worker.js, dist/backup.worker.js and dist/cli.js");
