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
    // Besides the listed paths: home, the not-found screen, the guest's own booking (R37, /booking/<token>) a payment link (R49, /pay/<token>) and a waiting-list offer and its leave link (R52).
    const expected = [...PUBLIC_PATHS.filter((path) => path !== "/"), "/home", "/not-found", "/manage-booking", "/pay", "/waitlist-offer", "/waitlist-leave"];
    expect(modules.sort()).toEqual(expected.sort());
    for (const path of [
      ...PUBLIC_PATHS,
      `/booking/${"a".repeat(43)}`,
      `/pay/${"a".repeat(43)}`,
      `/waitlist/${"a".repeat(43)}`,
      `/waitlist/leave/${"a".repeat(43)}`,
    ])
      await expect(preloadPage(path)).resolves.toBeUndefined();
  });
});
