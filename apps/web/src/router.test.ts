import { readdirSync } from "node:fs";
import { join } from "node:path";
import { PUBLIC_PATHS } from "@tearoom/domain";
import { describe, expect, it } from "vitest";
import { PAGES, preloadPage } from "./router";

// The API's static server answers the same list (apps/api/src/http/static.test.ts).
describe("the public routes", () => {
  it("are the domain's PUBLIC_PATHS: home in the entry, every other path a lazy screen", () => {
    expect(["/", ...PAGES.map((page) => page.path)]).toEqual([...PUBLIC_PATHS]);
  });

  it("have a screen module each, and no screen module is left without a route", async () => {
    const modules = readdirSync(join(process.cwd(), "src", "routes"))
      .filter((name) => name.endsWith(".tsx") && !name.endsWith(".test.tsx"))
      .map((name) => `/${name.replace(/\.tsx$/, "")}`);
    const expected = [...PUBLIC_PATHS.filter((path) => path !== "/"), "/home", "/not-found"];
    expect(modules.sort()).toEqual(expected.sort());
    for (const path of PUBLIC_PATHS) await expect(preloadPage(path)).resolves.toBeUndefined();
  });
});
