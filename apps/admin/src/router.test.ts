import { readdirSync } from "node:fs";
import { join } from "node:path";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { ADMIN_BASENAME, ADMIN_PATHS, OPEN_SCREENS, STAFF_SCREENS } from "./route-paths";
import { routes } from "./router";

/** Every address the route tree draws a screen at (an index route at its parent's), the catch-all left out. */
function addressesOf(tree: RouteObject[], parent: string): string[] {
  return tree.flatMap((route) => {
    if (route.path === "*") return [];
    const here = route.path === undefined ? parent : `${parent.replace(/\/$/, "")}/${route.path.replace(/^\//, "")}`.replace(/\/$/, "") || "/";
    return [...(route.index ? [here] : []), ...(route.children ? addressesOf(route.children, here) : route.path !== undefined ? [here] : [])];
  });
}

/** The route drawn at `path` under the basename, as the browser router matches it. */
const matched = (path: string) => matchRoutes(routes, path, ADMIN_BASENAME)?.at(-1)?.route;

// The API's static server answers the same list, as the build writes it (apps/api/src/http/static.test.ts).
describe("the admin routes", () => {
  it("are built from route-paths.ts, the list the build hands the server", () => {
    expect(addressesOf(routes, ADMIN_BASENAME).sort()).toEqual([...ADMIN_PATHS].sort());
    for (const path of ADMIN_PATHS) expect(matched(path)?.path, path).not.toBe("*");
    for (const path of ["/admin/day", "/admin/closures", "/admin/privacy", "/admin/activity", "/admin/accounts"]) expect(ADMIN_PATHS).toContain(path);
  });

  it("send any other address under the basename to the not-found screen", () => {
    for (const path of ["/admin/nope", "/admin/day/extra", "/admin/Dashboard"]) expect(matched(path)?.path, path).toBe("*");
  });

  it("have a screen module each, and no screen module is left without a route", () => {
    const modules = readdirSync(join(process.cwd(), "src", "routes"))
      .filter((name) => name.endsWith(".tsx") && !name.endsWith(".test.tsx"))
      .map((name) => name.replace(/\.tsx$/, ""));
    expect(modules.sort()).toEqual([...OPEN_SCREENS, ...STAFF_SCREENS, "not-found"].sort());
  });
});
