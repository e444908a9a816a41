import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { environment: "happy-dom", globals: true, include: ["src/**/*.test.tsx", "src/**/*.test.ts"], css: false, env: { TZ: "Europe/London" }, setupFiles: ["src/test-setup.ts"] },
});
