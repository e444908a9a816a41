import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compileHints } from "./build/compile-hints";

// The API (apps/api) serves /api on :3000 in development; the audio loops and images are ours (public/).
const api = process.env.API_ORIGIN ?? "http://127.0.0.1:3000";

export default defineConfig({
  plugins: [react(), compileHints()],
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { "/api": { target: api, changeOrigin: false }, "/healthz": api },
  },
  preview: { port: Number(process.env.WEB_PORT ?? 4173), proxy: { "/api": api } },
  build: {
    target: "es2022",
    cssCodeSplit: true,
    assetsInlineLimit: 2048,
    // Every browser the build targets (es2022) knows modulepreload; the polyfill only cost start-up time.
    modulePreload: { polyfill: false },
    // Read by scripts/prerender.mjs to link each prerendered screen's CSS and preload its code.
    manifest: true,
  },
});
