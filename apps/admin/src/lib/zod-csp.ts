// Our CSP forbids eval. Zod probes for it when it builds an object schema (the domain's, when the
// staff screens' chunks load) and the probe is itself reported as a violation even though zod
// catches it. Zod reads its settings from this global when it loads (zod/v4/core/core.js), so the
// entry (main.tsx) imports this first: `jitless` is on before any schema exists, with none of
// zod's code in the first view. The public site does the same (apps/web/src/lib/zod-csp.ts).
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
