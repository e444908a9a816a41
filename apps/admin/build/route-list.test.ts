import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "vite";
import { describe, expect, it } from "vitest";
import { ADMIN_PATHS } from "../src/route-paths";
import { ROUTE_LIST_FILE, routeList } from "./route-list";

describe("routeList", () => {
  it("writes the router's addresses beside the built index.html", async () => {
    const dir = mkdtempSync(join(tmpdir(), "route-list-"));
    try {
      writeFileSync(join(dir, "index.html"), `<!doctype html><div id="root"></div><script type="module" src="./main.js"></script>`);
      writeFileSync(join(dir, "main.js"), `document.getElementById("root").textContent = "admin";\n`);
      await build({ root: dir, configFile: false, logLevel: "silent", plugins: [routeList()], build: { outDir: "out" } });
      expect(JSON.parse(readFileSync(join(dir, "out", ROUTE_LIST_FILE), "utf8"))).toEqual([...ADMIN_PATHS]);
      expect(readFileSync(join(dir, "out", "index.html"), "utf8")).toContain('<div id="root">');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
