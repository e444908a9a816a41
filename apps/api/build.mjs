// Bundles the server, and the writer thread it starts, each into one file. Our workspace code (@tearoom/*) goes in, and so do the pure
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

// Two entry points: the server, and the writer thread it starts (src/workers/writer.ts), which it
// loads from dist/writer.worker.js beside it.
await build({
  entryPoints: { server: "src/server.ts", "writer.worker": "src/workers/writer.worker.ts" },
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
console.log("built dist/server.js and dist/writer.worker.js");
