import { defineConfig } from "vitest/config";

// API tests run over real HTTP on a fresh SQLite file per test file, or, with TEST_DATABASE_URL
// (`pnpm test:pg`), a fresh PostgreSQL database per test server copied from a migrated template. The tearoom's clock is
// Europe/London whatever the machine's zone (R12), so the suite runs in UTC to prove it.
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    env: { TZ: process.env.TZ ?? "UTC" },
    testTimeout: 30_000,
    hookTimeout: 30_000,
    globalSetup: ["src/test/pg-global-setup.ts"],
    pool: "forks",
    maxWorkers: 2,
  },
});
