import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: {
    environment: "happy-dom",
    globals: true,
    include: ["src/**/*.test.tsx", "src/**/*.test.ts"],
    css: false,
    env: { TZ: "Europe/London" },
    setupFiles: ["src/test/setup.ts"],
  },
});
