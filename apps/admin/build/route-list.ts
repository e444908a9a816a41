import type { Plugin } from "vite";
import { ADMIN_PATHS } from "../src/route-paths";

/** The file in dist the API's static server reads the admin's addresses from (apps/api/src/http/static.ts). */
export const ROUTE_LIST_FILE = "routes.json";

/**
 * Writes the admin's addresses (a JSON array of paths) beside index.html. The server serves the
 * built app and never its sources, so the build hands it the list the router was built from:
 * each listed address answers 200 with the app, any other 404 with the app's not-found screen.
 */
export function routeList(paths: readonly string[] = ADMIN_PATHS): Plugin {
  return {
    name: "tearoom:route-list",
    apply: "build",
    generateBundle() {
      this.emitFile({ type: "asset", fileName: ROUTE_LIST_FILE, source: `${JSON.stringify(paths, null, 2)}\n` });
    },
  };
}
