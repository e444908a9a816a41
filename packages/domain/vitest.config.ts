import { defineConfig } from "vitest/config";

// Opening-hours rules must not depend on the machine's zone (R12); CI runs them in a second zone too.
export default defineConfig({ test: { include: ["src/**/*.test.ts"], env: { TZ: process.env.TZ ?? "UTC" } } });
