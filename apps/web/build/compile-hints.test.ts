import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";
import { describe, expect, it } from "vitest";
import { COMPILE_HINT, compileHints } from "./compile-hints";

describe("compileHints", () => {
  it("starts every minified chunk with V8's compile hint, and the chunks still run", async () => {
    const dir = mkdtempSync(join(tmpdir(), "compile-hints-"));
    writeFileSync(
      join(dir, "main.js"),
      `/* dropped by the minifier */\nexport function greet(name) { return "Hello " + name; }\nexport const later = () => import("./later.js");\n`,
    );
    // Its stylesheet makes Vite prepend a preload map to main.js after the chunks are rendered.
    writeFileSync(join(dir, "later.js"), `// dropped too\nimport "./later.css";\nexport default function answer() { return 42; }\n`);
    writeFileSync(join(dir, "later.css"), `.answer { color: green; }\n`);
    await build({
      root: dir,
      configFile: false,
      logLevel: "silent",
      plugins: [compileHints()],
      build: {
        outDir: "out",
        minify: true,
        rollupOptions: { input: join(dir, "main.js"), preserveEntrySignatures: "strict", output: { entryFileNames: "[name].js", chunkFileNames: "[name].js" } },
      },
    });

    const files = readdirSync(join(dir, "out"))
      .filter((f) => f.endsWith(".js"))
      .sort();
    expect(files).toEqual(["later.js", "main.js"]);
    for (const file of files) {
      const code = readFileSync(join(dir, "out", file), "utf8");
      expect(code.startsWith(`${COMPILE_HINT}\n`)).toBe(true);
      expect(code.split(COMPILE_HINT)).toHaveLength(2);
    }
    // Run as modules in Node: the hint line changed nothing (loading later.js through main.js would
    // need a document for its stylesheet).
    const main = await import(pathToFileURL(join(dir, "out", "main.js")).href);
    expect(main.greet("Ada")).toBe("Hello Ada");
    expect((await import(pathToFileURL(join(dir, "out", "later.js")).href)).default()).toBe(42);
  });
});
