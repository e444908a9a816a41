import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The built app lives under /admin/ on the admin host (R18); in development the API runs on :3000.
const api = process.env.API_ORIGIN ?? "http://127.0.0.1:3000";

export default defineConfig({
  base: "/admin/",
  plugins: [react()],
  server: {
    port: Number(process.env.ADMIN_PORT ?? 5174),
    proxy: { "/api": { target: api, changeOrigin: false } },
  },
  preview: { port: Number(process.env.ADMIN_PORT ?? 4174), proxy: { "/api": api } },
  build: {
    target: "es2022",
    cssCodeSplit: true,
    assetsInlineLimit: 2048,
  },
});
