// Bundles the server into one file: our workspace code (@tearoom/*) goes in, packages from
// node_modules stay external (native better-sqlite3, and fast start-up without re-bundling them).
import { build } from "esbuild";

const external = {
  name: "external-node-modules",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("@tearoom/")) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  entryPoints: ["src/server.ts"],
  outfile: "dist/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  legalComments: "none",
  plugins: [external],
  logLevel: "warning",
});
console.log("built dist/server.js");
