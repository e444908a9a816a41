import { defineConfig } from "vitest/config";

// Opening-hours rules must not depend on the machine's zone (R12). `pnpm test` runs the suite twice,
// with TZ=UTC and TZ=Pacific/Auckland; the zone given on the command line is kept, UTC otherwise.
export default defineConfig({ test: { include: ["src/**/*.test.ts"], env: { TZ: process.env.TZ || "UTC" } } });
