/**
 * The API's layers, checked in CI (`pnpm lint:deps`): domain ← data ← services ← transport, one
 * way, and no import circle. `docs/ARCHITECTURE.md` ("Layers inside the API") says why.
 * Any violation fails the build.
 */
const API = "^apps/api/src/";
// Each slice (bookings/, payments/, vouchers/, …) has the same three layers in folders of its own:
// data/ (its repositories), services/, routes/ (its procedures and REST routes). Shared
// infrastructure sits at the top: db/ (data), services/ (the seed, exports, outcomes), and the
// transport's own folders.
const DATA = `${API}(db|[^/]+/data)/`;
const SERVICES = `${API}(services|[^/]+/services)/`;
const TRANSPORT = `${API}(rest|trpc|http|[^/]+/routes)/`;

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import circle: the modules in it cannot be read, tested or changed one at a time.",
      from: { path: API },
      to: { circular: true },
    },
    {
      name: "data-never-imports-services-or-transport",
      severity: "error",
      comment: "The data layer holds SQL only: it is called by services, never calls them.",
      from: { path: DATA },
      to: { path: [SERVICES, TRANSPORT] },
    },
    {
      name: "services-never-import-transport",
      severity: "error",
      comment: "Services take parsed, checked input; HTTP and tRPC are the edge that calls them.",
      from: { path: SERVICES },
      to: { path: TRANSPORT },
    },
    {
      name: "domain-is-pure",
      severity: "error",
      comment: "packages/domain is pure rules: it imports no app.",
      from: { path: "^packages/domain/src/" },
      to: { path: "^apps/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["node_modules", "\\.test\\.tsx?$", "/test/", "/testing/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.depcruise.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
