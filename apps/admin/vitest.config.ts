import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: {
    // Component tests drive whole forms through happy-dom while turbo runs every package at once:
    // on a two-core machine one can take several seconds.
    testTimeout: 30_000,
    globals: true,
    env: { TZ: "Europe/London" },
    projects: [
      {
        extends: true,
        test: { name: "app", environment: "happy-dom", include: ["src/**/*.test.tsx", "src/**/*.test.ts"], css: false, setupFiles: ["src/test/setup.ts"] },
      },
      // The build's own plugins, run through Vite in Node.
      { extends: true, test: { name: "build", environment: "node", include: ["build/**/*.test.ts"] } },
    ],
  },
});
