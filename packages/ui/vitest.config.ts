import { defineConfig } from "vitest/config";

export default defineConfig({
  // testTimeout: component tests render whole widgets while turbo runs every package at once.
  test: {
    testTimeout: 30_000,
    environment: "happy-dom",
    globals: true,
    include: ["src/**/*.test.tsx", "src/**/*.test.ts"],
    css: false,
    env: { TZ: "Europe/London" },
    setupFiles: ["src/test-setup.ts"],
  },
});
