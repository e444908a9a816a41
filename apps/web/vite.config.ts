import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig, loadEnv } from "vite";
import { compileHints } from "./build/compile-hints";

// The API (apps/api) serves /api on its PORT (3000 unless the repository's .env or the shell says
// otherwise) in development; the audio loops and images are ours (public/).
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, fileURLToPath(new URL("../..", import.meta.url)), "");
  const api = env.API_ORIGIN || `http://127.0.0.1:${env.PORT || 3000}`;
  return {
    plugins: [react(), compileHints()],
    server: {
      port: Number(env.WEB_PORT || 5173),
      proxy: { "/api": { target: api, changeOrigin: false }, "/healthz": api },
    },
    preview: { port: Number(env.WEB_PORT || 4173), proxy: { "/api": api } },
    build: {
      target: "es2022",
      cssCodeSplit: true,
      assetsInlineLimit: 2048,
      // Every browser the build targets (es2022) knows modulepreload; the polyfill only cost start-up time.
      modulePreload: { polyfill: false },
      // Read by scripts/prerender.mjs to link each prerendered screen's CSS and preload its code.
      manifest: true,
    },
  };
});
